import Yams

/// A case file's bytes with what finding a place in them needs: where the text starts (after a
/// UTF-8 byte-order mark, which the loader skips and so do the parsers' marks), where each line
/// starts, and the line ending new lines are written with (the file's first, else `\n`).
struct SourceText: Sendable {
    let bytes: [UInt8]
    let format: SourceFormat
    /// 3 after a byte-order mark, else 0: the marks count from here.
    let bodyStart: Int
    /// The offset of each line's first byte; line 1 is index 0.
    let lineStarts: [Int]
    /// `\r\n` when the file's first line ends so, else `\n`.
    let lineEnd: [UInt8]

    init(_ bytes: [UInt8], format: SourceFormat) {
        self.bytes = bytes
        self.format = format
        bodyStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var starts = [bodyStart]
        var firstEnd: [UInt8]?
        var i = bodyStart
        let n = bytes.count
        // The line breaks each parser counts: JSONReader only `\n` (a `\r` before it is
        // whitespace); libyaml `\r\n`, a lone `\r`, `\n`, and NEL, LS and PS.
        while i < n {
            let b = bytes[i]
            if b == 0x0A {
                if firstEnd == nil { firstEnd = i > bodyStart && bytes[i - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A] }
                i += 1
                starts.append(i)
            } else if format == .yaml, b == 0x0D {
                i += (i + 1 < n && bytes[i + 1] == 0x0A) ? 2 : 1
                if firstEnd == nil { firstEnd = bytes[i - 1] == 0x0A ? [0x0D, 0x0A] : [0x0D] }
                starts.append(i)
            } else if format == .yaml, b == 0xC2, i + 1 < n, bytes[i + 1] == 0x85 {
                i += 2
                starts.append(i)
            } else if format == .yaml, b == 0xE2, i + 2 < n, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                i += 3
                starts.append(i)
            } else {
                i += 1
            }
        }
        lineStarts = starts
        lineEnd = firstEnd ?? [0x0A]
    }

    /// The byte offset of a parser's mark (1-based line, 1-based column counted in Unicode
    /// scalars, as libyaml and JSONReader both count), or nil when it lies outside the text.
    func offset(of mark: Mark?) -> Int? {
        guard let mark, mark.line >= 1, mark.line <= lineStarts.count, mark.column >= 1 else { return nil }
        var i = lineStarts[mark.line - 1]
        var left = mark.column - 1
        while left > 0 {
            guard i < bytes.count else { return nil }
            i += 1
            while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }
            left -= 1
        }
        return i <= bytes.count ? i : nil
    }

    // MARK: Lines

    /// The line (1-based) that holds offset `i`, as the parsers count lines.
    func line(of i: Int) -> Int {
        var low = 0, high = lineStarts.count
        while high - low > 1 {
            let mid = (low + high) / 2
            if lineStarts[mid] <= i { low = mid } else { high = mid }
        }
        return low + 1
    }

    /// The parsers' mark of offset `i`: its line, and its column counted in Unicode scalars.
    func mark(of i: Int) -> (line: Int, column: Int) {
        let line = line(of: i)
        var column = 1
        for k in lineStarts[line - 1]..<min(i, bytes.count) where bytes[k] & 0xC0 != 0x80 { column += 1 }
        return (line, column)
    }

    func isBreak(_ i: Int) -> Bool {
        i < bytes.count && (bytes[i] == 0x0A || bytes[i] == 0x0D)
    }

    /// The offset of the line break ending the line that holds `i` (the file's end when none).
    func endOfLine(_ i: Int) -> Int {
        var j = i
        while j < bytes.count, bytes[j] != 0x0A, bytes[j] != 0x0D { j += 1 }
        return j
    }

    /// Past the line break at `i` (`\r\n` counted as one), or `i` when there is none.
    func pastBreak(_ i: Int) -> Int {
        guard i < bytes.count else { return i }
        if bytes[i] == 0x0D { return i + 1 < bytes.count && bytes[i + 1] == 0x0A ? i + 2 : i + 1 }
        return bytes[i] == 0x0A ? i + 1 : i
    }

    /// The start of the line that holds `i`.
    func startOfLine(_ i: Int) -> Int {
        var j = min(i, bytes.count)
        while j > bodyStart, bytes[j - 1] != 0x0A, bytes[j - 1] != 0x0D { j -= 1 }
        return j
    }

    /// How many spaces start the line that starts at `lineStart`.
    func indentation(_ lineStart: Int) -> Int {
        var j = lineStart
        while j < bytes.count, bytes[j] == 0x20 { j += 1 }
        return j - lineStart
    }

    /// Whether the line starting at `lineStart` holds nothing but spaces and tabs.
    func isBlankLine(_ lineStart: Int) -> Bool {
        var j = lineStart
        while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
        return j >= bytes.count || isBreak(j)
    }

    /// Whether the line starting at `lineStart` holds only a comment.
    func isCommentLine(_ lineStart: Int) -> Bool {
        var j = lineStart
        while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
        return j < bytes.count && bytes[j] == UInt8(ascii: "#")
    }

    /// The start of the line after the one holding `i`, or nil at the last line.
    func nextLine(after i: Int) -> Int? {
        let end = endOfLine(i)
        return end < bytes.count ? pastBreak(end) : nil
    }

    /// The bytes before `i` on its line, when they are only spaces (and a sequence's `- `
    /// when `dashes`): the indentation a neighbour starting at `i` was written with.
    func prefix(before i: Int) -> [UInt8] {
        Array(bytes[startOfLine(i)..<i])
    }

    /// `i` moved back over spaces and tabs.
    func trimmedEnd(_ i: Int, from start: Int) -> Int {
        var j = i
        while j > start, bytes[j - 1] == 0x20 || bytes[j - 1] == 0x09 { j -= 1 }
        return j
    }

    /// The bytes that remove the lines from `lineStart` to the one holding `end`: through its
    /// line break, or, on a last line without one, with the break before it (so that a file
    /// without a final newline stays without one).
    func lineRemoval(from lineStart: Int, through end: Int) -> Range<Int> {
        let eol = endOfLine(end)
        if eol < bytes.count { return lineStart..<pastBreak(eol) }
        guard lineStart > bodyStart else { return lineStart..<eol }
        var breakStart = lineStart - 1
        if breakStart > bodyStart, bytes[breakStart] == 0x0A, bytes[breakStart - 1] == 0x0D { breakStart -= 1 }
        return breakStart..<eol
    }
}
