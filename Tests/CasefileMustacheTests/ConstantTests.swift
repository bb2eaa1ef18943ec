import CasefileMustache
import Testing

/// A library's constants (a site's UI strings, `t`): a variable tag on one is printed as text
/// when the template is parsed, escaped as the tag says; sections on them are still looked up.
@Suite("Constants fixed when parsing")
struct ConstantTests {
    private let strings = object(["hello": .string("Hallo & <Welt>"), "flag": .bool(true),
                                  "nested": object(["deep": .string("tief")])])

    private func rendered(_ template: String, _ context: MustacheValue = object([:])) throws -> String {
        var library = MustacheLibrary(vocabulary: ["t", "x"], constants: ["t": strings])
        try library.register(template, named: "main")
        return library.render(context, template: "main")
    }

    @Test func aVariableTagPrintsTheConstantsText() throws {
        #expect(try rendered("{{t.hello}}|{{{t.hello}}}|{{& t.hello}}|{{t.nested.deep}}")
                == "Hallo &amp; &lt;Welt&gt;|Hallo & <Welt>|Hallo & <Welt>|tief")
    }

    @Test func aMissingKeyPrintsNothingAsWhenRendering() throws {
        #expect(try rendered("[{{t.nope}}][{{t.nested.nope}}][{{t.nested}}][{{t}}]") == "[][][][]")
    }

    @Test func noContextChangesAConstant() throws {
        // Rendering would find the section's `t` first; the constant was printed when parsing.
        let context = object(["x": object(["t": object(["hello": .string("other")])])])
        #expect(try rendered("{{#x}}{{t.hello}}{{/x}}", context) == "Hallo &amp; &lt;Welt&gt;")
    }

    @Test func sectionsAndBooleansAreLookedUpWhenRendering() throws {
        // The context gives `t` as well (as pages do): sections and `true` come from it.
        let context = object(["t": strings])
        #expect(try rendered("{{#t.hello}}yes{{/t.hello}}{{^t.nope}}none{{/t.nope}}{{t.flag}}", context) == "yesnonetrue")
        #expect(try rendered("{{t.flag}}") == "")
    }

    @Test func constantsInsideAStandaloneIndentedPartialAreIndented() throws {
        var library = MustacheLibrary(vocabulary: ["t"], constants: ["t": strings])
        try library.register("{{t.nested.deep}}\n{{t.nested.deep}}\n", named: "p")
        try library.register("  {{> p}}\n", named: "main")
        #expect(library.render(object([:]), template: "main") == "  tief\n  tief\n")
    }

    @Test func aLibraryWithoutConstantsLooksEverythingUp() throws {
        var library = MustacheLibrary(vocabulary: ["t"])
        try library.register("{{t.hello}}", named: "main")
        #expect(library.render(object(["t": object(["hello": .string("runtime")])]), template: "main") == "runtime")
    }
}
