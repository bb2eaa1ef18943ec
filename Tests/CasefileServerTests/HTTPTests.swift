import CasefileKit
import CasefileServer
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The preview server's HTTP answers, in process (Hummingbird's router test client): methods,
/// content types, validators, the 404 page, and the snippet in what is sent but never on disk.
/// The test client names the host `localhost` with no port (80): the server here is told it
/// listens on port 80.
@Suite struct HTTPTests {
    static func withApp(_ body: @Sendable @escaping (any TestClientProtocol, PreviewSession) async throws -> Void)
        async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let session = try await workspace.session()
        defer { session.removeFolder() }
        let bound = BoundGuard(access: EditAccess(host: "127.0.0.1"), port: 80)
        let app = Application(router: session.server.router(guard: bound))
        try await app.test(.router) { client in try await body(client, session) }
    }

    @Test func pagesAreServedWithTheSnippetWhichNoFileOnDiskHas() async throws {
        try await Self.withApp { client, session in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let body = String(buffer: response.body)
                #expect(body.contains("<title>Suspects"))
                #expect(body.contains("new EventSource(\"/_casefile/events\")"))
                #expect(body.range(of: "<script")!.lowerBound < body.range(of: "</body>")!.lowerBound)
                #expect(response.headers[.contentLength] == "\(response.body.readableBytes)")
                #expect(!body.contains("casefile-serve-banner"))
            }
            let files = FileManager.default.enumerator(atPath: session.site.path)!.compactMap { $0 as? String }
            #expect(files.contains("index.html") && files.count > 8)
            for file in files where !file.hasSuffix("/") {
                let data = (try? Data(contentsOf: session.site.appendingPathComponent(file))) ?? Data()
                #expect(!String(decoding: data, as: UTF8.self).lowercased().contains("<script"), "\(file) has a script on disk")
            }
        }
    }

    /// "/casefile.css" stands for the stylesheet, whose name carries the hash of its content.
    @Test(arguments: [("/casefile.css", "text/css; charset=utf-8"), ("/validation/report.json", "application/json; charset=utf-8"),
                      ("/validation/report.sarif", "application/sarif+json; charset=utf-8"),
                      ("/bulletins/index.html", "text/html; charset=utf-8")])
    func contentTypes(path: String, type: String) async throws {
        try await Self.withApp { client, session in
            var uri = path
            if path == "/casefile.css" {
                let names = try FileManager.default.contentsOfDirectory(atPath: session.site.path)
                let css = names.filter { $0.hasPrefix("casefile.") && $0.hasSuffix(".css") }
                #expect(css.count == 1, "one stylesheet: \(css)")
                uri = "/" + (css.first ?? "casefile.css")
            }
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == type)
            }
        }
    }

    @Test func aFolderServesItsIndexPage() async throws {
        try await Self.withApp { client, _ in
            try await client.execute(uri: "/bulletins/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("<title>Bulletins"))
            }
            try await client.execute(uri: "/bulletins", method: .get) { response in
                #expect(response.status == .movedPermanently)
                #expect(response.headers[.location] == "/bulletins/")
            }
        }
    }

    @Test func headAnswersLikeGetWithoutABody() async throws {
        try await Self.withApp { client, _ in
            let length = try await client.execute(uri: "/fruits/index.html", method: .get) { $0.body.readableBytes }
            try await client.execute(uri: "/fruits/index.html", method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentLength] == "\(length)")
                #expect(response.body.readableBytes == 0)
            }
        }
    }

    @Test func aRangeOfAPageIsARangeOfWhatIsSent() async throws {
        try await Self.withApp { client, _ in
            let whole = try await client.execute(uri: "/fruits/index.html", method: .get) { String(buffer: $0.body) }
            try await client.execute(uri: "/fruits/index.html", method: .get, headers: [.range: "bytes=0-14"]) { response in
                #expect(response.status == .partialContent)
                #expect(String(buffer: response.body) == String(whole.utf8.prefix(15))!)
                #expect(response.headers[.contentRange] == "bytes 0-14/\(whole.utf8.count)")
            }
        }
    }

    @Test(arguments: [HTTPRequest.Method.post, .put, .delete, .patch, .options])
    func otherMethodsAre405(method: HTTPRequest.Method) async throws {
        try await Self.withApp { client, _ in
            try await client.execute(uri: "/index.html", method: method) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "GET, HEAD")
            }
        }
    }

    @Test func validatorsGive304() async throws {
        try await Self.withApp { client, _ in
            let (etag, modified) = try await client.execute(uri: "/", method: .get) { response in
                (response.headers[.eTag], response.headers[.lastModified])
            }
            let tag = try #require(etag)
            let date = try #require(modified)
            try await client.execute(uri: "/", method: .get, headers: [.ifNoneMatch: tag]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: "/", method: .get, headers: [.ifModifiedSince: date]) { response in
                #expect(response.status == .notModified)
            }
            try await client.execute(uri: "/", method: .get, headers: [.ifNoneMatch: "W/\"something-else\""]) { response in
                #expect(response.status == .ok)
            }
        }
    }

    @Test func aMissingPageIsTheSite404PageWithStatus404() async throws {
        try await Self.withApp { client, session in
            let onDisk = try String(contentsOf: session.site.appendingPathComponent("404.html"), encoding: .utf8)
            let heading = onDisk[try #require(onDisk.range(of: #"<h1[^>]*>[^<]*</h1>"#, options: .regularExpression))]
            try await client.execute(uri: "/no/such/page.html", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let body = String(buffer: response.body)
                #expect(body.contains(String(heading)))
                #expect(body.contains("_casefile/events"))
            }
            try await client.execute(uri: "/no/such/page.html", method: .head) { response in
                #expect(response.status == .notFound)
                #expect(response.body.readableBytes == 0)
            }
        }
    }
}
