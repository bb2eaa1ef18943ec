import CasefileServer
import Foundation
import NIOCore
import Testing

/// What Linux reports of a process in /proc: its resident memory (in KiB) and its descriptors.
enum ProcessStatus {
    /// VmHWM: the most the process has had resident since it started.
    static func peakKiB(_ pid: Int32) -> Int? { field("VmHWM", of: pid) }

    /// VmRSS: what it has resident now.
    static func currentKiB(_ pid: Int32) -> Int? { field("VmRSS", of: pid) }

    /// How many descriptors the process has open.
    static func descriptors(_ pid: Int32) -> Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.count
    }

    private static func field(_ name: String, of pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        }
        return nil
    }
}

extension ServeCommandTests.Server {
    var pid: Int32 { process.processIdentifier }

    /// The port of the "Serving … at http://127.0.0.1:PORT/" line, and the lines printed before it.
    func serving() throws -> (port: Int, before: [String]) {
        var before: [String] = []
        while true {
            let line = firstLine()
            if let port = line.firstMatch(of: /^Serving .* at http:\/\/127\.0\.0\.1:(\d+)\//).flatMap({ Int($0.1) }) {
                return (port, before)
            }
            try #require(!line.isEmpty && before.count < 10, "no Serving line after \(before)")
            before.append(line)
        }
    }

    func port() throws -> Int { try serving().port }

    /// Stops the server with SIGTERM; its exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning { kill(pid, SIGTERM) }
        return wait().status
    }
}

extension RawHTTP {
    /// An answer whose body is kept as bytes.
    struct Download: Sendable {
        var status: Int
        var head: String
        var body: ByteBuffer

        func header(_ name: String) -> String? { Answer(status: status, head: head, body: "").header(name) }
    }

    /// Sends a GET for `target` and reads the answer, bytes and all, until the server closes.
    static func download(_ port: Int, _ target: String, headers: [String: String] = [:]) async throws -> Download {
        var request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        let channel = try await connect(port)
        var received = try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: request))
            var received = ByteBuffer()
            for try await chunk in inbound { received.writeImmutableBuffer(chunk) }
            return received
        }
        let view = received.readableBytesView
        let end = Array("\r\n\r\n".utf8)
        guard let split = view.indices.first(where: { view[$0...].starts(with: end) }) else {
            return Download(status: 0, head: String(buffer: received), body: ByteBuffer())
        }
        let head = received.readString(length: split - view.startIndex) ?? ""
        received.moveReaderIndex(forwardBy: end.count)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return Download(status: status, head: head, body: received)
    }

    /// Sends a GET for `target` and reads only the answer's status line and headers, then closes:
    /// for answers that may never end, such as a live-reload stream.
    static func head(_ port: Int, _ target: String) async throws -> Answer {
        let channel = try await connect(port)
        let head = try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(ByteBuffer(string: "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"))
            var text = ""
            for try await chunk in inbound {
                text += String(buffer: chunk)
                if text.contains("\r\n\r\n") { break }
            }
            return text
        }
        let parts = head.components(separatedBy: "\r\n\r\n")
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return Answer(status: status, head: parts.first ?? "", body: parts.dropFirst().joined(separator: "\r\n\r\n"))
    }
}

/// Seconds in a duration, for printing and generous bounds.
func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Times `body`.
func timed<T>(_ body: () async throws -> T) async rethrows -> (T, Double) {
    let start = ContinuousClock.now
    let value = try await body()
    return (value, seconds(start.duration(to: .now)))
}
