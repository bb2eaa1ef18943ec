import Testing
import CasefileModel

/// Slugs: lowercase ASCII letters and digits, hyphens after the first; and the slug a suggestion
/// offers for any other text.
@Suite struct SlugTests {
    @Test(arguments: ["fox", "pink-pearl", "b1", "1b", "a", "7", "fox-", "a--b"])
    func slugs(_ text: String) {
        #expect(Slug.isValid(text))
    }

    @Test(arguments: ["", "-fox", "Fox", "fox_1", "fox 1", "fée", "fox.md", "ｆｏｘ", "🦊"])
    func notSlugs(_ text: String) {
        #expect(!Slug.isValid(text))
    }

    @Test func theSuggestedSlug() {
        #expect(Slug.suggested(for: "Pink Pearl") == "pink-pearl")
        #expect(Slug.suggested(for: "  Fox!! ") == "fox")
        #expect(Slug.suggested(for: "a__b") == "a-b")
        #expect(Slug.suggested(for: "B-52's") == "b-52-s")
        // Letters beyond ASCII are not kept, even lowercased: "über fox" keeps "ber" and "fox".
        #expect(Slug.suggested(for: "Über Fox") == "ber-fox")
        #expect(Slug.suggested(for: "!!!") == "record")
        #expect(Slug.suggested(for: "") == "record")
        #expect(Slug.suggested(for: "🦊") == "record")
    }

    @Test(arguments: ["Pink Pearl", "  Fox!! ", "a__b", "Über Fox", "!!!", "x", "Ω-7"])
    func aSuggestedSlugIsASlug(_ text: String) {
        #expect(Slug.isValid(Slug.suggested(for: text)))
    }
}
