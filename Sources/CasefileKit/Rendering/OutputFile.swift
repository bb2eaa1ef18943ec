/// One file of the generated site: its path below the output folder, and its bytes.
public struct OutputFile: Sendable, Hashable {
    public var path: String
    public var contents: String

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}
