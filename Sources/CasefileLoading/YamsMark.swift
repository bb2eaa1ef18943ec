import Yams

/// A Yams `Mark` made outside Yams, for the nodes `JSONReader` builds. Yams declares `Mark` as a
/// public struct of two public `let`s, `line` then `column`, but gives it no public initializer;
/// it is built here from a struct of the same two stored properties. `isSound` checks once that
/// the two agree, and `JSONReader` relies on nothing else (a test checks it too).
package enum YamsMark {
    private struct Layout {
        var line: Int
        var column: Int
    }

    package static func make(line: Int, column: Int) -> Mark {
        unsafeBitCast(Layout(line: line, column: column), to: Mark.self)
    }

    /// Whether a mark made here reads back as made.
    static let isSound: Bool = {
        guard MemoryLayout<Mark>.size == MemoryLayout<Layout>.size,
              MemoryLayout<Mark>.alignment == MemoryLayout<Layout>.alignment else { return false }
        let mark = make(line: 12_345, column: 678)
        return mark.line == 12_345 && mark.column == 678
    }()
}
