/// One file of the generated site: its path below the output folder, and its bytes (UTF-8).
public struct OutputFile: Sendable, Hashable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, contents: String) {
        self.init(path: path, bytes: Array(contents.utf8))
    }

    /// The bytes as text.
    public var contents: String { String(decoding: bytes, as: UTF8.self) }
}
