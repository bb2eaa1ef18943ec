import CasefileMustache
import Testing

@Suite("Comments and standalone lines")
struct WhitespaceTests {
    @Test("An inline comment is removed, its surroundings kept")
    func inlineComment() throws {
        #expect(try render("a {{! hidden }} b") == "a  b")
        #expect(try render("a{{!\nspans\nlines\n}}b\n") == "ab\n")
    }

    @Test("A comment alone on its line takes the line with it, multi-line ones too")
    func standaloneComment() throws {
        #expect(try render("a\n  {{! note }}\nb\n") == "a\nb\n")
        #expect(try render("a\n{{!\none\ntwo\n}}\nb") == "a\nb")
    }

    @Test("Section tags alone on their lines take their lines with them (\\n)")
    func standaloneSections() throws {
        let context = object(["items": .list([.string("a"), .string("b")])])
        let template = "<ul>\n  {{#items}}\n  <li>{{.}}</li>\n  {{/items}}\n  {{^items}}\n  <li>none</li>\n  {{/items}}\n</ul>\n"
        #expect(try render(template, context) == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
    }

    @Test("Standalone lines ending in \\r\\n are removed whole")
    func crlf() throws {
        #expect(try render("a\r\n{{#t}}\r\nb\r\n  {{/t}}\r\nc", object(["t": .bool(true)])) == "a\r\nb\r\nc")
    }

    @Test("A standalone tag on the last line needs no line break after it, nor one before it on the first")
    func endAndStartOfFile() throws {
        #expect(try render("a\n{{#t}}\nb\n  {{/t}}", object(["t": .bool(true)])) == "a\nb\n")
        #expect(try render("  {{#t}}\nb\n{{/t}}\n", object(["t": .bool(true)])) == "b\n")
    }

    @Test("A tag sharing its line with text, a variable, or a second section tag is not standalone")
    func notStandalone() throws {
        let context = object(["t": .bool(true), "v": .string("")])
        #expect(try render(" {{#t}}x{{/t}}\n", context) == " x\n")
        #expect(try render("  {{v}}\n", context) == "  \n")
        #expect(try render("{{#t}}{{/t}}\nx", context) == "\nx")
    }
}
