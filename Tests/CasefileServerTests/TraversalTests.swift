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

    @Test func noPathReachesOutsideTheSiteFolder() async throws {
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
        let answers = try await withLiveServer(session) { port in
            var answers: [(String, RawHTTP.Answer)] = []
            for path in Self.attempts { answers.append((path, try await RawHTTP.send(port, "GET", path))) }
            // The same server still serves what it should.
            answers.append(("/", try await RawHTTP.send(port, "GET", "/")))
            return answers
        }
        for (path, answer) in answers.dropLast() {
            #expect([400, 404].contains(answer.status), "\(path) answered \(answer.status)")
            #expect(!answer.body.contains(Self.secret), "\(path) leaked the secret")
            #expect(!answer.body.contains("root:x:0:0"), "\(path) leaked /etc/passwd")
        }
        #expect(answers.last?.1.status == 200)
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
