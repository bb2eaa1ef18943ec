import Yams

/// Where a node written at a known offset ends. The parsers give only where a node starts, so
/// the end is found by reading on from there, as the parser did: a quoted scalar to its closing
/// quote (past escapes), a flow collection to its matching bracket (past quoted scalars and
/// comments), a plain scalar to the end of its text (a comment, a flow indicator, or, in block
/// context, the first line not indented past its key), a block scalar or block collection to
/// its last line indented past its key. Trailing blank and comment lines are not part of a
/// node. Reading back every edit catches a place this gets wrong.
extension SourceText {
    /// The end (exclusive) of `node`, which starts at `start`. `flow` is whether it sits in a
    /// flow collection (or JSON); `parentIndent` the column of its key (or its list's dash).
    func end(of node: Node, at start: Int, flow: Bool, parentIndent: Int) -> Int {
        guard start < bytes.count else { return start }
        switch bytes[start] {
        case UInt8(ascii: "\""): return doubleQuotedEnd(start)
        case UInt8(ascii: "'"): return singleQuotedEnd(start)
        case UInt8(ascii: "["), UInt8(ascii: "{"): return flowEnd(start)
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            if !flow, case .scalar = node { return blockLinesEnd(start, parentIndent: parentIndent, sequence: false) }
        default: break
        }
        switch node {
        case .scalar: return flow ? flowPlainEnd(start) : blockPlainEnd(start, parentIndent: parentIndent)
        case .mapping: return blockLinesEnd(start, parentIndent: parentIndent, sequence: false)
        case .sequence: return blockLinesEnd(start, parentIndent: parentIndent, sequence: true)
        case .alias: return flowPlainEnd(start)
        }
    }

    /// Past the closing quote of a double-quoted scalar (a `\` escapes the next byte).
    func doubleQuotedEnd(_ start: Int) -> Int {
        var i = start + 1
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\\"): i += 2
            case UInt8(ascii: "\""): return i + 1
            default: i += 1
            }
        }
        return bytes.count
    }

    /// Past the closing quote of a single-quoted scalar (`''` is a quote inside it).
    func singleQuotedEnd(_ start: Int) -> Int {
        var i = start + 1
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "'") {
                if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "'") { i += 2; continue }
                return i + 1
            }
            i += 1
        }
        return bytes.count
    }

    /// Past the bracket that closes the one at `start`.
    func flowEnd(_ start: Int) -> Int {
        var depth = 0
        var i = start
        var tokenStart = true
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1; i += 1; tokenStart = true
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1; i += 1
                if depth == 0 { return i }
                tokenStart = false
            case UInt8(ascii: "\"") where tokenStart || format == .json:
                i = doubleQuotedEnd(i); tokenStart = false
            case UInt8(ascii: "'") where tokenStart && format == .yaml:
                i = singleQuotedEnd(i); tokenStart = false
            case UInt8(ascii: "#") where tokenStart && format == .yaml:
                i = endOfLine(i)
            case UInt8(ascii: ","), UInt8(ascii: ":"), 0x20, 0x09, 0x0A, 0x0D:
                i += 1; tokenStart = true
            default:
                i += 1; tokenStart = false
            }
        }
        return bytes.count
    }

    /// The end of a plain scalar inside a flow collection: before a flow indicator, a `: `, a
    /// comment or the line's end, trailing spaces left out.
    func flowPlainEnd(_ start: Int) -> Int {
        var i = start
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: ",") || b == UInt8(ascii: "]") || b == UInt8(ascii: "}") || b == 0x0A || b == 0x0D { break }
            if b == UInt8(ascii: ":"), i + 1 >= bytes.count || [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ",")].contains(bytes[i + 1]) { break }
            if b == UInt8(ascii: "#"), i > start, bytes[i - 1] == 0x20 || bytes[i - 1] == 0x09 { break }
            i += 1
        }
        return trimmedEnd(i, from: start)
    }

    /// The end of a plain scalar in block context: its first line up to a comment, then every
    /// following line indented past `parentIndent` (a multi-line plain scalar), blank lines
    /// between them included.
    func blockPlainEnd(_ start: Int, parentIndent: Int) -> Int {
        var end = plainLineEnd(start)
        var line = nextLine(after: start)
        while let l = line {
            if isBlankLine(l) { line = nextLine(after: l); continue }
            let indent = indentation(l)
            if indent <= parentIndent || isCommentLine(l) { break }
            end = plainLineEnd(l + indent)
            line = nextLine(after: l)
        }
        return end
    }

    /// The end of one line of a plain scalar: before ` #` or the line break, trailing spaces out.
    private func plainLineEnd(_ start: Int) -> Int {
        var i = start
        while i < bytes.count, !isBreak(i) {
            if bytes[i] == UInt8(ascii: "#"), i > start, bytes[i - 1] == 0x20 || bytes[i - 1] == 0x09 { break }
            i += 1
        }
        return trimmedEnd(i, from: start)
    }

    /// The end of a block collection or block scalar starting at `start`: the end of the last
    /// line (before its break) that is indented past `parentIndent` — or, for a sequence, that
    /// is a `-` entry at `parentIndent` (a list not indented under its key). Blank and
    /// comment-only lines after it are not part of it.
    func blockLinesEnd(_ start: Int, parentIndent: Int, sequence: Bool) -> Int {
        var end = trimmedEnd(endOfLine(start), from: start)
        var line = nextLine(after: start)
        while let l = line {
            if isBlankLine(l) || isCommentLine(l) { line = nextLine(after: l); continue }
            let indent = indentation(l)
            let dashEntry = sequence && indent == parentIndent && l + indent < bytes.count && bytes[l + indent] == UInt8(ascii: "-")
                && (l + indent + 1 >= bytes.count || [0x20, 0x0A, 0x0D].contains(bytes[l + indent + 1]))
            guard indent > parentIndent || dashEntry else { break }
            end = trimmedEnd(endOfLine(l), from: l)
            line = nextLine(after: l)
        }
        return end
    }

    /// Past the key scalar starting at `start` (plain, or quoted as in JSON).
    func keyEnd(_ start: Int) -> Int {
        guard start < bytes.count else { return start }
        if bytes[start] == UInt8(ascii: "\"") { return doubleQuotedEnd(start) }
        if bytes[start] == UInt8(ascii: "'") { return singleQuotedEnd(start) }
        return flowPlainEnd(start)
    }
}
