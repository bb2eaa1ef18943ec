/// A template that does not parse: where, and what is wrong there.
public struct MustacheError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line and column (in characters) of the tag at fault.
    public let line: Int
    public let column: Int
    public let message: String

    public var description: String { "\(line):\(column): \(message)" }
}
