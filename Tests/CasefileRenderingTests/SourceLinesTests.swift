import Testing
@testable import CasefileRendering

/// A source file's lines as the validation page's excerpts read them: those kept for the
/// excerpts read as the whole file's do, and an excerpt keeps its problem's line and two either
/// side.
struct SourceLinesTests {
    /// 41 lines ending in CRLF but the last, line 20 long (700 scalars of two bytes each).
    static let text = (1...40).map { n in n == 20 ? String(repeating: "é", count: 700) + "\r" : "line \(n)\r" }
        .joined(separator: "\n") + "\nlast"

    @Test func keptLinesReadAsTheWholeFilesDo() {
        let whole = SourceLines(Self.text)
        let kept = SourceLines(Self.text, keeping: SourceLines.excerpted([1, 20, 41], context: 2))
        #expect(whole.count == 41)
        #expect(kept.count == 41)
        #expect(whole.text(ofLine: 2, from: 0, width: 240) == "line 2")
        #expect(whole.length(ofLine: 20) == 700)
        #expect(whole.text(ofLine: 41, from: 0, width: 240) == "last")
        for n in [1, 2, 3, 18, 19, 20, 21, 22, 39, 40, 41] {
            #expect(kept.length(ofLine: n) == whole.length(ofLine: n), "line \(n)")
            #expect(kept.text(ofLine: n, from: 300, width: 240) == whole.text(ofLine: n, from: 300, width: 240), "line \(n)")
            #expect(String(kept.scalars(ofLine: n, 2..<5)) == String(whole.scalars(ofLine: n, 2..<5)), "line \(n)")
        }
    }

    @Test func anExcerptKeepsTwoLinesEitherSide() {
        #expect(SourceLines.excerpted([1, 10], context: ValidationPage.excerptContext) == [1, 2, 3, 8, 9, 10, 11, 12])
        #expect(SourceLines.excerpted([0], context: 2).isEmpty)
    }
}
