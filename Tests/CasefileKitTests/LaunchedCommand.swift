import Foundation
import Testing
import CasefileTestSupport

/// A command started in the background, its output read as it comes; `finish()` waits for it
/// (killing it after two minutes, so that a hang fails the test rather than stopping the suite).
final class LaunchedCommand: @unchecked Sendable {
    let process = Process()
    private let out = Pipe(), err = Pipe()
    private let readers = DispatchGroup()
    private let lock = NSLock()
    private var outData = Data(), errData = Data()
    private var endedAt: Date?

    init(_ arguments: [String], in folder: URL) throws {
        process.executableURL = CommandLineTests.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = out
        process.standardError = err
        process.terminationHandler = { [weak self] _ in
            guard let self else { return }
            self.lock.withLock { self.endedAt = Date() }
        }
        try process.run()
        for (pipe, isOut) in [(out, true), (err, false)] {
            DispatchQueue.global().async(group: readers) {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                self.lock.withLock { if isOut { self.outData = data } else { self.errData = data } }
            }
        }
    }

    var pid: Int32 { process.processIdentifier }

    func finish() -> (status: Int32, out: String, err: String, ended: Date) {
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        if process.isRunning {
            Issue.record("casefile \(process.arguments ?? []) hung")
            kill(pid, SIGKILL)
        }
        process.waitUntilExit()
        readers.wait()
        return lock.withLock {
            (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self),
             endedAt ?? Date())
        }
    }
}
