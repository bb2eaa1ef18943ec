import CasefileServer
import Foundation
import NIOCore
import Testing

/// Many pages listening for reloads at once: the real `casefile serve` with 1,000 open streams
/// keeps answering, still delivers a rebuild's reload to every stream, stays within a memory
/// bound, answers a stream beyond its limit with 503, and frees the slot of a stream that closes.
@Suite(.serialized) struct ReloadStreamTests {
    static let streams = ServerLimits.defaultReloadStreams
    /// Opened at once, so that the server's accept backlog (256) never overflows.
    static let wave = 100
    /// The server's peak resident memory may not pass this (its debug build starts near 30 MB).
    static let peakBoundKiB = 400 * 1024

    enum Event: Sendable {
        case opened, reloaded, failed(String), tick
    }

    /// One stream: opens it, reports it open, waits for a reload, reports it and closes.
    static func listen(_ port: Int, _ events: AsyncStream<Event>.Continuation) async {
        do {
            try await EventStream.with(port) { stream in
                events.yield(.opened)
                try await stream.next()
                events.yield(.reloaded)
            }
        } catch {
            events.yield(.failed("\(error)"))
        }
    }

    @Test(.timeLimit(.minutes(2))) func aThousandOpenStreamsLeaveTheServerAnsweringAndAllReload() async throws {
        try #require(FileManager.default.fileExists(atPath: ServeCommandTests.binary.path), "run `swift build` first")
        // This process holds 1,000 client ends, the server (a child, which inherits the limit) the
        // 1,000 others: the soft open-file limit is raised here, within the hard one.
        let wanted = Self.streams + ServerLimits.descriptorReserve * 2
        let limit = DescriptorLimit.raise(to: wanted) ?? 0
        try #require(limit >= wanted, "the open-file limit is \(limit); this test needs \(wanted) (ulimit -Hn)")
        let workspace = try Workspace()
        defer { workspace.remove() }
        let server = try ServeCommandTests.Server(["--content", workspace.content.path, "--templates", workspace.templates.path,
                                                  "--port", "0"])
        defer { try? FileManager.default.removeItem(at: server.tmp) }
        defer { server.stop() }
        let port = try server.port()
        let startKiB = ProcessStatus.currentKiB(server.pid) ?? 0
        let startDescriptors = ProcessStatus.descriptors(server.pid) ?? 0

        let (events, sink) = AsyncStream<Event>.makeStream()
        var opened = 0, reloaded = 0, failures: [String] = []
        var iterator = events.makeAsyncIterator()
        /// Reads events until `done` or `seconds` pass; false on timeout.
        func collect(_ seconds: Double, until done: () -> Bool) async -> Bool {
            let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
            while !done() {
                guard ContinuousClock.now < end, let event = await iterator.next() else { return false }
                switch event {
                case .opened: opened += 1
                case .reloaded: reloaded += 1
                case .failed(let reason): failures.append(reason)
                case .tick: break
                }
            }
            return true
        }

        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(250))
                    sink.yield(.tick)
                }
            }
            let (_, openSeconds) = await timed {
                for wave in stride(from: 0, to: Self.streams, by: Self.wave) {
                    for _ in wave..<min(wave + Self.wave, Self.streams) { group.addTask { await Self.listen(port, sink) } }
                    _ = await collect(30) { opened + failures.count >= min(wave + Self.wave, Self.streams) }
                }
            }
            #expect(opened == Self.streams, "\(opened) streams opened; failures: \(failures.prefix(3))")

            // One stream more than the limit: refused, clearly.
            let excess = try await RawHTTP.head(port, PageDecoration.eventsPath)
            #expect(excess.status == 503, "stream \(Self.streams + 1) answered \(excess.status)")
            #expect(excess.header("Retry-After") != nil)

            // Pages are still answered, and promptly.
            var pageSeconds: [Double] = []
            for _ in 0..<5 {
                let (page, elapsed) = try await timed { try await RawHTTP.send(port, "GET", "/") }
                #expect(page.status == 200)
                #expect(page.body.contains("<title>Suspects"))
                pageSeconds.append(elapsed)
            }
            #expect(pageSeconds.max()! < 2, "page answers took \(pageSeconds) s with \(opened) streams open")

            // A rebuild's reload reaches every stream.
            let note = try workspace.read("notes/animals/cat.md")
            let (allReloaded, reloadSeconds) = await timed {
                try? workspace.write("notes/animals/cat.md", note + "\nEdited with a thousand pages open.\n")
                return await collect(30) { reloaded + failures.count >= opened }
            }
            #expect(allReloaded && reloaded == opened, "\(reloaded) of \(opened) streams reloaded; failures: \(failures.prefix(3))")
            let peakKiB = ProcessStatus.peakKiB(server.pid) ?? 0
            #expect(peakKiB > 0 && peakKiB < Self.peakBoundKiB, "peak RSS \(peakKiB) KiB")
            print("""
                \(opened) reload streams opened in \(String(format: "%.2f", openSeconds)) s; pages answered in \
                \(pageSeconds.map { String(format: "%.3f", $0) }) s; all \(reloaded) reloaded \
                \(String(format: "%.2f", reloadSeconds)) s after the edit; server RSS \(startKiB) KiB at start, \
                peak \(peakKiB) KiB
                """)
            group.cancelAll()
        }

        // The streams have closed: their slots are free again, with no reload needed to notice,
        // and the server holds no more descriptors than it started with.
        let freed = await eventually(10) { (try? await RawHTTP.head(port, PageDecoration.eventsPath))?.status == 200 }
        #expect(freed, "a stream is accepted again once the others closed")
        let released = await eventually(10) { (ProcessStatus.descriptors(server.pid) ?? .max) <= startDescriptors + 4 }
        #expect(released, "\(ProcessStatus.descriptors(server.pid) ?? -1) descriptors open, \(startDescriptors) at start")
    }

    @Test(.timeLimit(.minutes(1))) func aStreamBeyondTheLimitIs503UntilOneCloses() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let session = try await workspace.session()
        defer { session.removeFolder() }
        try await withLiveServer(session, limits: ServerLimits(reloadStreams: 2)) { port in
            try await EventStream.with(port) { _ in
                try await EventStream.with(port) { _ in
                    let refused = try await RawHTTP.head(port, PageDecoration.eventsPath)
                    #expect(refused.status == 503)
                    #expect(refused.header("Retry-After") != nil)
                    if refused.status == 503 {
                        let body = try await RawHTTP.send(port, "GET", PageDecoration.eventsPath).body
                        #expect(body.contains("at most 2"), "\(body)")
                    }
                    #expect(await session.hub.count == 2)
                }
                // The second stream's client closed: its slot is freed without waiting for a reload.
                let accepted = await eventually(5) { (try? await RawHTTP.head(port, PageDecoration.eventsPath))?.status == 200 }
                #expect(accepted, "a stream is accepted again once one closed")
            }
            #expect(await eventually(5) { await session.hub.count == 0 }, "every closed stream leaves the hub")
        }
    }

    /// Under an open-file limit too low for the default number of streams, `casefile serve`
    /// lowers that number to fit — saying so — rather than run out of descriptors for pages.
    @Test(.timeLimit(.minutes(1))) func aLowOpenFileLimitLowersTheStreamLimit() async throws {
        try #require(FileManager.default.fileExists(atPath: ServeCommandTests.binary.path), "run `swift build` first")
        let prlimit = "/usr/bin/prlimit"
        try #require(FileManager.default.fileExists(atPath: prlimit), "prlimit (util-linux) sets the child's limit")
        let descriptors = ServerLimits.descriptorReserve + 40
        let server = try ServeCommandTests.Server(["--port", "0", "--no-watch"],
                                                  launcher: [prlimit, "--nofile=\(descriptors):\(descriptors)", "--"])
        defer { try? FileManager.default.removeItem(at: server.tmp) }
        defer { server.stop() }
        let (port, before) = try server.serving()
        #expect(before.contains { $0.contains("at most 40 pages") }, "\(before)")
        let (events, sink) = AsyncStream<Bool>.makeStream()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    try await EventStream.with(port) { _ in
                        sink.yield(true)
                        try await Task.sleep(for: .seconds(60))
                    }
                }
            }
            var opened = 0
            for await _ in events {
                opened += 1
                if opened == 40 { break }
            }
            let refused = try await RawHTTP.head(port, PageDecoration.eventsPath)
            #expect(refused.status == 503)
            let page = try await RawHTTP.send(port, "GET", "/")
            #expect(page.status == 200)
            group.cancelAll()
        }
    }
}
