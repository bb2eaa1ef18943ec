import Foundation

/// Places the tests use: the repository's root (the folder of Package.swift), its sample case,
/// and the `casefile` binary `swift build` put beside the test bundle.
public enum Repository {
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The sample case, `Content/`.
    public static let sample = root.appendingPathComponent("Content", isDirectory: true)

    /// The debug binary of this build.
    public static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("casefile")
    }
}
