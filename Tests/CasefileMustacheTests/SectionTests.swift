import CasefileMustache
import Testing

@Suite("Sections")
struct SectionTests {
    let context = object([
        "yes": .bool(true), "no": .bool(false),
        "list": .list([object(["n": .int(1)]), object(["n": .int(2)])]),
        "empty": .list([]),
        "obj": object(["n": .string("o")]),
        "text": .string("hi"), "blank": .string(""), "zero": .int(0),
        "nothing": .null,
        "n": .string("root"),
    ])

    @Test("true renders the body once without pushing anything; false does not render it")
    func booleans() throws {
        #expect(try render("[{{#yes}}{{n}}{{/yes}}][{{#no}}x{{/no}}]", context) == "[root][]")
    }

    @Test("A list renders the body once per element, each pushed on the stack")
    func list() throws {
        #expect(try render("{{#list}}{{n}},{{/list}}", context) == "1,2,")
    }

    @Test("An object renders the body once, pushed on the stack")
    func object_() throws {
        #expect(try render("{{#obj}}{{n}}{{/obj}}", context) == "o")
    }

    @Test("Text, even empty, and 0 render the body once, pushed on the stack (swift-mustache dialect)")
    func text() throws {
        #expect(try render("[{{#text}}{{.}}{{/text}}][{{#blank}}<{{.}}>{{/blank}}][{{#zero}}{{.}}{{/zero}}]", context) == "[hi][<>][0]")
    }

    @Test("An empty list, null and a missing name do not render the body")
    func falsy() throws {
        #expect(try render("[{{#empty}}x{{/empty}}][{{#nothing}}x{{/nothing}}][{{#missing}}x{{/missing}}]", context) == "[][][]")
    }

    @Test("Dotted names and {{#.}} work as section names")
    func dottedAndDot() throws {
        #expect(try render("{{#obj.n}}[{{.}}]{{/obj.n}}", context) == "[o]")
        let nested = object(["rows": .list([.list([.int(1), .int(2)]), .list([.string("a")])])])
        #expect(try render("{{#rows}}({{#.}}{{.}}{{/.}}){{/rows}}", nested) == "(12)(a)")
    }

    @Test("Inverted sections render only for false, null, a missing name and an empty list")
    func inverted() throws {
        let template = "{{^yes}}1{{/yes}}{{^no}}2{{/no}}{{^list}}3{{/list}}{{^empty}}4{{/empty}}{{^obj}}5{{/obj}}"
            + "{{^text}}6{{/text}}{{^blank}}7{{/blank}}{{^zero}}8{{/zero}}{{^nothing}}9{{/nothing}}{{^missing}}10{{/missing}}"
        #expect(try render(template, context) == "24910")
    }

    @Test("An inverted section pushes nothing")
    func invertedPushesNothing() throws {
        #expect(try render("{{^no}}{{n}}{{/no}}", context) == "root")
    }
}
