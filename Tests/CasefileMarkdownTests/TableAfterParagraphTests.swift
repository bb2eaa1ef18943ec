@testable import CasefileMarkdown
import Testing

/// Case links in the lines right above a table (GFM lets a table follow a paragraph without a
/// blank line). libcmark-gfm gives the paragraph it splits off there no place, and its links
/// places counted from 0; the renderer counts them from the table's start instead, so that a
/// broken link is reported where it is written (and never at line 0, which SARIF refuses).
@Suite("Case links above a table")
struct TableAfterParagraphTests {
    private func places(_ source: String) -> [String] {
        MarkdownRenderer().render(source) { _ in nil }.brokenLinks.map { "\($0.id)@\($0.line):\($0.column)" }
    }

    /// The fuzzer's find, minimized (FuzzMarkdown): an empty link above a header row of one
    /// replacement character and a one-dash delimiter row. It was reported at 0:0.
    @Test func theMinimizedFindIsAtLineOneColumnOne() {
        #expect(places("[](animal:x)\n\u{FFFD}\n|-") == ["x@1:1"])
    }

    @Test func linksOnTheLinesAboveTheHeaderRow() {
        #expect(places("intro [a](animal:y) text\nh1 | h2\n--|--\nc | d") == ["y@1:7"])
        #expect(places("a\nb [a](animal:y) c\nh1 | h2\n--|--") == ["y@2:3"])
        #expect(places("top\n\nnote é [a](fruit:z)\nh | h\n-|-") == ["z@3:8"])
    }

    @Test func insideAListItemAndAQuote() {
        #expect(places("- a [x](animal:q)\n  b [y](animal:r)\n  h|h\n  -|-") == ["q@1:5", "r@2:5"])
        #expect(places("top\n\n> q [x](animal:q)\n> b [y](animal:r)\n> h|h\n> -|-") == ["q@3:5", "r@4:5"])
    }

    @Test func aParagraphWithABlankLineBeforeTheTableKeepsCmarksPlaces() {
        #expect(places("a [x](animal:q)\n\nh | h\n-|-\n[y](bulletin:r) | c") == ["q@1:3", "r@5:1"])
    }
}
