import Foundation

/// The 1-based line and column (in Unicode scalars, as editors count) of `needle`'s
/// `occurrence`-th appearance in `text`, moved on by `offset` scalars.
public func place(of needle: String, in text: String, occurrence: Int = 1, offset: Int = 0) -> (line: Int, column: Int)? {
    var searchFrom = text.startIndex
    var found: Range<String.Index>?
    for _ in 0..<occurrence {
        guard let range = text.range(of: needle, range: searchFrom..<text.endIndex) else { return nil }
        found = range
        searchFrom = range.upperBound
    }
    guard let found else { return nil }
    let before = text.unicodeScalars[..<found.lowerBound]
    let line = before.count { $0 == "\n" } + 1
    let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
    return (line, before[lineStart...].count + 1 + offset)
}
