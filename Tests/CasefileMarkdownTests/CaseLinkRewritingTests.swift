import CasefileMarkdown
import Testing

/// Renders `source`, resolving case links from `known` (by "kind:id"), and records every link
/// the resolver was asked about.
private func render(_ source: String, known: [String: String] = [:]) -> (note: RenderedNote, asked: [CaseLink]) {
    var asked: [CaseLink] = []
    let note = MarkdownRenderer().render(source) { link in
        asked.append(link)
        return known["\(link.kind.rawValue):\(link.id)"]
    }
    return (note, asked)
}

@Suite("Case links")
struct CaseLinkRewritingTests {
    @Test func animalLinkIsRewrittenToTheResolvedURL() {
        let (note, asked) = render("Ask [Fish](animal:fish) about it.", known: ["animal:fish": "index.html#fish"])
        #expect(note.html == "<p>Ask <a href=\"index.html#fish\">Fish</a> about it.</p>\n")
        #expect(note.brokenLinks.isEmpty)
        #expect(asked.count == 1)
        #expect(asked.first?.kind == .animal)
        #expect(asked.first?.id == "fish")
        #expect(asked.first?.line == 1)
        #expect(asked.first?.column == 5)
        #expect(!note.html.contains("animal:"))
    }

    @Test func bulletinAndFruitLinks() {
        let (note, asked) = render(
            "[the nibble](bulletin:b-orchard-elstar) of [an Elstar](fruit:elstar)",
            known: ["bulletin:b-orchard-elstar": "bulletins/index.html#b-orchard-elstar",
                    "fruit:elstar": "fruits/index.html#elstar"])
        #expect(asked.map(\.kind) == [.bulletin, .fruit])
        #expect(asked.map(\.id) == ["b-orchard-elstar", "elstar"])
        #expect(note.html.contains(#"<a href="bulletins/index.html#b-orchard-elstar">the nibble</a>"#))
        #expect(note.html.contains(#"<a href="fruits/index.html#elstar">an Elstar</a>"#))
        #expect(note.brokenLinks.isEmpty)
    }

    @Test func resolvedURLIsEscapedInTheAttribute() {
        let (note, _) = render("[x](animal:fish)", known: ["animal:fish": "a.html?x=1&y=\"2\"#fish"])
        #expect(note.html.contains(#"href="a.html?x=1&amp;y=%222%22#fish""#)
                || note.html.contains(#"href="a.html?x=1&amp;y=&quot;2&quot;#fish""#))
        #expect(!note.html.contains("y=\"2\""))
    }

    @Test func nonCaseLinksAreNotPassedToTheResolver() {
        let source = """
            [web](https://x) <https://y.example> https://z.example [mail](mailto:a@b.example)
            [relative](fish.html) [plural](animals:fish) [anchor](#top)
            """
        let (note, asked) = render(source)
        #expect(asked.isEmpty)
        #expect(note.brokenLinks.isEmpty)
        #expect(note.html.contains(#"<a href="https://x">web</a>"#))
        #expect(note.html.contains(#"<a href="animals:fish">plural</a>"#))
        #expect(note.html.contains(#"<a href="fish.html">relative</a>"#))
    }

    @Test func brokenLinkIsReportedWithLineAndColumnAndKeepsItsText() {
        let source = """
            # Interview

            He blamed [the ghost](animal:ghost) for it.
            """
        // Line 3: "He blamed " is 10 characters, so `[` is column 11.
        let (note, asked) = render(source)
        #expect(asked.count == 1)
        #expect(note.brokenLinks == [CaseLink(kind: .animal, id: "ghost", line: 3, column: 11)])
        #expect(note.html.contains("<p>He blamed the ghost for it.</p>"))
        #expect(!note.html.contains("<a"))
        #expect(!note.html.contains("animal:ghost"))
    }

    @Test func brokenLinkInsideAListItem() {
        let source = """
            Suspects:

            - the crow
            - maybe [Nobody](bulletin:b-nowhere) at all
            """
        // Line 4: "- maybe " is 8 characters, so `[` is column 9.
        let (note, _) = render(source)
        #expect(note.brokenLinks == [CaseLink(kind: .bulletin, id: "b-nowhere", line: 4, column: 9)])
        #expect(note.html.contains("<li>maybe Nobody at all</li>"))
        #expect(!note.html.contains("<a"))
    }

    @Test func brokenLinkInANestedListAndABlockquote() {
        let source = """
            1. first
               - inner [x](fruit:nope)

            > quoted [y](animal:nope)
            """
        // Line 2: "   - inner " is 11 characters → column 12. Line 4: "> quoted " is 9 → column 10.
        let (note, _) = render(source)
        #expect(note.brokenLinks == [
            CaseLink(kind: .fruit, id: "nope", line: 2, column: 12),
            CaseLink(kind: .animal, id: "nope", line: 4, column: 10),
        ])
    }

    @Test func brokenLinkOnAContinuationLineOfAParagraph() {
        let source = """
            The first line of a paragraph
            and its second line, with [a link](animal:nope).
            """
        // Line 2: "and its second line, with " is 26 characters → column 27.
        let (note, _) = render(source)
        #expect(note.brokenLinks == [CaseLink(kind: .animal, id: "nope", line: 2, column: 27)])
    }

    @Test func columnsCountUnicodeScalarsNotBytes() {
        // "Café " is 5 scalars (6 UTF-8 bytes): the `[` is column 6, as editors count.
        let (note, _) = render("Café [x](animal:nope)")
        #expect(note.brokenLinks == [CaseLink(kind: .animal, id: "nope", line: 1, column: 6)])
    }

    @Test func brokenLinkKeepsFormattedText() {
        let (note, _) = render("[*Ghost* `x`](animal:ghost)")
        #expect(note.html == "<p><em>Ghost</em> <code>x</code></p>\n")
    }

    @Test func brokenAndResolvedLinksTogetherInDocumentOrder() {
        let source = "[a](animal:fish) [b](animal:nope1)\n\n[c](fruit:nope2) [d](fruit:elstar)"
        let (note, asked) = render(source, known: ["animal:fish": "f.html", "fruit:elstar": "e.html"])
        #expect(asked.map(\.id) == ["fish", "nope1", "nope2", "elstar"])
        #expect(note.brokenLinks.map(\.id) == ["nope1", "nope2"])
        #expect(note.brokenLinks.map(\.line) == [1, 3])
        #expect(note.brokenLinks.map(\.column) == [18, 1])
        #expect(note.html == "<p><a href=\"f.html\">a</a> b</p>\n<p>c <a href=\"e.html\">d</a></p>\n")
    }

    @Test func caseLinkDestinationParsing() {
        #expect(CaseLink(destination: "animal:fish", line: 1, column: 1) == CaseLink(kind: .animal, id: "fish", line: 1, column: 1))
        #expect(CaseLink(destination: "fruit:", line: 1, column: 1)?.id == "")
        #expect(CaseLink(destination: "https://x", line: 1, column: 1) == nil)
        #expect(CaseLink(destination: "fish", line: 1, column: 1) == nil)
        #expect(CaseLink(destination: "animals:fish", line: 1, column: 1) == nil)
    }
}
