import Foundation
import NIOCore
import CasefileTestSupport
import Testing

/// `casefile serve` (the built binary) and its guards: the Host check on loopback, whether
/// editing is on for each --host and flag, the warning for --edit beyond loopback, and writes
/// refused. No editor route exists yet, so no write here can pass: each is refused by a guard,
/// which the answer's reason names.
@Suite(.serialized) struct ServeEditTests {
    /// A running server, its port and the line that says whether editing is on.
    struct Running {
        let server: ServeCommandTests.Server
        let port: Int
        let editing: String

        /// `launcher` and `environment` as `ServeCommandTests.Server` takes them.
        init(_ arguments: [String], launcher: [String] = [], environment: [String: String] = [:]) throws {
            try #require(FileManager.default.fileExists(atPath: ServeCommandTests.binary.path), "run `swift build` first")
            server = try ServeCommandTests.Server(["--port", "0", "--no-watch"] + arguments, launcher: launcher,
                                                  environment: environment)
            let line = server.firstLine()
            guard let port = line.firstMatch(of: /^Serving .* at http:\/\/[^\/]+:(\d+)\//).flatMap({ Int($0.1) }) else {
                let result = server.wait()
                throw CocoaError(.featureUnsupported,
                                 userInfo: [NSLocalizedDescriptionKey: "serve did not start: \(line) \(result.err)"])
            }
            self.port = port
            editing = server.firstLine()
        }

        /// Stops it; what it printed on standard error.
        func stop() -> String {
            kill(server.process.processIdentifier, SIGTERM)
            let result = server.wait()
            try? FileManager.default.removeItem(at: server.tmp)
            return result.err
        }

        /// A form POST to the editor's path as a page at `origin` would send it.
        func post(host: String? = nil, origin: String?, secret: String = String(repeating: "0", count: 64)) async throws
            -> RawHTTP.Answer {
            var headers = ["Content-Type": "application/x-www-form-urlencoded"]
            if let host { headers["Host"] = host }
            if let origin { headers["Origin"] = origin }
            return try await RawHTTP.send(port, "POST", "/_casefile/save", headers: headers, body: "name=Rex&_secret=\(secret)")
        }
    }

    @Test func onLoopbackOnlyRequestsForTheServerAreAnswered() async throws {
        let running = try Running([])
        let port = running.port
        defer { _ = running.stop() }
        #expect(running.editing.hasPrefix("Editing is on"), "\(running.editing)")
        for host in ["attacker.example:\(port)", "attacker.example", "localhost:\(port + 1)", "127.0.0.1"] {
            let answer = try await RawHTTP.send(port, "GET", "/", headers: ["Host": host])
            #expect(answer.status == 421, "Host: \(host)")
            #expect(!answer.body.contains("<"), "no page bytes for Host: \(host): \(answer.body)")
            #expect(answer.body.contains("http://127.0.0.1:\(port)/"), "\(answer.body)")
        }
        // HTTP/1.1 requires a Host: without one, nothing is served (NIO's parser or the check refuses).
        let none = try await RawHTTP.send(port, "GET", "/", headers: ["Host": ""])
        #expect([400, 421].contains(none.status), "\(none.head)")
        #expect(!none.body.contains("<html"))
        for host in ["127.0.0.1:\(port)", "localhost:\(port)"] {
            let answer = try await RawHTTP.send(port, "GET", "/", headers: ["Host": host])
            #expect(answer.status == 200, "Host: \(host)")
            #expect(answer.body.contains("<title>Suspects"))
        }
        let otherPage = try await running.post(origin: "http://127.0.0.1:\(port + 1)")
        #expect(otherPage.status == 403 && otherPage.body.contains("http://127.0.0.1:\(port + 1)"), "\(otherPage.body)")
        let rebound = try await running.post(host: "attacker.example:\(port)", origin: "http://attacker.example:\(port)")
        #expect(rebound.status == 421)
        let noOrigin = try await running.post(origin: nil)
        #expect(noOrigin.status == 403 && noOrigin.body.contains("neither Origin"), "\(noOrigin.body)")
        let stale = try await running.post(origin: "http://127.0.0.1:\(port)")
        #expect(stale.status == 403 && stale.body.contains("not this server's"), "\(stale.body)")
        let put = try await RawHTTP.send(port, "PUT", "/index.html")
        #expect(put.status == 405 && put.header("Allow") == "GET, HEAD")
    }

