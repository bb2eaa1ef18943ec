/// A source file's lines, split once for all the excerpts of a build, with what an excerpt needs
/// to show a window of a long line without walking the line from its start: a note written on one
/// 5 MB line with thousands of problems would otherwise put the whole line, and a walk along it,
/// into every problem's excerpt.
struct SourceLines: Sendable {
    /// Each line without its "\n" or "\r\n".
    private let lines: [Substring]
    /// Each line's length in Unicode scalars.
    private let lengths: [Int]
    /// For each line longer than `checkpointStride`, the index of every `checkpointStride`-th scalar.
    private let checkpoints: [Int: [String.Index]]

    private static let checkpointStride = 256

    init(_ text: String) {
        var lines: [Substring] = []
        var start = text.utf8.startIndex
        var i = start
        while i < text.utf8.endIndex {
            if text.utf8[i] == UInt8(ascii: "\n") {
                lines.append(text[start..<i])
                start = text.utf8.index(after: i)
            }
            i = text.utf8.index(after: i)
        }
        lines.append(text[start...])
        self.lines = lines.map { $0.utf8.last == UInt8(ascii: "\r") ? $0.dropLast() : $0 }
        var lengths: [Int] = []
        var checkpoints: [Int: [String.Index]] = [:]
        lengths.reserveCapacity(self.lines.count)
        for (n, line) in self.lines.enumerated() {
            var length = 0
            var marks: [String.Index] = []
            var index = line.unicodeScalars.startIndex
            while index < line.unicodeScalars.endIndex {
                if length % Self.checkpointStride == 0 { marks.append(index) }
                length += 1
                line.unicodeScalars.formIndex(after: &index)
            }
            lengths.append(length)
            if length > Self.checkpointStride { checkpoints[n] = marks }
        }
        self.lengths = lengths
        self.checkpoints = checkpoints
    }

    /// How many lines the text has (a final line without a newline counts).
    var count: Int { lines.count }

    /// The length of 1-based `line` in Unicode scalars.
    func length(ofLine line: Int) -> Int { lengths[line - 1] }

    /// The scalars `range` (0-based offsets, clamped to the line) of 1-based `line`.
    func scalars(ofLine line: Int, _ range: Range<Int>) -> Substring.UnicodeScalarView {
        let lower = min(max(0, range.lowerBound), lengths[line - 1])
        let upper = min(max(lower, range.upperBound), lengths[line - 1])
        let from = index(line, lower)
        let to = lineText(line).unicodeScalars.index(from, offsetBy: upper - lower)
        return lineText(line).unicodeScalars[from..<to]
    }

    /// What an excerpt shows of 1-based `line`: all of it when it is at most `width` scalars
    /// long, else `width` scalars from offset `start` on (or the last `width`), with "…" where
    /// the line goes on beyond either side.
    func text(ofLine line: Int, from start: Int, width: Int) -> String {
        let length = lengths[line - 1]
        if length <= width { return String(lines[line - 1]) }
        let lower = min(max(0, start), length - width), upper = lower + width
        return (lower > 0 ? "…" : "") + String(Substring(scalars(ofLine: line, lower..<upper))) + (upper < length ? "…" : "")
    }

    private func lineText(_ line: Int) -> Substring { lines[line - 1] }

    /// The index of the scalar at 0-based `offset` (at most the line's length) on 1-based `line`.
    private func index(_ line: Int, _ offset: Int) -> String.Index {
        let scalars = lines[line - 1].unicodeScalars
        guard let marks = checkpoints[line - 1] else { return scalars.index(scalars.startIndex, offsetBy: offset) }
        let mark = min(offset / Self.checkpointStride, marks.count - 1)
        return scalars.index(marks[mark], offsetBy: offset - mark * Self.checkpointStride)
    }
}
