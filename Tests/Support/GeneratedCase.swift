import Foundation

/// A case made by Scripts/make-case.py, in a new temporary folder.
public enum GeneratedCase {
    public struct Failure: Error, CustomStringConvertible {
        public let status: Int32
        public var description: String { "Scripts/make-case.py exited with \(status)" }
    }

    /// Runs make-case.py with `arguments` into a new folder named `prefix-UUID`, and returns it.
    public static func make(_ arguments: [String], prefix: String = "casefile-case") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Repository.root.appendingPathComponent("Scripts/make-case.py").path, folder.path] + arguments
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(status: process.terminationStatus) }
        return folder
    }
}
