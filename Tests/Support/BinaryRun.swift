import Foundation

/// The `casefile` binary run to its end as a user runs it: both output streams read at once (a
/// command that fills one pipe while the other is read would otherwise block forever), and
/// killed after `timeout` seconds so that a hang fails its test instead of stopping the suite.
public struct BinaryRun: Sendable {
    public var status: Int32
    public var out: String
    public var err: String
    public var timedOut: Bool

    public static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                           timeout: Double = 120) throws -> BinaryRun {
        let process = Process()
        process.executableURL = Repository.binary
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        let streams = Streams()
        let readers = DispatchGroup()
        for (pipe, isOut) in [(out, true), (err, false)] {
            DispatchQueue.global().async(group: readers) {
                streams.set(pipe.fileHandleForReading.readDataToEndOfFile(), isOut: isOut)
            }
        }
        let timedOut = ended.wait(timeout: .now() + timeout) == .timedOut
        if timedOut {
            process.terminate()
            ended.wait()
        }
        readers.wait()
        let (o, e) = streams.both
        return BinaryRun(status: process.terminationStatus, out: String(decoding: o, as: UTF8.self),
                         err: String(decoding: e, as: UTF8.self), timedOut: timedOut)
    }

    /// What the two readers collected; each writes once, and the lock orders that before the read.
    private final class Streams: @unchecked Sendable {
        private let lock = NSLock()
        private var out = Data(), err = Data()

        func set(_ data: Data, isOut: Bool) {
            lock.lock()
            defer { lock.unlock() }
            if isOut { out = data } else { err = data }
        }

        var both: (Data, Data) {
            lock.lock()
            defer { lock.unlock() }
            return (out, err)
        }
    }
}
