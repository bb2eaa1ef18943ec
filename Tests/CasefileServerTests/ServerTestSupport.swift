import CasefileKit
import CasefileServer
import Foundation
import Hummingbird
import NIOCore
import NIOPosix
import ServiceLifecycle
import CasefileTestSupport
import Testing

/// A copy of the sample case and of the built-in templates in a fresh temporary folder.
struct Workspace {
    static let package = Repository.root
    let root: URL
    var content: URL { root.appendingPathComponent("Content") }
    var templates: URL { root.appendingPathComponent("Templates") }

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.package.appendingPathComponent("Content"), to: content)
        try FileManager.default.copyItem(at: Self.package.appendingPathComponent("Templates"), to: templates)
    }

    func session() async throws -> PreviewSession {
        try await PreviewSession.start(content: content, contentDisplay: "Content", templates: templates,
                                       templatesDisplay: "Templates").0
    }

    func url(_ path: String, in folder: URL? = nil) -> URL { (folder ?? content).appendingPathComponent(path) }

    func read(_ path: String, in folder: URL? = nil) throws -> String {
        try String(contentsOf: url(path, in: folder), encoding: .utf8)
    }

    func write(_ path: String, _ text: String, in folder: URL? = nil) throws {
        try Data(text.utf8).write(to: url(path, in: folder))
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

/// Runs the session's server on a free loopback port (and its watcher when `watch` is given)
/// for the length of `body`, then shuts it down gracefully.
func withLiveServer<T: Sendable>(_ session: PreviewSession, watch: WatchMode? = nil, limits: ServerLimits = ServerLimits(),
                                 _ body: @Sendable @escaping (Int) async throws -> T) async throws -> T {
    let (ports, portContinuation) = AsyncStream<Int>.makeStream()
    let app = session.server.application(host: "127.0.0.1", port: 0, limits: limits, access: EditAccess(host: "127.0.0.1")) {
        port in portContinuation.yield(port)
    }
    var services: [any Service] = [app]
    if let watch {
        let folders = PreviewSession.watchedFolders(content: session.build.options.content,
                                                    templates: session.build.options.templates)
        let watcher = FolderWatcher(roots: folders, mode: watch)
        #expect(await watcher.start() == watch)
        services.append(RebuildService(session: session, watcher: watcher, report: { _ in }))
    }
    let group = ServiceGroup(configuration: .init(services: services, logger: .init(label: "test")))
    return try await withThrowingTaskGroup(of: T?.self) { tasks in
        tasks.addTask { try await group.run(); return nil }
        var portIterator = ports.makeAsyncIterator()
        let port = try #require(await portIterator.next())
        let result: T
        do {
            result = try await body(port)
        } catch {
            await group.triggerGracefulShutdown()
            throw error
        }
        await group.triggerGracefulShutdown()
        while let next = try await tasks.next() { if next != nil { break } }
        return result
    }
}

/// An HTTP/1.1 exchange over a plain TCP connection: the request goes out byte for byte, as no
/// HTTP client would send it (paths with `..`, backslashes, `//` are not normalised).
enum RawHTTP {
    struct Answer: Sendable {
        var status: Int
        var head: String
        var body: String

        func header(_ name: String) -> String? {
            for line in head.split(separator: "\r\n").dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    static func connect(_ port: Int) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
    }

    /// Sends `method target` with `headers` (and `body`, with its Content-Length) and reads the
    /// answer until the server closes. The Host header is `127.0.0.1:PORT` unless `headers` gives
    /// one; a Host given as "" is left out.
    static func send(_ port: Int, _ method: String, _ target: String, headers: [String: String] = [:],
                     body: String? = nil) async throws -> Answer {
        let channel = try await connect(port)
        let host = headers["Host"] ?? "127.0.0.1:\(port)"
        var request = "\(method) \(target) HTTP/1.1\r\n" + (host.isEmpty ? "" : "Host: \(host)\r\n") + "Connection: close\r\n"
        for (name, value) in headers where name != "Host" { request += "\(name): \(value)\r\n" }
        if let body { request += "Content-Length: \(body.utf8.count)\r\n" }
        request += "\r\n" + (body ?? "")
        let text = try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: request))
            var received = ByteBuffer()
            for try await chunk in inbound { received.writeImmutableBuffer(chunk) }
            return String(buffer: received)
        }
        let parts = text.components(separatedBy: "\r\n\r\n")
        let head = parts.first ?? ""
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return Answer(status: status, head: head, body: parts.dropFirst().joined(separator: "\r\n\r\n"))
    }
}

/// A live-reload connection: `next()` waits for the next reload event.
struct EventStream: ~Copyable {
    var iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    var buffered = ""

    /// Opens the stream, runs `body` with it, and closes it.
    static func with<T: Sendable>(_ port: Int, _ body: (inout EventStream) async throws -> T) async throws -> T {
        let channel = try await RawHTTP.connect(port)
        return try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: "GET \(PageDecoration.eventsPath) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"))
            var stream = EventStream(iterator: inbound.makeAsyncIterator())
            try await stream.waitFor(": casefile serve")
            return try await body(&stream)
        }
    }

    /// Reads until `marker` has arrived; returns what came up to it.
    @discardableResult
    mutating func waitFor(_ marker: String) async throws -> String {
        while true {
            if let range = buffered.range(of: marker) {
                let before = String(buffered[..<range.upperBound])
                buffered = String(buffered[range.upperBound...])
                return before
            }
            guard let chunk = try await iterator.next() else { throw EndOfStream() }
            buffered += String(buffer: chunk)
        }
    }

    /// Waits for the next reload event.
    mutating func next() async throws { try await waitFor("event: reload\n") }

    struct EndOfStream: Error {}
}

/// Waits up to `seconds` for `condition`, checking every 20 ms.
func eventually(_ seconds: Double = 5, _ condition: () async throws -> Bool) async rethrows -> Bool {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return try await condition()
}
