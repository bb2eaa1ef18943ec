import CasefileMarkdown
import Testing

/// A note is shown under a panel's `<h2>` and a section's `<h3>`: its headings are moved down so
/// that the page's outline has no skipped level, keeping the steps the author wrote.
@Suite("Note heading levels")
struct HeadingLevelTests {
    private func headings(_ source: String, top: Int) -> [String] {
        let out = MarkdownRenderer(topHeadingLevel: top).render(source) { _ in nil }.html
        return out.split(separator: "\n").compactMap { line in
            line.hasPrefix("<h") && line.dropFirst(2).first?.isNumber == true ? String(line.prefix(4)) : nil
        }
    }

    @Test func aNoteStartingAtH1StartsAtTheGivenLevel() {
        #expect(headings("# A\n\n## B\n\n### C\n", top: 4) == ["<h4>", "<h5>", "<h6>"])
    }

    @Test func levelsPastSixStopAtSix() {
        #expect(headings("# A\n\n#### D\n\n###### F\n", top: 4) == ["<h4>", "<h6>", "<h6>"])
    }

    @Test func theHighestHeadingWrittenIsTheOneMoved() {
        // A note whose first heading is `##` starts at the given level too: no gap below the page's.
        #expect(headings("## B\n\n### C\n", top: 4) == ["<h4>", "<h5>"])
        #expect(headings("Setext\n======\n\nText\n\nSub\n---\n", top: 4) == ["<h4>", "<h5>"])
    }

    @Test func levelOneLeavesHeadingsAsWritten() {
        #expect(headings("## B\n\n# A\n", top: 1) == ["<h2>", "<h1>"])
        #expect(MarkdownRenderer().topHeadingLevel == 1)
    }

    @Test func headingsAlreadyDeeperThanTheTopStayPut() {
        #expect(headings("##### E\n\n###### F\n", top: 4) == ["<h5>", "<h6>"])
    }
}
