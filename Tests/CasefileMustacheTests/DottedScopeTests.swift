import CasefileMustache
import Testing

/// A dotted path's first name is looked up by the usual rules whatever the renderer remembers
/// of earlier paths (it keeps what the last one's first name gave, until the stack changes): a
/// pushed object that answers the name takes over, and popping it gives the outer one back. The
/// names are in the vocabulary, as the pages' are, which is what makes the renderer remember them.
@Suite("Dotted paths across sections")
struct DottedScopeTests {
    private func rendered(_ template: String, _ context: MustacheValue) throws -> String {
        var library = MustacheLibrary(vocabulary: ["a", "b", "x", "y", "items"])
        try library.register(template, named: "main")
        return library.render(context, template: "main")
    }

    @Test func anInnerObjectWithTheNameShadowsTheRememberedOne() throws {
        let context = object(["a": object(["b": .string("root")]),
                              "x": object(["a": object(["b": .string("inner")])])])
        #expect(try rendered("{{a.b}}|{{#x}}{{a.b}}{{/x}}|{{a.b}}", context) == "root|inner|root")
    }

    @Test func anInnerObjectWithoutTheNameKeepsTheOuterOne() throws {
        let context = object(["a": object(["b": .string("root")]), "x": object(["y": .string("why")])])
        #expect(try rendered("{{a.b}}|{{#x}}{{y}}{{a.b}}{{/x}}|{{a.b}}", context) == "root|whyroot|root")
    }

    @Test func listItemsThatHaveTheNameWinForTheirTurnOnly() throws {
        let context = object([
            "a": object(["b": .string("R")]),
            "items": .list([object(["y": .string("1")]), object(["a": object(["b": .string("I")])]),
                            object(["y": .string("3")])]),
        ])
        #expect(try rendered("{{#items}}{{a.b}}{{/items}}{{a.b}}", context) == "RIRR")
    }

    @Test func aNameFoundInsideASectionIsForgottenWhenTheSectionEnds() throws {
        // `a` is found first in x (one level up), then x is popped: the root has no `a`.
        let context = object(["x": object(["a": object(["b": .string("inner")])])])
        #expect(try rendered("{{#x}}{{a.b}}{{/x}}[{{a.b}}]", context) == "inner[]")
    }

    @Test func manyNamesAreRememberedAtOnceAndStillLookedUpRightly() throws {
        let context = object(["a": object(["b": .string("A")]), "x": object(["b": .string("X")]),
                              "y": object(["b": .string("Y")]),
                              "items": .list([object(["x": object(["b": .string("x2")])])])])
        #expect(try rendered("{{a.b}}{{x.b}}{{y.b}}{{#items}}{{a.b}}{{x.b}}{{y.b}}{{/items}}{{x.b}}", context)
                == "AXYAx2YX")
    }
}
