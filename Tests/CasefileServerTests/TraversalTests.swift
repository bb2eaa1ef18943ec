import CasefileServer
import Foundation
import Testing

/// Nothing outside the served folder is reachable, whatever the raw request path says: sent
/// byte for byte over TCP, since HTTP clients normalise paths.
@Suite struct TraversalTests {
    static let secret = "TOP-SECRET-\(UUID().uuidString)"

    /// Attempts at `secret.txt`, which sits beside the site folder (in the session's temporary
    /// folder), and at /etc/passwd.
    static let attempts = [
        "/../secret.txt", "/../../../../etc/passwd", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
        "/%2e%2e%2fsecret.txt", "/..%2fsecret.txt", "/bulletins/../../secret.txt", "/bulletins/%2e%2e/%2e%2e/secret.txt",
        "/..\\secret.txt", "/%5c..%5csecret.txt", "/..%5csecret.txt", "//etc/passwd", "//secret.txt",
        "/bulletins//../../secret.txt", "/%2fetc/passwd", "/./../secret.txt", "/%00/../secret.txt",
        "../secret.txt", "/outside/secret.txt", "/secret-link.txt", "/%252e%252e/secret.txt",
    ]

    /// Sends each of `paths` to a live server whose session has `secret.txt` beside its site
    /// folder and links out of it; then "/". Returns each answer with the seconds it took.
    static func sendBesideASecret(_ paths: [String]) async throws -> [(path: String, answer: RawHTTP.Answer, seconds: Double)] {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let session = try await workspace.session()
        defer { session.removeFolder() }
        try Data(Self.secret.utf8).write(to: session.folder.appendingPathComponent("secret.txt"))
        // Symbolic links inside the site pointing out of it: to a folder, and to a file.
        try FileManager.default.createSymbolicLink(at: session.site.appendingPathComponent("outside"),
                                                   withDestinationURL: session.folder)
        try FileManager.default.createSymbolicLink(at: session.site.appendingPathComponent("secret-link.txt"),
                                                   withDestinationURL: session.folder.appendingPathComponent("secret.txt"))
        // And one pointing at the site folder itself: /loop/loop/… names the same folder at any depth.
        try FileManager.default.createSymbolicLink(at: session.site.appendingPathComponent("loop"), withDestinationURL: session.site)
        return try await withLiveServer(session) { port in
            var answers: [(String, RawHTTP.Answer, Double)] = []
            // Then "/": the same server still serves what it should.
            for path in paths + ["/"] {
                let (answer, elapsed) = try await timed { try await RawHTTP.send(port, "GET", path) }
                answers.append((path, answer, elapsed))
            }
            return answers
        }
    }

    @Test func noPathReachesOutsideTheSiteFolder() async throws {
        let answers = try await Self.sendBesideASecret(Self.attempts)
        for (path, answer, _) in answers.dropLast() {
            #expect([400, 404].contains(answer.status), "\(path) answered \(answer.status)")
            #expect(!answer.body.contains(Self.secret), "\(path) leaked the secret")
            #expect(!answer.body.contains("root:x:0:0"), "\(path) leaked /etc/passwd")
        }
        #expect(answers.last?.answer.status == 200)
    }

    /// Paths of 10,000 segments: plain, climbing out in several encodings, and of empty segments.
    static let deepPaths = [
        String(repeating: "/a", count: 10_000),
        String(repeating: "/loop", count: 10_000) + "/index.html",
        String(repeating: "/loop", count: 10_000) + "/../secret.txt",
        String(repeating: "/..", count: 10_000) + "/etc/passwd",
        String(repeating: "/%2e%2e", count: 10_000) + "/secret.txt",
        String(repeating: "/%2E%2E%2F", count: 10_000) + "etc/passwd",
        String(repeating: "/a/..", count: 5_000) + "/secret.txt",
        String(repeating: "/.", count: 10_000) + "/index.html",
        "/" + String(repeating: "a%2f", count: 10_000) + "index.html",
        String(repeating: "/", count: 10_000) + "etc/passwd",
        String(repeating: "/..%5c", count: 10_000) + "secret.txt",
        String(repeating: "/%252e%252e", count: 10_000) + "/secret.txt",
        // Beyond what the HTTP parser takes in a request head.
        String(repeating: "/a", count: 100_000),
    ]

    @Test func pathsOfTenThousandSegmentsAreRefusedQuickly() async throws {
        let answers = try await Self.sendBesideASecret(Self.deepPaths)
        for (path, answer, seconds) in answers.dropLast() {
            let shown = "\(path.prefix(24))… (\(path.utf8.count) bytes)"
            #expect((400..<500).contains(answer.status), "\(shown) answered \(answer.status)")
            #expect(seconds < 2, "\(shown) took \(seconds) s")
            #expect(!answer.body.contains(Self.secret), "\(shown) leaked the secret")
            #expect(!answer.body.contains("root:x:0:0"), "\(shown) leaked /etc/passwd")
        }
        #expect(answers.last?.answer.status == 200)
        print("paths of 10,000 segments: \(answers.dropLast().map { "\($0.answer.status) in \(Int($0.seconds * 1000)) ms" })")
    }

    @Test func aSymbolicLinkInsideTheSiteIsServed() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let session = try await workspace.session()
        defer { session.removeFolder() }
        try FileManager.default.createSymbolicLink(at: session.site.appendingPathComponent("home.html"),
                                                   withDestinationURL: session.site.appendingPathComponent("index.html"))
        let answer = try await withLiveServer(session) { port in try await RawHTTP.send(port, "GET", "/home.html") }
        #expect(answer.status == 200)
        #expect(answer.body.contains("<title>Suspects"))
    }
}
