/// A source file's lines, split once for all the excerpts of a build, with what an excerpt needs
/// to show a window of a long line without walking the line from its start: a note written on one
/// 5 MB line with thousands of problems would otherwise put the whole line, and a walk along it,
/// into every problem's excerpt. Only the lines an excerpt shows are kept: at 100k, every line of
/// the bulletins' file took 31 MB for the excerpts of 516 problems.
struct SourceLines: Sendable {
    /// How many lines the text has (a final line without a newline counts).
    let count: Int
    /// Each kept line (by 0-based number) without its "\n" or "\r\n".
    private let lines: [Int: Substring]
    /// Each kept line's length in Unicode scalars.
    private let lengths: [Int: Int]
    /// For each kept line longer than `checkpointStride`, the index of every `checkpointStride`-th scalar.
    private let checkpoints: [Int: [String.Index]]

    private static let checkpointStride = 256

    /// The lines of `text`; `keeping`: the 1-based numbers of the lines to keep (nil: all).
    init(_ text: String, keeping wanted: Set<Int>? = nil) {
        var lines: [Int: Substring] = [:]
        var count = 0
        var start = text.utf8.startIndex
        func end(_ line: Substring) {
            count += 1
            if wanted?.contains(count) ?? true {
                lines[count - 1] = line.utf8.last == UInt8(ascii: "\r") ? line.dropLast() : line
            }
        }
        while let newline = text.utf8[start...].firstIndex(of: UInt8(ascii: "\n")) {
            end(text[start..<newline])
            start = text.utf8.index(after: newline)
        }
        end(text[start...])
        self.count = count
        self.lines = lines
        var lengths: [Int: Int] = [:]
        var checkpoints: [Int: [String.Index]] = [:]
        for (n, line) in lines {
            var length = 0
            var marks: [String.Index] = []
            var index = line.unicodeScalars.startIndex
            while index < line.unicodeScalars.endIndex {
                if length % Self.checkpointStride == 0 { marks.append(index) }
                length += 1
                line.unicodeScalars.formIndex(after: &index)
            }
            lengths[n] = length
            if length > Self.checkpointStride { checkpoints[n] = marks }
        }
        self.lengths = lengths
        self.checkpoints = checkpoints
    }

    /// The lines an excerpt of each of `lines` (1-based) shows: `context` either side.
    static func excerpted(_ lines: some Sequence<Int>, context: Int) -> Set<Int> {
        var kept: Set<Int> = []
        for line in lines where line >= 1 { kept.formUnion(max(1, line - context)...(line + context)) }
        return kept
    }

    /// The length of 1-based `line` in Unicode scalars.
    func length(ofLine line: Int) -> Int { lengths[line - 1]! }

    /// The scalars `range` (0-based offsets, clamped to the line) of 1-based `line`.
    func scalars(ofLine line: Int, _ range: Range<Int>) -> Substring.UnicodeScalarView {
        let lower = min(max(0, range.lowerBound), length(ofLine: line))
        let upper = min(max(lower, range.upperBound), length(ofLine: line))
        let from = index(line, lower)
        let to = lineText(line).unicodeScalars.index(from, offsetBy: upper - lower)
        return lineText(line).unicodeScalars[from..<to]
    }

    /// What an excerpt shows of 1-based `line`: all of it when it is at most `width` scalars
    /// long, else `width` scalars from offset `start` on (or the last `width`), with "…" where
    /// the line goes on beyond either side.
    func text(ofLine line: Int, from start: Int, width: Int) -> String {
        let length = length(ofLine: line)
        if length <= width { return String(lineText(line)) }
        let lower = min(max(0, start), length - width), upper = lower + width
        return (lower > 0 ? "…" : "") + String(Substring(scalars(ofLine: line, lower..<upper))) + (upper < length ? "…" : "")
    }

    /// 1-based `line`, which must be kept.
    private func lineText(_ line: Int) -> Substring { lines[line - 1]! }

    /// The index of the scalar at 0-based `offset` (at most the line's length) on 1-based `line`.
    private func index(_ line: Int, _ offset: Int) -> String.Index {
        let scalars = lineText(line).unicodeScalars
        guard let marks = checkpoints[line - 1] else { return scalars.index(scalars.startIndex, offsetBy: offset) }
        let mark = min(offset / Self.checkpointStride, marks.count - 1)
        return scalars.index(marks[mark], offsetBy: offset - mark * Self.checkpointStride)
    }
}
