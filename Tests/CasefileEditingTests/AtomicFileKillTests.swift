import Foundation
import Testing
import CasefileEditing

/// A save killed at any moment leaves the old file or the new one, never a mix or a truncated
/// file. The saving process is this test bundle itself, started again with `saverVariable` set,
/// which enables `saveUntilKilled` alone; the test kills it with SIGKILL at random moments while
/// it saves, and after each kill reads the file.
@Suite(.serialized) struct AtomicFileKillTests {
    /// Names the file the child saves to; set only in the child.
    static let saverVariable = "CASEFILE_ATOMIC_KILL_TARGET"
    static let kills = 20

    /// The two contents the child writes in turn: large enough (1 MiB) that a save takes a
    /// while, and different in every byte so that a mix of the two, or a part of one, is seen.
    static func contents(_ which: UInt8) -> [UInt8] {
        [UInt8](repeating: which, count: 1 << 20)
    }

    /// The child's side: saves the two contents in turn until it is killed (or, should the
    /// parent be gone, for 30 seconds at most).
    @Test(.enabled(if: ProcessInfo.processInfo.environment[saverVariable] != nil))
    func saveUntilKilled() throws {
        let file = URL(fileURLWithPath: try #require(ProcessInfo.processInfo.environment[Self.saverVariable]))
        let both = [Self.contents(1), Self.contents(2)]
        let end = Date().addingTimeInterval(30)
        var turn = 1
        while Date() < end {
            try AtomicFile.write(both[turn], to: file)
            turn = 1 - turn
        }
    }

    @Test func killedSavesLeaveTheOldOrTheNewFile() throws {
        guard ProcessInfo.processInfo.environment[Self.saverVariable] == nil else { return }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("animals.json")
        let old = Self.contents(1), new = Self.contents(2), start = Array("start".utf8)
        var generator = SystemRandomNumberGenerator()
        var seen: [String: Int] = [:]
        for kill in 1...Self.kills {
            try Data(start).write(to: file)
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            child.arguments = ["--testing-library", "swift-testing", "--filter", "AtomicFileKillTests/saveUntilKilled"]
            child.environment = ProcessInfo.processInfo.environment.merging([Self.saverVariable: file.path]) { _, new in new }
            child.standardOutput = FileHandle.nullDevice
            child.standardError = FileHandle.nullDevice
            try child.run()
            // Once the child has saved (the file is no longer "start"), kill it a random moment
            // later: mostly inside a save, whose steps take from microseconds to milliseconds.
            let deadline = Date().addingTimeInterval(10)
            while (try? Data(contentsOf: file)).map(Array.init) == start, child.isRunning, Date() < deadline {
                usleep(200)
            }
            #expect(child.isRunning, "the saving child ended before it was killed (kill \(kill))")
            usleep(UInt32.random(in: 0...15_000, using: &generator))
            Glibc.kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            #expect(child.terminationReason == .uncaughtSignal)
            let bytes = Array(try Data(contentsOf: file))
            #expect(bytes == old || bytes == new, "kill \(kill): the file holds \(bytes.count) bytes, neither save's")
            seen[bytes == old ? "old" : bytes == new ? "new" : "other", default: 0] += 1
            // A kill between the temporary file's creation and the rename leaves that file (it
            // has a name of its own and is never read); remove it for the next round.
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name != file.lastPathComponent {
                #expect(name.hasPrefix(".animals.json.casefile-"), "an unexpected file \(name)")
                try? FileManager.default.removeItem(at: dir.appendingPathComponent(name))
            }
        }
        #expect(seen["other"] == nil)
    }
}
