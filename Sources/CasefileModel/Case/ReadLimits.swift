/// The largest files the loader reads (site.yaml's `limits`): a data file and a note.
public struct ReadLimits: Sendable, Hashable {
    public var dataFileBytes = 64 << 20
    public var noteBytes = 8 << 20
    /// site.yaml itself is read before its limits are known.
    public static let siteFileBytes = 1 << 20

    public init() {}

    package static func megabytes(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }
}
