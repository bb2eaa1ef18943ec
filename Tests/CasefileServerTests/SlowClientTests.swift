import CasefileServer
import Foundation
import NIOCore
import Testing

/// Clients that hold a connection without finishing a request — sending their request head a
/// byte a second, sending nothing, or sitting idle after an answer — are closed once the idle
/// timeout passes, one trickling a request body is answered and closed at once, and other
/// clients are answered meanwhile; live-reload streams outlive the timeout.
@Suite(.serialized) struct SlowClientTests {
    static func request(_ port: Int) -> [UInt8] { Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8) }
    static let clients = 200
    /// The timeout the server is started with (the default is 30 s; the test would take minutes).
    static let timeout = 2.0
    /// How long a client waits for the server to close before it gives up.
    static let giveUp = 15.0
    static let peakBoundKiB = 300 * 1024

    enum Manner: CaseIterable {
        /// The request head, one byte a second (it would take 35 s).
        case trickle
        /// Connects and sends nothing.
        case silent
        /// Sends a whole request (keep-alive), reads the answer, then sends nothing more.
        case idleAfterAnswer
        /// Sends a request head announcing a body of 1,000 bytes, then the body a byte a second.
        case trickleBody

        /// What is sent at once, and then what is sent a byte a second, to a server on `port`.
        func bytes(_ port: Int) -> (atOnce: [UInt8], trickled: [UInt8]) {
            switch self {
            case .trickle: ([], SlowClientTests.request(port))
            case .silent: ([], [])
            case .idleAfterAnswer: (SlowClientTests.request(port), [])
            case .trickleBody:
                (Array("POST / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 1000\r\n\r\n".utf8),
                 Array(repeating: 120, count: 1000))
            }
        }
    }

    struct Outcome: Sendable {
        var closedAfter: Double?
        var sent = 0
        var answered = false
    }

    private enum Part: Sendable {
        case sent(Int), closed(Double, answered: Bool), gaveUp
    }

    /// One client behaving in `manner` until the server closes its connection or it gives up.
    static func misbehave(_ port: Int, _ manner: Manner) async throws -> Outcome {
        let channel = try await RawHTTP.connect(port)
        let start = ContinuousClock.now
        return try await channel.executeThenClose { inbound, outbound in
            try await withThrowingTaskGroup(of: Part.self) { group in
                group.addTask {
                    let (atOnce, trickled) = manner.bytes(port)
                    // On a slow machine (or under a sanitizer) the server may have closed the
                    // connection before this first write: that is the outcome, not a failure.
                    if !atOnce.isEmpty {
                        do { try await outbound.write(ByteBuffer(bytes: atOnce)) } catch { return .sent(0) }
                    }
                    for (i, byte) in trickled.enumerated() {
                        do {
                            try await outbound.write(ByteBuffer(bytes: [byte]))
                            try await Task.sleep(for: .seconds(1))
                        } catch {
                            return .sent(atOnce.count + i + 1)
                        }
                    }
                    return .sent(atOnce.count + trickled.count)
                }
                group.addTask {
                    var answered = false
                    do {
                        for try await chunk in inbound where chunk.readableBytes > 0 { answered = true }
                    } catch {}
                    return .closed(seconds(start.duration(to: .now)), answered: answered)
                }
                group.addTask {
                    try? await Task.sleep(for: .seconds(Self.giveUp))
                    return .gaveUp
                }
                var outcome = Outcome()
                var ended = false
                while let part = try await group.next() {
                    switch part {
                    case .sent(let count):
                        outcome.sent = count
                    case .closed(let after, let answered) where !ended:
                        (outcome.closedAfter, outcome.answered, ended) = (after, answered, true)
                        group.cancelAll()
                    case .gaveUp where !ended:
                        ended = true
                        group.cancelAll()
                    default:
                        break
                    }
                }
                return outcome
            }
        }
    }

    @Test(.timeLimit(.minutes(1))) func slowSilentAndIdleClientsAreClosedWhileOthersAreAnswered() async throws {
        try #require(FileManager.default.fileExists(atPath: ServeCommandTests.binary.path), "run `swift build` first")
        let wanted = Self.clients * 2 + ServerLimits.descriptorReserve
        let limit = DescriptorLimit.raise(to: wanted) ?? 0
        try #require(limit >= wanted, "the open-file limit is \(limit); this test needs \(wanted) (ulimit -Hn)")
        let server = try ServeCommandTests.Server(["--port", "0", "--no-watch", "--idle-timeout", "\(Self.timeout)"])
        defer { try? FileManager.default.removeItem(at: server.tmp) }
        defer { server.stop() }
        let port = try server.port()
        let startKiB = ProcessStatus.currentKiB(server.pid) ?? 0
        let startDescriptors = ProcessStatus.descriptors(server.pid) ?? 0
        let etag = try #require(try await RawHTTP.send(port, "HEAD", "/validation/report.json").header("ETag"))

        let (outcomes, pageSeconds) = try await withThrowingTaskGroup(of: (Manner, Outcome).self) { group in
            for i in 0..<Self.clients {
                let manner = Manner.allCases[i % Manner.allCases.count]
                group.addTask { (manner, try await Self.misbehave(port, manner)) }
            }
            // Meanwhile, for longer than the timeout, other clients are answered: pages, and a
            // file whole, in part, unchanged (304) and by HEAD.
            var pageSeconds: [Double] = []
            let requests: [(String, String, [String: String], Int)] = [
                ("GET", "/", [:], 200), ("GET", "/validation/report.json", [:], 200),
                ("GET", "/validation/report.json", ["Range": "bytes=0-9"], 206),
                ("GET", "/validation/report.json", ["If-None-Match": etag], 304), ("HEAD", "/validation/report.json", [:], 200),
                ("GET", "/no/such/page.html", [:], 404),
            ]
            for i in 0..<12 {
                let (method, target, headers, status) = requests[i % requests.count]
                let (answer, elapsed) = try await timed { try await RawHTTP.send(port, method, target, headers: headers) }
                #expect(answer.status == status, "\(method) \(target) \(headers)")
                pageSeconds.append(elapsed)
                try await Task.sleep(for: .milliseconds(250))
            }
            var outcomes: [(Manner, Outcome)] = []
            for try await outcome in group { outcomes.append(outcome) }
            return (outcomes, pageSeconds)
        }
        let peakKiB = ProcessStatus.peakKiB(server.pid) ?? 0
        // Every connection closed, every file read closed: no more descriptors than at start.
        let released = await eventually(10) { (ProcessStatus.descriptors(server.pid) ?? .max) <= startDescriptors + 4 }
        #expect(released, "\(ProcessStatus.descriptors(server.pid) ?? -1) descriptors open, \(startDescriptors) at start")

        #expect(outcomes.count == Self.clients)
        for (manner, outcome) in outcomes {
            let closedAfter = try #require(outcome.closedAfter, "a \(manner) client was still connected after \(Self.giveUp) s")
            #expect(closedAfter < Self.timeout + 8, "a \(manner) client was closed after \(closedAfter) s")
            let bytes = manner.bytes(port)
            if manner == .trickleBody {
                // Answered (405) and closed at once, without waiting for the body.
                #expect(outcome.answered)
                #expect(outcome.sent < bytes.atOnce.count + bytes.trickled.count)
            } else {
                #expect(closedAfter >= Self.timeout / 2, "a \(manner) client was closed after only \(closedAfter) s")
                #expect(outcome.answered == (manner == .idleAfterAnswer), "a \(manner) client answered: \(outcome.answered)")
                if manner == .trickle { #expect(outcome.sent < Self.request(port).count, "the head was sent whole") }
            }
        }
        #expect(pageSeconds.max()! < 2, "pages took \(pageSeconds) s")
        #expect(peakKiB > 0 && peakKiB < Self.peakBoundKiB, "peak RSS \(peakKiB) KiB")
        let closed = outcomes.compactMap(\.1.closedAfter).sorted()
        print("""
            \(outcomes.count) slow, silent, idle and body-trickling clients closed \(String(format: "%.2f", closed.first ?? 0))–\
            \(String(format: "%.2f", closed.last ?? 0)) s after connecting (idle timeout \(Self.timeout) s); pages \
            answered meanwhile in at most \(String(format: "%.3f", pageSeconds.max() ?? 0)) s; server RSS \(startKiB) KiB \
            at start, peak \(peakKiB) KiB
            """)
    }

    /// The stream stays open through four idle timeouts and then carries the reload of an edit:
    /// a server that closed it as idle would end it (`EndOfStream`) before the reload came.
    @Test(.timeLimit(.minutes(1))) func aReloadStreamOutlivesTheIdleTimeout() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let session = try await workspace.session()
        defer { session.removeFolder() }
        let note = try workspace.read("notes/animals/cat.md")
        let (reloaded, page) = try await withLiveServer(session, watch: .inotify,
                                                        limits: ServerLimits(idleTimeout: .milliseconds(500))) { port in
            let reloaded = try await EventStream.with(port) { events in
                try await Task.sleep(for: .seconds(2))
                try workspace.write("notes/animals/cat.md", note + "\nWritten after four idle timeouts.\n")
                do {
                    try await events.next()
                    return true
                } catch is EventStream.EndOfStream {
                    return false
                }
            }
            return (reloaded, try await RawHTTP.send(port, "GET", "/suspects/id/cat.html").body)
        }
        #expect(reloaded, "the stream ended before the reload: closed as idle after 500 ms")
        // The reload was the edit's: the page it reloads holds the note as edited.
        #expect(page.contains("Written after four idle timeouts."))
    }

    /// Clients that ask for a large file and then read nothing hold what the sockets buffer and a
    /// chunk of it each, not the file: the file is sent from its descriptor as the client reads.
    @Test(.timeLimit(.minutes(1))) func stalledDownloadsOfALargeFileHoldLittleMemory() async throws {
        try #require(FileManager.default.fileExists(atPath: ServeCommandTests.binary.path), "run `swift build` first")
        let server = try ServeCommandTests.Server(["--port", "0", "--no-watch"])
        defer { try? FileManager.default.removeItem(at: server.tmp) }
        defer { server.stop() }
        let port = try server.port()
        let folder = try #require(server.leftovers.first)
        // A file large enough that holding it per reader (1 GiB) stands far above what streaming
        // holds: the sockets' and the allocator's buffers, seen at 75–280 MB on a loaded machine.
        let size = 64 << 20, readers = 16
        try Data(repeating: 0x45, count: size).write(to: server.tmp.appendingPathComponent("\(folder)/site/evidence.bin"))
        let startKiB = ProcessStatus.currentKiB(server.pid) ?? 0
        let (opened, sink) = AsyncStream<Void>.makeStream()
        let grownKiB = try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<readers {
                group.addTask {
                    let channel = try await RawHTTP.connect(port)
                    try await channel.executeThenClose { inbound, outbound in
                        try await outbound.write(ByteBuffer(string: "GET /evidence.bin HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"))
                        var iterator = inbound.makeAsyncIterator()
                        _ = try await iterator.next()
                        sink.yield()
                        // Reads nothing more until cancelled.
                        try? await Task.sleep(for: .seconds(60))
                    }
                }
            }
            var count = 0
            for await _ in opened {
                count += 1
                if count == readers { break }
            }
            // Let the server send what it will.
            try await Task.sleep(for: .seconds(2))
            let grown = (ProcessStatus.currentKiB(server.pid) ?? .max) - startKiB
            let page = try await RawHTTP.send(port, "GET", "/")
            #expect(page.status == 200, "pages are answered meanwhile")
            group.cancelAll()
            return grown
        }
        // Holding the file per reader would take readers × 64 MiB (1 GiB): allow half of that.
        #expect(grownKiB < readers * (size >> 10) / 2, "the server grew by \(grownKiB) KiB")
        print("\(readers) stalled downloads of a \(size >> 20) MiB file: the server grew by \(grownKiB) KiB")
    }
}
