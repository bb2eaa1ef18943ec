import CasefileMarkdown
import Testing

/// Renders with no case links expected: any case link resolves to nothing.
func html(_ source: String, unsafeHTML: Bool = false) -> String {
    MarkdownRenderer(unsafeHTML: unsafeHTML).render(source) { _ in nil }.html
}

func occurrences(of needle: String, in haystack: String) -> Int {
    haystack.components(separatedBy: needle).count - 1
}

@Suite("GitHub-flavoured Markdown extensions")
struct GFMExtensionTests {
    @Test func tableRendersHeaderAndBodyCells() {
        let out = html("""
            | Fruit | Bites |
            |-------|------:|
            | Elstar | 3 |
            | Lapins | 5 |
            """)
        #expect(out.contains("<table>"))
        #expect(out.contains("<thead>"))
        #expect(out.contains("<th>Fruit</th>"))
        // The second column is right-aligned by `------:`.
        #expect(out.contains(#"<th align="right">Bites</th>"#))
        #expect(out.contains("<td>Elstar</td>"))
        #expect(out.contains(#"<td align="right">5</td>"#))
        #expect(occurrences(of: "</th>", in: out) == 2)
        #expect(occurrences(of: "<tr>", in: out) == 3)
        // Not the fallback of a parser without the table extension.
        #expect(!out.contains("<p>| Fruit"))
    }

    @Test func taskListRendersCheckedAndUncheckedCheckboxes() {
        let out = html("""
            - [x] interview the fish
            - [ ] interview the crow
            - plain item
            """)
        #expect(occurrences(of: #"<input type="checkbox""#, in: out) == 2)
        #expect(occurrences(of: #"checked="""#, in: out) == 1)
        // Each checkbox is labelled by its item's text (a field without a name is what a screen
        // reader cannot say, and what axe-core calls critical).
        #expect(out.contains(#"<li><label><input type="checkbox" checked="" disabled="" /> interview the fish</label></li>"#))
        #expect(out.contains(#"<li><label><input type="checkbox" disabled="" /> interview the crow</label></li>"#))
        #expect(out.contains("<li>plain item</li>"))
        #expect(!out.contains("[x]"))
        #expect(!out.contains("[ ]"))
    }

    @Test func aTaskItemsLabelEndsWithItsInlineTextAndItsCaseLinksStillResolve() {
        let note = MarkdownRenderer().render("""
            - [x] asked [the fish](animal:fish) *twice*
              - [ ] nested, under it
            - [ ] two
              lines

            1. [ ] loose

               with a paragraph after
            """) { link in "suspects/id/\(link.id).html" }.html
        #expect(note.contains(#"<label><input type="checkbox" checked="" disabled="" /> asked <a href="suspects/id/fish.html">the fish</a> <em>twice</em></label>"#))
        // A nested list ends the label before it; the nested item has its own.
        #expect(note.contains(#"<label><input type="checkbox" disabled="" /> nested, under it</label>"#))
        // A soft line break inside the item ends the label at the break only before a tag.
        #expect(note.contains("<label><input type=\"checkbox\" disabled=\"\" /> two\nlines</label>"))
        #expect(note.contains(#"<label><input type="checkbox" disabled="" /> loose</label>"#))
        #expect(occurrences(of: "<label>", in: note) == 4 && occurrences(of: "</label>", in: note) == 4)
        // A line break inside an inline element: the label closes after the element does.
        let bold = html("- [ ] **check\n  [the pond](https://example.org/pond)**\n")
        #expect(bold.contains("<label><input type=\"checkbox\" disabled=\"\" /> <strong>check\n<a href=\"https://example.org/pond\">the pond</a></strong></label>"), "\(bold)")
    }

    @Test func bareURLBecomesALink() {
        let out = html("The case started at https://developer.apple.com/videos/play/wwdc2023/10161/ today.")
        // Marked as showing its address, so that print does not write the address twice.
        #expect(out.contains(#"<a href="https://developer.apple.com/videos/play/wwdc2023/10161/" class="cf-link-shows-address">https://developer.apple.com/videos/play/wwdc2023/10161/</a>"#))
        #expect(out.hasSuffix(" today.</p>\n"))
    }

    @Test func wwwAutolinkGetsAScheme() {
        let out = html("See www.example.org for more.")
        #expect(out.contains(#"<a href="http://www.example.org" class="cf-link-shows-address">www.example.org</a>"#))
    }

    /// Only a link whose text is its address is marked; the case links after it still resolve
    /// at their place, the class's bytes counted.
    @Test func onlyALinkShowingItsAddressIsMarkedAndCaseLinksAfterItResolve() {
        let note = MarkdownRenderer().render("""
            [the video](https://example.org/v) then <https://example.org/a?b=1&c=2> and \
            [https://example.org/t](https://example.org/t "a title") before [the fish](animal:fish);
            [**https://example.org/b**](https://example.org/b), [x](http://example.org/x) and
            www.example.org/w, then [the crow](animal:crow).
            """) { link in "suspects/id/\(link.id).html" }.html
        #expect(note.contains(#"<a href="https://example.org/v">the video</a>"#), "\(note)")
        #expect(note.contains(#"<a href="https://example.org/a?b=1&amp;c=2" class="cf-link-shows-address">https://example.org/a?b=1&amp;c=2</a>"#))
        #expect(note.contains(#"<a href="https://example.org/t" class="cf-link-shows-address" title="a title">https://example.org/t</a>"#))
        #expect(note.contains(#"<a href="https://example.org/b"><strong>https://example.org/b</strong></a>"#))
        #expect(note.contains(#"<a href="http://example.org/x">x</a>"#))
        #expect(note.contains(#"<a href="http://www.example.org/w" class="cf-link-shows-address">www.example.org/w</a>"#))
        #expect(occurrences(of: "cf-link-shows-address", in: note) == 3)
        #expect(note.contains(#"<a href="suspects/id/fish.html">the fish</a>"#))
        #expect(note.contains(#"<a href="suspects/id/crow.html">the crow</a>"#))
    }

    @Test func doubleTildeIsStrikethrough() {
        #expect(html("~~x~~") == "<p><del>x</del></p>\n")
        #expect(html("a ~~nibbled~~ b").contains("a <del>nibbled</del> b"))
    }

    @Test func plainMarkdownStillWorks() {
        let out = html("# Interview\n\nSome *emphasis* and **strong** and `code`.\n")
        #expect(out == "<h1>Interview</h1>\n<p>Some <em>emphasis</em> and <strong>strong</strong> and <code>code</code>.</p>\n")
    }

    @Test func emptySourceRendersNothing() {
        let note = MarkdownRenderer().render("") { _ in nil }
        #expect(note.html == "")
        #expect(note.brokenLinks.isEmpty)
    }
}