    @Test func noEditRefusesEveryWrite() async throws {
        let running = try Running(["--no-edit"])
        #expect(running.editing.hasPrefix("Editing is off"), "\(running.editing)")
        let answer = try await running.post(origin: "http://127.0.0.1:\(running.port)")
        #expect(answer.status == 403)
        #expect(answer.body.contains("Editing is off"), "\(answer.body)")
        let page = try await RawHTTP.send(running.port, "GET", "/")
        #expect(page.status == 200)
        let err = running.stop()
        #expect(!err.contains("warning: editing"), "\(err)")
    }

    /// 0.0.0.0 stands for any address beyond loopback (it can be bound without a network).
    @Test func beyondLoopbackEditingIsOffAndReadsAreUnchecked() async throws {
        let running = try Running(["--host", "0.0.0.0"])
        #expect(running.editing.hasPrefix("Editing is off"), "\(running.editing)")
        let read = try await RawHTTP.send(running.port, "GET", "/", headers: ["Host": "casefile.lan:\(running.port)"])
        #expect(read.status == 200)
        let write = try await running.post(origin: "http://127.0.0.1:\(running.port)")
        #expect(write.status == 403 && write.body.contains("Editing is off"), "\(write.body)")
        let err = running.stop()
        #expect(!err.contains("warning: editing"), "\(err)")
    }

    @Test func editBeyondLoopbackWarnsAndStillGuardsWrites() async throws {
        let running = try Running(["--host", "0.0.0.0", "--edit"])
        #expect(running.editing.hasPrefix("Editing is on"), "\(running.editing)")
        let stale = try await running.post(origin: "http://127.0.0.1:\(running.port)")
        #expect(stale.status == 403 && stale.body.contains("not this server's"), "\(stale.body)")
        let elsewhere = try await running.post(host: "attacker.example:\(running.port)", origin: "http://attacker.example:\(running.port)")
        #expect(elsewhere.status == 421)
        let err = running.stop()
        #expect(err.contains("warning: editing is on (--edit) while listening on 0.0.0.0: anyone who can reach that address "
                             + "can change the case's files"), "\(err)")
    }

    /// A write's body that trickles in (a byte every 0.3 s, so that the idle timeout never passes)
    /// is answered 408 once the idle timeout's length (2 s) has passed since the request began,
    /// and its connection closed: the body does not hold the connection. The trickle stops just
    /// before that point, so that the server has read every byte sent when it closes (a byte it
    /// left unread would make the close a reset, which may discard the answer on its way); a
    /// close by the idle timeout instead would come 2 s after the last byte, past 3.8 s.
    @Test(.timeLimit(.minutes(1))) func aTrickledFormIsCutOff() async throws {
        let running = try Running(["--idle-timeout", "2"])
        defer { _ = running.stop() }
        let port = running.port
        let channel = try await RawHTTP.connect(port)
        let start = ContinuousClock.now
        let answer = try await channel.executeThenClose { inbound, outbound in
            let head = "POST /_casefile/save HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\n"
            try await outbound.write(ByteBuffer(string: head))
            let trickle = Task {
                while start.duration(to: .now) < .milliseconds(1_700) {
                    try await Task.sleep(for: .milliseconds(300))
                    try await outbound.write(ByteBuffer(string: "x"))
                }
            }
            defer { trickle.cancel() }
            var received = ""
            for try await chunk in inbound { received += String(buffer: chunk) }
            return received
        }
        let elapsed = start.duration(to: .now)
        #expect(answer.hasPrefix("HTTP/1.1 408"), "\(answer)")
        #expect(elapsed >= .milliseconds(1_900) && elapsed < .milliseconds(3_700), "answered after \(elapsed)")
    }
}
