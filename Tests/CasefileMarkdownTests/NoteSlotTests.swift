import Testing
@testable import CasefileMarkdown

/// A compiled note keeps a slot for each case link to a record that exists; writing the slots
/// later must give what cmark would have written had it known the URLs.
@Suite("Notes compiled with their links to be placed")
struct NoteSlotTests {
    private func compile(_ source: String, known: Set<String>) -> CompiledNote {
        var next = 0
        return MarkdownRenderer().compile(source) { link in
            guard known.contains(link.id) else { return nil }
            defer { next += 1 }
            return next * 10
        }
    }

    @Test func slotsAreInDocumentOrderWithTheTargetsLocateGave() {
        let compiled = compile("[a](animal:fox) [b](fruit:elstar) [c](bulletin:b1)", known: ["fox", "b1"])
        #expect(compiled.note.slots.map(\.kind) == [.animal, .bulletin])
        #expect(compiled.note.slots.map(\.target) == [0, 10])
        #expect(compiled.brokenLinks.map(\.id) == ["elstar"])
        // Each slot sits between the quotes of an href; nothing of the marker is left.
        let html = compiled.note.html
        for slot in compiled.note.slots {
            let before = String(decoding: html.utf8.prefix(slot.offset).suffix(9), as: UTF8.self)
            #expect(before == #"<a href=""#)
            #expect(html.utf8.dropFirst(slot.offset).first == UInt8(ascii: "\""))
        }
        #expect(!html.contains("casefile-slot"))
        #expect(compiled.note.linked { "u\($0.target).html" }
                == #"<p><a href="u0.html">a</a> b <a href="u10.html">c</a></p>"# + "\n")
    }

    @Test func aLinkWhoseDestinationIsNotShownHasNoSlot() {
        // Inside an image's description a link is plain text: cmark writes no href for it.
        let compiled = compile("![see [fox](animal:fox)](pic.png) and [fox](animal:fox)", known: ["fox"])
        #expect(compiled.note.slots.map(\.target) == [10])
        #expect(compiled.note.linked { _ in "x.html" }.contains(#"<a href="x.html">fox</a>"#))
        #expect(!compiled.note.html.contains("casefile-slot"))
    }

    @Test func writtenURLsAreEscapedAsCmarkEscapesADestination() {
        // The same URL as an ordinary link, escaped by cmark itself, and as a placed case link
        // (a destination in `<…>` may hold anything but `<`, `>`, `\\` and line breaks).
        let url = "a b/é?x=1&y='2'\"[]{|}^`#~ok_(1)!$*+,;=:@%"
        let plain = MarkdownRenderer().render("[x](<\(url)>)") { _ in nil }.html
        let placed = compile("[x](animal:fox)", known: ["fox"]).note.linked { _ in url }
        #expect(placed == plain)
    }

    @Test func aNoteWithoutCaseLinksIsItsHTML() {
        let compiled = compile("# Title\n\nPlain *text* and [web](https://example.org).", known: [])
        #expect(compiled.note.slots.isEmpty)
        #expect(compiled.note.linked { _ in "never" } == compiled.note.html)
        #expect(compiled.note.html.contains(#"<a href="https://example.org">web</a>"#))
    }

    /// An input can hold the marker only if it was made by reading the running process (a fuzzer
    /// learns the strings the renderer searches for): the note must still render as it says.
    @Test(arguments: [
        "\(LinkSlot.markerPrefix)0_",                                   // a marker of slot 0, as text
        "[web](\(LinkSlot.markerPrefix)0_)",                            // …as a link's destination
        "`\(LinkSlot.markerPrefix)0_`",                                 // …in code
        "\(LinkSlot.markerPrefix)99999999999999999999999999999_",        // a number past Int.max
        "\(LinkSlot.markerPrefix)",                                     // the prefix alone, at the end
        "&#99;\(LinkSlot.markerPrefix.dropFirst())00_",                 // spelt with an entity, a leading zero
    ])
    func aNoteHoldingTheMarkerRendersAsWritten(_ text: String) {
        let source = "\(text) [fox](animal:fox) then \(text) [elstar](fruit:elstar)"
        let compiled = compile(source, known: ["fox", "elstar"])
        #expect(compiled.note.slots.map(\.target) == [0, 10])
        let placed = compiled.note.linked { "u\($0.target).html" }
        let expected = MarkdownRenderer().render(source) { "u\($0.kind == .animal ? 0 : 10).html" }.html
        #expect(placed == expected)
        #expect(placed.contains(#"<a href="u0.html">fox</a>"#))
        #expect(placed.contains(#"<a href="u10.html">elstar</a>"#))
        // What the note wrote is still there, twice.
        let written = MarkdownRenderer().render(text) { _ in nil }.html
            .replacingOccurrences(of: "<p>", with: "").replacingOccurrences(of: "</p>\n", with: "")
        #expect(placed.components(separatedBy: written).count - 1 == 2)
    }
}
