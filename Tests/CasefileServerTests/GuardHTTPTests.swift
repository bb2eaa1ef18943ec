import CasefileServer
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOEmbedded
import Testing

/// The guards in process: the Host check on every request while on loopback (a request sent
/// straight to the router's responder, since the router test client always names `localhost`),
/// and writes through the write guard (Hummingbird's router test client, which names
/// `localhost` with no port, so the server is told it listens on port 80).
@Suite struct GuardHTTPTests {
    static let secret = EditSecret(hex: String(repeating: "5e", count: 32))!

    struct Answer {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: String
    }

    /// Collects a response body in memory.
    struct Collector: ResponseBodyWriter {
        final class Box { var buffer = ByteBuffer() }
        let box = Box()
        func write(_ buffer: ByteBuffer) async throws { box.buffer.writeImmutableBuffer(buffer) }
        func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    /// A request without a body, with any Host (nil: none), answered by the router's responder.
    static func respond(_ router: Router<PreviewRequestContext>, _ method: HTTPRequest.Method = .get, _ path: String = "/",
                        host: String?, headers: HTTPFields = [:]) async throws -> Answer {
        let responder = router.buildResponder()
        let context = PreviewRequestContext(source: .init(channel: NIOAsyncTestingChannel(), logger: Logger(label: "test")))
        let request = Request(head: HTTPRequest(method: method, scheme: "http", authority: host, path: path, headerFields: headers),
                              body: RequestBody(buffer: ByteBuffer()))
        let response = try await responder.respond(to: request, context: context)
        let collector = Collector()
        try await response.body.write(collector)
        return Answer(status: response.status, headers: response.headers, body: String(buffer: collector.box.buffer))
    }

    static func withRouter(host: String = "127.0.0.1", port: Int = 8123, edit: Bool? = nil,
                           _ body: (Router<PreviewRequestContext>) async throws -> Void) async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let session = try await workspace.session()
        defer { session.removeFolder() }
        let bound = BoundGuard(access: EditAccess(host: host, edit: edit, secret: secret), port: port)
        try await body(session.server.router(guard: bound))
    }

    @Test(arguments: ["attacker.example:8123", "attacker.example", "localhost:8124", "127.0.0.1", "127.0.0.2:8123",
                      "[::1]:8123", nil] as [String?])
    func aRequestForAnotherHostReadsNothing(host: String?) async throws {
        try await Self.withRouter { router in
            for (method, path) in [(HTTPRequest.Method.get, "/"), (.head, "/"), (.get, "/fruits/index.html"),
                                   (.get, "/_casefile/events"), (.get, "/no/such/page.html")] {
                let answer = try await Self.respond(router, method, path, host: host)
                #expect(answer.status == .misdirectedRequest, "\(method) \(path) for \(host ?? "no host")")
                #expect(answer.headers[.contentType] == "text/plain; charset=utf-8")
                #expect(!answer.body.contains("<"), "no page bytes: \(answer.body)")
                if method == .get { #expect(answer.body.contains("http://127.0.0.1:8123/")) }
            }
        }
    }

    @Test(arguments: ["127.0.0.1:8123", "localhost:8123", "LOCALHOST:8123"])
    func aRequestForTheServerIsAnswered(host: String) async throws {
        try await Self.withRouter { router in
            let answer = try await Self.respond(router, host: host)
            #expect(answer.status == .ok)
            #expect(answer.body.contains("<title>Suspects"))
        }
    }

    /// Beyond loopback people reach the server by its LAN address or name: reads are not checked.
    @Test func beyondLoopbackAnyHostReads() async throws {
        try await Self.withRouter(host: "0.0.0.0") { router in
            let answer = try await Self.respond(router, host: "casefile.lan:8123")
            #expect(answer.status == .ok)
        }
    }

    // Writes. The editor's routes come later: this test's own route under /_casefile/ stands
    // for them, going through the same middlewares as they will.

    actor Calls {
        var count = 0
        func add() { count += 1 }
    }

    static func withWriteApp(edit: Bool? = nil, limits: ServerLimits = ServerLimits(), siteAddition: String = "",
                             _ body: @Sendable @escaping (any TestClientProtocol, Calls) async throws -> Void) async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        if !siteAddition.isEmpty { try workspace.write("site.yaml", try workspace.read("site.yaml") + "\n" + siteAddition) }
        let session = try await workspace.session()
        defer { session.removeFolder() }
        let bound = BoundGuard(access: EditAccess(host: "127.0.0.1", edit: edit, secret: secret), port: 80)
        let router = session.server.router(limits: limits, guard: bound)
        let calls = Calls()
        router.post("/_casefile/test-write") { _, context -> String in
            let form = try context.requireEditForm()
            await calls.add()
            return form.fields.filter { $0.name != WriteGuard.secretField }.map { "\($0.name)=\($0.value)" }.joined(separator: ";")
        }
        try await Application(router: router).test(.router) { client in try await body(client, calls) }
    }

