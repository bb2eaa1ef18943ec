/// A place in a file of the case: a path relative to the case folder (`animals.yaml`), and a
/// 1-based line and column (columns count Unicode scalars, as editors and libyaml do).
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    public var description: String { "\(path):\(line):\(column)" }

    /// The same place with its path below `folder` as the user named it (`Content/animals.yaml`):
    /// for the terminal and CI annotations, never for what is published.
    public func under(_ folder: String) -> SourceLocation {
        guard !folder.isEmpty, folder != "." else { return self }
        return SourceLocation(path: (folder.hasSuffix("/") ? folder : folder + "/") + path, line: line, column: column)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
    }
}
