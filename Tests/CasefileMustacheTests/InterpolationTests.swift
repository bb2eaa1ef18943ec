import CasefileMustache
import Testing

// CasefileMustache's own tests, one or more per construct the dialect has. Every expected string
// here is worked out from the rules (the Mustache specification, and the swift-mustache dialect
// for what counts as falsy), not copied from the renderer's output.

// MARK: - Helpers

/// An object context made of name/value pairs.
func object(_ pairs: KeyValuePairs<String, MustacheValue>) -> MustacheValue {
    .object(MustacheDictionary(Dictionary(uniqueKeysWithValues: pairs.map { ($0.key, $0.value) })))
}

/// Registers `partials` and `template` (as "main") in a new library and renders "main".
func render(_ template: String, _ context: MustacheValue = object([:]), partials: [String: String] = [:]) throws -> String {
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

// MARK: - Comments and standalone lines

// MARK: - Partials

// MARK: - Set delimiters

// MARK: - Inheritance

// MARK: - Parse errors
