import Foundation
import Testing
@testable import CasefileKit
import CasefileTestSupport

/// `casefile publish` on a disk that fills up, part way or before the first page, and into a
/// read-only output (each on a tmpfs of its own, `TmpfsMount`): the output keeps the previous site.
extension PublishFaultTests {
    enum Room: String, CaseIterable, Sendable {
        /// The disk is full to the last byte before the publish starts: the first page fails.
        case none
        /// A megabyte is left, and the new site needs several: it fails part way through.
        case partOfTheSite
    }

    @Test(.enabled(if: TmpfsMount.available, "needs root to mount a tmpfs (mount -t tmpfs)"), arguments: Room.allCases)
    func aFullDiskExitsTwoNamingThePathAndLeavesTheOldSite(room: Room) throws {
        let mount = try TmpfsMount(size: "40m")
        defer { mount.unmount() }
        let cases = try PublishScratch()
        defer { cases.remove() }
        let (a, b) = try Self.twoCases(in: cases.root)
        let output = mount.folder.appendingPathComponent("public")
        #expect(try CommandLineTests.run(Self.publishArguments(a), in: mount.folder).status == 0)
        let before = try PublishScratch.snapshot(output)
        #expect(before.count > 100)
        try mount.fill(leaving: room == .none ? 0 : 1 << 20)

        let result = try CommandLineTests.run(Self.publishArguments(b), in: mount.folder)
        #expect(result.status == 2, "\(result.err)")
        let reason = String(cString: strerror(ENOSPC))
        let lines = result.err.split(separator: "\n").map(String.init)
        print("publish onto a full disk (room: \(room)) said: \(result.err)")
        #expect(lines.contains { $0.wholeMatch(of: #/error: cannot write (\.public\.staging-\d+|public)(/[^:]+)?: (.*)/#)?.output.3 == reason[...] },
                "stderr names the path and says \(reason): \(result.err)")
        #expect(try PublishScratch.snapshot(output) == before, "the old site is byte-identical")
        #expect(try mount.contents() == ["filler", "public"], "no staging folder is left")

        // With room again, the next publish goes through and has nothing to clear.
        mount.removeFiller()
        let next = try CommandLineTests.run(Self.publishArguments(b), in: mount.folder)
        #expect(next.status == 0, "\(next.err)")
        #expect(!next.err.contains("Removed"))
        #expect(try mount.contents() == ["public"])
        #expect(try PublishScratch.snapshot(output) != before)
    }

    @Test(.enabled(if: TmpfsMount.available, "needs root to mount a tmpfs (mount -t tmpfs)"))
    func aReadOnlyOutputExitsTwoSayingSoAndLeavesTheOldSite() throws {
        let mount = try TmpfsMount(size: "40m")
        defer { mount.unmount() }
        let arguments = ["publish", "--content", SiteBuildTests.sample.path, "--output", "public"]
        #expect(try CommandLineTests.run(arguments, in: mount.folder).status == 0)
        let output = mount.folder.appendingPathComponent("public")
        let before = try PublishScratch.snapshot(output)
        // As root, permissions do not stop a write; a read-only mount does.
        try mount.remount(readOnly: true)

        let result = try CommandLineTests.run(arguments, in: mount.folder)
        #expect(result.status == 2, "\(result.err)")
        let reason = String(cString: strerror(EROFS))
        let lines = result.err.split(separator: "\n").map(String.init)
        let line = lines.first { $0.hasPrefix("error: cannot write ") }
        print("publish onto a read-only disk said: \(result.err)")
        #expect(line?.wholeMatch(of: #/error: cannot write (\.public\.staging-\d+|public)(/[^:]+)?: (.*)/#)?.output.3 == reason[...],
                "stderr names the path and gives the system's reason, \(reason): \(result.err)")
        #expect(try PublishScratch.snapshot(output) == before, "the old site is byte-identical")
        #expect(try mount.contents() == ["public"])

        // Writable again, publish goes through and finds nothing to clear.
        try mount.remount(readOnly: false)
        let next = try CommandLineTests.run(arguments, in: mount.folder)
        #expect(next.status == 0, "\(next.err)")
        #expect(!next.err.contains("Removed"))
        #expect(try mount.contents() == ["public"])
    }
}
