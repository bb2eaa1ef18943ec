import CasefileMustache
import Testing

// CasefileMustache's own tests, one or more per construct the dialect has. Every expected string
// here is worked out from the rules (the Mustache specification, and the swift-mustache dialect
// for what counts as falsy), not copied from the renderer's output.

// MARK: - Helpers

/// An object context made of name/value pairs.
private func object(_ pairs: KeyValuePairs<String, MustacheValue>) -> MustacheValue {
    .object(MustacheDictionary(Dictionary(uniqueKeysWithValues: pairs.map { ($0.key, $0.value) })))
}

/// Registers `partials` and `template` (as "main") in a new library and renders "main".
private func render(_ template: String, _ context: MustacheValue = object([:]), partials: [String: String] = [:]) throws -> String {
    var library = MustacheLibrary()
    for (name, source) in partials { try library.register(source, named: name) }
    try library.register(template, named: "main")
    return library.render(context, template: "main")
}

/// The error `source` fails to parse with, or nil when it parses.

// MARK: - Interpolation

@Suite("Interpolation")
struct InterpolationTests {
    @Test("{{name}} escapes all five HTML characters")
    func escapesFiveCharacters() throws {
        let context = object(["v": .string(#"& < > " '"#)])
        #expect(try render("[{{v}}]", context) == "[&amp; &lt; &gt; &quot; &#39;]")
    }

    @Test("{{{name}}} and {{&name}} print the text as is")
    func unescaped() throws {
        let context = object(["v": .string(#"<a href="x">&'"#)])
        #expect(try render("{{{v}}}|{{&v}}|{{& v }}", context) == #"<a href="x">&'|<a href="x">&'|<a href="x">&'"#)
    }

    @Test("Multi-byte UTF-8 in values and template text passes through; only the five characters change")
    func multiByte() throws {
        let context = object(["v": .string("café <ü> 🍎 “quotes”"), "name": .string("Zoë")])
        #expect(try render("Grüße, {{name}}! {{v}}", context) == "Grüße, Zoë! café &lt;ü&gt; 🍎 “quotes”")
        #expect(try render("{{{v}}}", context) == "café <ü> 🍎 “quotes”")
    }

    @Test("Trusted HTML is printed as is by both forms; numbers and booleans print as text")
    func trustedNumbersBooleans() throws {
        let context = object(["html": .text(HTMLText(trusted: "<em>x</em>")), "n": .int(42), "yes": .bool(true), "no": .bool(false)])
        #expect(try render("{{html}} {{{html}}} {{n}} {{yes}} {{no}}", context) == "<em>x</em> <em>x</em> 42 true false")
    }

    @Test("A missing name, null, a list and an object print nothing")
    func printsNothing() throws {
        let context = object(["nothing": .null, "list": .list([.string("a")]), "obj": object(["a": .string("b")])])
        #expect(try render("[{{missing}}][{{nothing}}][{{list}}][{{obj}}][{{{missing}}}]", context) == "[][][][][]")
    }

    @Test("Whitespace inside the tag is ignored; around it, kept")
    func padding() throws {
        #expect(try render("| {{ v }} |", object(["v": .string("x")])) == "| x |")
    }

    @Test("Dotted names look each later part up in the value before it")
    func dottedNames() throws {
        let context = object(["a": object(["b": object(["c": .string("deep")])])])
        #expect(try render("{{a.b.c}}", context) == "deep")
    }

    @Test("A broken chain prints nothing, and the later parts are not looked up down the stack")
    func brokenChains() throws {
        let context = object([
            "a": object(["b": object([:]), "t": .string("text")]),
            "b": object(["c": .string("WRONG")]),
            "c": .string("WRONG"),
        ])
        #expect(try render("[{{a.b.c}}][{{a.x.c}}][{{a.t.c}}][{{#a}}{{b.c}}{{/a}}]", context) == "[][][][]")
    }

    @Test("{{.}} is the value on top of the stack")
    func implicitIterator() throws {
        let context = object(["list": .list([.string("a"), .string("<"), .int(3)])])
        #expect(try render("{{#list}}({{.}}){{/list}}", context) == "(a)(&lt;)(3)")
        #expect(try render("{{#list}}({{{.}}}){{/list}}", context) == "(a)(<)(3)")
        #expect(try render("[{{.}}]", .string("top")) == "[top]")
    }

    @Test("A name with a leading dot is looked up in the top value only")
    func anchoredNames() throws {
        let context = object(["name": .string("root"), "empty": object([:]), "full": object(["name": .string("inner")])])
        #expect(try render("{{#empty}}[{{.name}}][{{name}}]{{/empty}}", context) == "[][root]")
        #expect(try render("{{#full}}[{{.name}}][{{name}}]{{/full}}", context) == "[inner][inner]")
    }

    @Test("A name not in the top value is looked up down the context stack")
    func contextStackFallback() throws {
        let context = object([
            "x": .string("root-x"), "y": .string("root-y"), "z": .string("root-z"),
            "a": object(["y": .string("a-y"), "b": object(["z": .string("b-z")])]),
        ])
        #expect(try render("{{#a}}{{#b}}{{x}} {{y}} {{z}}{{/b}}{{/a}}", context) == "root-x a-y b-z")
    }

    @Test("A name present with null stops the lookup")
    func nullStopsLookup() throws {
        let context = object(["name": .string("root"), "inner": object(["name": .null])])
        #expect(try render("{{#inner}}[{{name}}]{{/inner}}", context) == "[]")
    }

    @Test("Typed objects answer the codes of the library's vocabulary")
    func vocabularyCodes() throws {
        final class Page: MustacheObject {
            func value(for key: MustacheKey) -> MustacheValue? {
                switch key.code {
                case 0: .string("Title")
                case 1: .int(7)
                default: nil
                }
            }
        }
        var library = MustacheLibrary(vocabulary: ["title", "count"])
        try library.register("{{title}}/{{count}}/{{other}}", named: "page")
        #expect(library.render(Page(), template: "page") == "Title/7/")
        #expect(library.render(.null, template: "no such template") == "")
    }
}

// MARK: - Sections

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

// MARK: - Comments and standalone lines

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

// MARK: - Partials

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

// MARK: - Set delimiters

@Suite("Set delimiters")
struct DelimiterTests {
    @Test("New delimiters apply to the rest of the template; the old ones become text")
    func change() throws {
        #expect(try render("{{=<% %>=}}<%x%> {{x}} <%={{ }}=%>{{x}}", object(["x": .string("1")])) == "1 {{x}} 1")
    }

    @Test("A delimiter change alone on its line takes the line with it")
    func standalone() throws {
        #expect(try render("a\n  {{=| |=}}\n|x|\n", object(["x": .string("1")])) == "a\n1\n")
    }

    @Test("Delimiters do not carry into partials, nor out of them")
    func partials() throws {
        let partials = ["p": "{{x}}{{=[ ]=}}[x]"]
        #expect(try render("{{=<% %>=}}<%>p%>|<%x%>", object(["x": .string("1")]), partials: partials) == "11|1")
    }
}

// MARK: - Inheritance

@Suite("Inheritance")
struct InheritanceTests {
    let layout = "<title>{{$title}}Default{{/title}}</title>\n<main>\n{{$main}}\n<p>empty</p>\n{{/main}}\n</main>\n"

    @Test("A parent renders with the blocks its caller overrides")
    func overrides() throws {
        let page = "{{<layout}}\n{{$title}}Home{{/title}}\n{{$main}}\n<p>Hi {{name}}</p>\n{{/main}}\n{{/layout}}\n"
        #expect(try render(page, object(["name": .string("Ann")]), partials: ["layout": layout])
            == "<title>Home</title>\n<main>\n<p>Hi Ann</p>\n</main>\n")
    }

    @Test("Blocks not overridden render their defaults, and text between a parent's blocks is dropped")
    func defaults() throws {
        let expected = "<title>Default</title>\n<main>\n<p>empty</p>\n</main>\n"
        #expect(try render("{{<layout}}{{/layout}}", partials: ["layout": layout]) == expected)
        #expect(try render("{{<layout}}\nignored text\n{{/layout}}\n", partials: ["layout": layout]) == expected)
        #expect(try render("{{<layout}}{{/layout}}\n", partials: ["layout": layout]) == expected)
    }

    @Test("A block outside any parent renders its default")
    func blockWithoutParent() throws {
        #expect(try render("[{{$b}}default {{x}}{{/b}}]", object(["x": .string("1")])) == "[default 1]")
    }

    @Test("Overrides reach the blocks of a partial the parent includes")
    func overridesReachPartials() throws {
        let partials = ["frame": "<body>\n{{>nav}}\n</body>\n", "nav": "<nav>{{$links}}none{{/links}}</nav>\n"]
        #expect(try render("{{<frame}}\n{{$links}}<a>home</a>{{/links}}\n{{/frame}}\n", partials: partials)
            == "<body>\n<nav><a>home</a></nav>\n</body>\n")
    }

    @Test("The outermost definition of a block wins; within one parent, the first")
    func outermostWins() throws {
        let partials = ["grand": "[{{$x}}g{{/x}}]", "mid": "{{<grand}}{{$x}}m{{/x}}{{/grand}}"]
        #expect(try render("{{<mid}}{{$x}}p{{/x}}{{/mid}}", partials: partials) == "[p]")
        #expect(try render("{{<mid}}{{/mid}}", partials: partials) == "[m]")
        #expect(try render("{{<grand}}{{$x}}1{{/x}}{{$x}}2{{/x}}{{/grand}}", partials: partials) == "[1]")
    }

    @Test("A parent can stand inside another parent's block override")
    func nestedParents() throws {
        let partials = ["card": "<div>{{$body}}{{/body}}</div>", "page": "<main>{{$content}}{{/content}}</main>"]
        let template = "{{<page}}{{$content}}{{<card}}{{$body}}hi {{name}}{{/body}}{{/card}}{{/content}}{{/page}}"
        #expect(try render(template, object(["name": .string("Bo")]), partials: partials) == "<main><div>hi Bo</div></main>")
    }

    @Test("An override is reindented to where its block stands in the parent")
    func reindentation() throws {
        let partials = ["list": "<ul>\n  {{$items}}\n  <li>none</li>\n  {{/items}}\n</ul>\n"]
        #expect(try render("{{<list}}{{/list}}", partials: partials) == "<ul>\n  <li>none</li>\n</ul>\n")
        #expect(try render("{{<list}}\n{{$items}}\n<li>a</li>\n<li>b</li>\n{{/items}}\n{{/list}}\n", partials: partials)
            == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
        #expect(try render("{{<list}}\n{{$items}}\n    <li>a</li>\n    <li>b</li>\n{{/items}}\n{{/list}}\n", partials: partials)
            == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
    }
}

// MARK: - Parse errors
