/// Where each line of a text starts, as UTF-8 offsets: byte offsets to 1-based lines and columns
/// (by binary search), to name the place of a failed publish check.
package struct LineTable: Sendable {
    private var starts: [Int] = [0]

    /// A page's lines: one plain loop over its bytes (a generic sequence, unspecialised across
    /// modules, cost a metadata lookup per byte).
    package init(_ bytes: [UInt8]) {
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\n") { starts.append(i + 1) }
            i += 1
        }
    }

    /// The 1-based line and byte column of the byte at `offset`.
    package func location(of offset: Int) -> LineColumn {
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return LineColumn(line: low + 1, column: offset - starts[low] + 1)
    }
}

/// A place in a text: 1-based line and column.
package struct LineColumn: Sendable, Hashable {
    package var line: Int
    package var column: Int
}