    static let formHeaders: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .origin: "http://localhost"]

    static func form(_ fields: String, secret: String = Self.secret.hex) -> ByteBuffer {
        ByteBuffer(string: fields + "&_secret=" + secret)
    }

    @Test func aFormFromTheServerWithItsSecretReachesTheRoute() async throws {
        try await Self.withWriteApp { client, calls in
            try await client.execute(uri: "/_casefile/test-write", method: .post, headers: Self.formHeaders,
                                     body: Self.form("name=Rex+the+Raccoon&favoriteFruits=elstar&favoriteFruits=jonagold")) {
                #expect($0.status == .ok)
                #expect(String(buffer: $0.body) == "name=Rex the Raccoon;favoriteFruits=elstar;favoriteFruits=jonagold")
            }
            #expect(await calls.count == 1)
        }
    }

    @Test func refusedWritesNeverReachTheRoute() async throws {
        try await Self.withWriteApp { client, calls in
            let cases: [(HTTPFields, ByteBuffer, HTTPResponse.Status, String)] = [
                (Self.formHeaders, Self.form("name=Rex", secret: EditSecret().hex), .forbidden, "not this server's"),
                (Self.formHeaders, ByteBuffer(string: "name=Rex"), .forbidden, "no secret"),
                ([.contentType: "application/x-www-form-urlencoded", .origin: "http://127.0.0.1:9000"],
                 Self.form("name=Rex"), .forbidden, "http://127.0.0.1:9000"),
                ([.contentType: "application/x-www-form-urlencoded", .origin: "null"], Self.form("name=Rex"), .forbidden, "null"),
                ([.contentType: "application/x-www-form-urlencoded"], Self.form("name=Rex"), .forbidden, "neither Origin"),
                ([.contentType: "application/x-www-form-urlencoded", HTTPField.Name("Sec-Fetch-Site")!: "cross-site"],
                 Self.form("name=Rex"), .forbidden, "cross-site"),
                ([.contentType: "application/json", .origin: "http://localhost"], Self.form("name=Rex"), .unsupportedMediaType,
                 "application/x-www-form-urlencoded"),
                (Self.formHeaders, Self.form("name=%zz"), .badRequest, "hexadecimal"),
            ]
            for (headers, body, status, reason) in cases {
                try await client.execute(uri: "/_casefile/test-write", method: .post, headers: headers, body: body) {
                    #expect($0.status == status, "\(headers)")
                    #expect(String(buffer: $0.body).contains(reason), "\(String(buffer: $0.body))")
                }
            }
            #expect(await calls.count == 0)
        }
    }

    @Test func sameOriginFetchWithoutOriginMayWrite() async throws {
        try await Self.withWriteApp { client, calls in
            try await client.execute(uri: "/_casefile/test-write", method: .post,
                                     headers: [.contentType: "application/x-www-form-urlencoded; charset=UTF-8",
                                               HTTPField.Name("Sec-Fetch-Site")!: "same-origin"],
                                     body: Self.form("name=Rex")) { #expect($0.status == .ok) }
            #expect(await calls.count == 1)
        }
    }

    @Test func withEditingOffNoWriteReachesTheRoute() async throws {
        try await Self.withWriteApp(edit: false) { client, calls in
            try await client.execute(uri: "/_casefile/test-write", method: .post, headers: Self.formHeaders,
                                     body: Self.form("name=Rex")) {
                #expect($0.status == .forbidden)
                #expect(String(buffer: $0.body).contains("Editing is off"))
            }
            try await client.execute(uri: "/_casefile/test-write", method: .put, headers: Self.formHeaders) {
                #expect($0.status == .methodNotAllowed)
                #expect($0.headers[.allow] == "GET, HEAD")
            }
            #expect(await calls.count == 0)
        }
    }

    @Test func anOversizeFormIs413() async throws {
        let limits = ServerLimits(form: FormLimits(valueBytes: 16, bodyBytes: 100))
        try await Self.withWriteApp(limits: limits) { client, calls in
            try await client.execute(uri: "/_casefile/test-write", method: .post, headers: Self.formHeaders,
                                     body: Self.form("note=" + String(repeating: "x", count: 200))) {
                #expect($0.status == .contentTooLarge)
                #expect(String(buffer: $0.body).contains("100 bytes"))
            }
            try await client.execute(uri: "/_casefile/test-write", method: .post, headers: Self.formHeaders,
                                     body: Self.form("note=" + String(repeating: "x", count: 17))) {
                #expect($0.status == .contentTooLarge)
                #expect(String(buffer: $0.body).contains("value is too long"))
            }
            #expect(await calls.count == 0)
        }
    }

    /// A note is bounded by the case's note limit (`limits.noteMB`), as the loader bounds its
    /// file, not by the default 8 MiB. (A limit above the default: FormFieldsTests.)
    @Test func aNoteIsBoundedByTheCasesNoteLimit() async throws {
        try await Self.withWriteApp(siteAddition: "limits:\n  noteMB: 1\n") { client, calls in
            let limit = 1 << 20
            try await client.execute(uri: "/_casefile/test-write", method: .post, headers: Self.formHeaders,
                                     body: Self.form("_note=" + String(repeating: "x", count: limit + 1))) {
                #expect($0.status == .contentTooLarge)
                #expect(String(buffer: $0.body).contains("value is too long"))
            }
            #expect(await calls.count == 0)
            try await client.execute(uri: "/_casefile/test-write", method: .post, headers: Self.formHeaders,
                                     body: Self.form("_note=" + String(repeating: "x", count: limit))) {
                #expect($0.status == .ok)
                #expect(String(buffer: $0.body).utf8.count == "_note=".utf8.count + limit)
            }
            #expect(await calls.count == 1)
        }
    }

    /// GET never writes, whatever it carries; POST goes nowhere but under /_casefile/.
    @Test func onlyAPostUnderTheEditorsPathWrites() async throws {
        try await Self.withWriteApp { client, calls in
            try await client.execute(uri: "/_casefile/test-write?name=Rex&_secret=\(Self.secret.hex)", method: .get,
                                     headers: Self.formHeaders) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/index.html", method: .post, headers: Self.formHeaders,
                                     body: Self.form("name=Rex")) {
                #expect($0.status == .methodNotAllowed)
                #expect($0.headers[.allow] == "GET, HEAD")
            }
            try await client.execute(uri: "/_casefile/test-write", method: .delete, headers: Self.formHeaders) {
                #expect($0.status == .methodNotAllowed)
                #expect($0.headers[.allow] == "GET, HEAD, POST")
            }
            #expect(await calls.count == 0)
        }
    }
}
