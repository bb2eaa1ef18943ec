import Foundation
import Testing
import CasefileEditing

/// Saves that leave either the old file or the new one: permissions kept, and a full disk or a
/// read-only file system leaving the old bytes and no temporary file.
@Suite(.serialized) struct AtomicFileTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func replacesAndKeepsMode() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("animals.yaml")
        try Data("old".utf8).write(to: file)
        chmod(file.path, 0o640)
        try AtomicFile.write(Array("new\r\n".utf8), to: file)
        #expect(try Data(contentsOf: file) == Data("new\r\n".utf8))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["animals.yaml"])
    }

    /// Mounts a small tmpfs at a new folder (we run as root on CI); nil when mounting is not
    /// allowed here.
    static func mount(_ options: String) throws -> URL? {
        let dir = try folder()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/mount")
        process.arguments = ["-t", "tmpfs", "-o", options, "tmpfs", dir.path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? dir : nil
    }

    static func unmount(_ dir: URL, remount: String? = nil) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/mount")
        process.arguments = remount.map { ["-o", $0, dir.path] } ?? []
        if remount == nil {
            process.executableURL = URL(fileURLWithPath: "/bin/umount")
            process.arguments = [dir.path]
        }
        try? process.run()
        process.waitUntilExit()
    }

    @Test func fullDiskLeavesTheOldFile() throws {
        guard let dir = try Self.mount("size=64k") else {
            withKnownIssue("mounting a tmpfs is not allowed here: the full-disk case was not run") { Issue.record("no mount") }
            return
        }
        defer { Self.unmount(dir); try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("bulletins.json")
        let old = Data(String(repeating: "o", count: 20_000).utf8)
        try old.write(to: file)
        do {
            try AtomicFile.write([UInt8](repeating: 0x6E, count: 200_000), to: file)
            Issue.record("a save larger than the disk succeeded")
        } catch {
            #expect(error.description.contains(file.path))
            #expect(error.reason == String(cString: strerror(ENOSPC)))
        }
        #expect(try Data(contentsOf: file) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["bulletins.json"])
    }

    @Test func readOnlyFolderLeavesTheOldFile() throws {
        guard let dir = try Self.mount("size=1m") else {
            withKnownIssue("mounting a tmpfs is not allowed here: the read-only case was not run") { Issue.record("no mount") }
            return
        }
        defer { Self.unmount(dir); try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("fruits.yaml")
        try Data("old".utf8).write(to: file)
        Self.unmount(dir, remount: "remount,ro")
        do {
            try AtomicFile.write(Array("new".utf8), to: file)
            Issue.record("a save into a read-only folder succeeded")
        } catch {
            #expect(error.description.contains(file.path))
            #expect(error.reason == String(cString: strerror(EROFS)))
        }
        #expect(try Data(contentsOf: file) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["fruits.yaml"])
    }
}
