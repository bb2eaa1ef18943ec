import CasefileMustache
import Testing

@Suite("Partials")
struct PartialTests {
    @Test("A partial renders with the current context stack")
    func context() throws {
        let context = object(["rows": .list([object(["x": .string("1")]), object(["x": .string("2")])])])
        #expect(try render("{{#rows}}[{{>row}}]{{/rows}}", context, partials: ["row": "{{x}}"]) == "[1][2]")
    }

    @Test("A missing partial renders nothing")
    func missing() throws {
        #expect(try render("a{{>nope}}b\n  {{>nope}}\nc") == "ab\nc")
    }

    @Test("A standalone partial's indentation starts every line of its output, but not the lines of a value")
    func standaloneIndentation() throws {
        let context = object(["v": .string("1\n2")])
        #expect(try render("<div>\n  {{>p}}\n</div>\n", context, partials: ["p": "<a>\n<b>{{v}}</b>\n"])
            == "<div>\n  <a>\n  <b>1\n2</b>\n</div>\n")
    }

    @Test("Indentation of nested standalone partials adds up")
    func nestedIndentation() throws {
        let partials = ["outer": "o\n  {{>inner}}\n", "inner": "i1\ni2\n"]
        #expect(try render("  {{>outer}}\n", partials: partials) == "  o\n    i1\n    i2\n")
    }

    @Test("A partial that is not alone on its line is not indented and keeps the line")
    func inlinePartial() throws {
        #expect(try render("x {{>p}}\n", partials: ["p": "a\nb"]) == "x a\nb\n")
    }

    @Test("A partial can include itself")
    func recursion() throws {
        let context = object(["name": .string("a"), "kids": .list([object(["name": .string("b"), "kids": .list([])])])])
        #expect(try render("{{>node}}", context, partials: ["node": "{{name}}({{#kids}}{{>node}}{{/kids}})"]) == "a(b())")
    }
}
