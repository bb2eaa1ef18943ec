import CasefileMustache
import Testing

@Suite("Runs of renderings")
struct RunTests {
    /// A library whose "page" renders an indented standalone partial, a dotted name inside a
    /// section and a name found only at the bottom of the stack: each leaves state behind (the
    /// indentation, the remembered scope, the stack) that the next page of a run must not see.
    func library() throws -> MustacheLibrary {
        // Names of the vocabulary, as pages have: a dotted path's first object is remembered.
        var library = MustacheLibrary(vocabulary: ["a", "b", "site", "rows"])
        try library.register("<ul>\n  {{>item}}\n</ul>\n", named: "page")
        try library.register("{{#rows}}<li>{{a.b}} {{site}}</li>\n{{/rows}}", named: "item")
        try library.register("{{site}}:{{a.b}}", named: "flat")
        return library
    }

    @Test("Pages rendered one after another in a run are what each renders alone")
    func runMatchesSeparateRenderings() throws {
        let library = try library()
        let first = object(["site": .string("S"), "rows": .list([
            object(["a": object(["b": .string("1")])]),
            object(["a": object(["b": .string("<2>")])]),
        ])])
        let second = object(["site": .string("T"), "a": object(["b": .string("3")])])
        // No `a` here: the scope remembered from the page before would print "3".
        let third = object(["site": .string("U")])
        var run = library.run()
        let outputs = [
            run.renderBytes(first, template: "page"),
            run.renderBytes(second, template: "flat"),
            run.renderBytes(third, template: "flat"),
            run.renderBytes(third, template: "missing"),
            run.renderBytes(first, template: "page"),
        ].map { String(decoding: $0, as: UTF8.self) }
        #expect(outputs == [
            "<ul>\n  <li>1 S</li>\n  <li>&lt;2&gt; S</li>\n</ul>\n",
            "T:3",
            "U:",
            "",
            "<ul>\n  <li>1 S</li>\n  <li>&lt;2&gt; S</li>\n</ul>\n",
        ])
        #expect(outputs[0] == library.render(first, template: "page"))
        #expect(outputs[2] == library.render(third, template: "flat"))
    }

    @Test("A text prints escaped or raw, and only one string is kept when they are the same")
    func escapedAndRaw() {
        #expect(HTMLText("a<b & 'c'").escaped == "a&lt;b &amp; &#39;c&#39;")
        #expect(HTMLText("a<b & 'c'").raw == "a<b & 'c'")
        #expect(HTMLText("plain").escaped == "plain")
        #expect(HTMLText(trusted: "<em>x</em>").escaped == "<em>x</em>")
        #expect(HTMLText("x") == HTMLText(trusted: "x"))
        #expect(HTMLText("<") != HTMLText(trusted: "<"))
        #expect(HTMLText.escape("\"q\"") == "&quot;q&quot;")
    }
}
