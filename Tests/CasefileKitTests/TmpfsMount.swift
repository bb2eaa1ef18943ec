import Foundation

/// A tmpfs mounted on a fresh folder for the length of a test: a small disk to fill, or one to
/// make read-only. Only root may mount; elsewhere the tests that need one are skipped.
struct TmpfsMount {
    let folder: URL

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Why no tmpfs can be mounted here, or nil when one can (found out once, by mounting one).
    static let unavailable: String? = {
        guard geteuid() == 0 else { return "not running as root" }
        do {
            try TmpfsMount(size: "1m").unmount()
            return nil
        } catch {
            return "\(error)"
        }
    }()

    /// For `.enabled(if:)`: prints why the tests are skipped.
    static var available: Bool {
        if let why = unavailable {
            print("Skipping the tests that need a tmpfs: \(why)")
            return false
        }
        return true
    }

    init(size: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-tmpfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            try Self.run(["mount", "-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder.path])
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw error
        }
    }

    func remount(readOnly: Bool) throws {
        try Self.run(["mount", "-o", readOnly ? "remount,ro" : "remount,rw", folder.path])
    }

    /// Unmounts (lazily if it is busy) and removes the folder.
    func unmount() {
        if (try? Self.run(["umount", folder.path])) == nil { try? Self.run(["umount", "-l", folder.path]) }
        try? FileManager.default.removeItem(at: folder)
    }

    /// The names in the mounted folder.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// Writes `filler` until no more than `reserve` bytes are free (none left at all for 0).
    func fill(leaving reserve: Int) throws {
        let path = folder.appendingPathComponent("filler").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(description: "cannot create \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0x2A, count: 1 << 16)
        while true {
            var info = statvfs()
            guard statvfs(folder.path, &info) == 0 else { throw Failure(description: "statvfs failed") }
            let free = Int(info.f_bavail) * Int(info.f_frsize)
            if reserve > 0, free <= reserve { return }
            let count = reserve > 0 ? min(chunk.count, free - reserve) : chunk.count
            let wrote = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, count) }
            if wrote < 0 {
                if errno == ENOSPC && reserve == 0 { return }
                throw Failure(description: "cannot fill \(path): \(String(cString: strerror(errno)))")
            }
            if wrote == 0 { return }
        }
    }

    func removeFiller() {
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("filler"))
    }

    /// Runs `mount` or `umount` with `arguments`; throws with its standard error when it fails.
    private static func run(_ arguments: [String]) throws {
        let program = ["/usr/bin/", "/bin/", "/usr/sbin/", "/sbin/"].map { $0 + arguments[0] }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let program else { throw Failure(description: "no \(arguments[0]) program") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = Array(arguments.dropFirst())
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(arguments.joined(separator: " ")) failed: \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }
}
