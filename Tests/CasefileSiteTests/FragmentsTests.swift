import Testing
import CasefileModel
import CasefileSite

/// Each record's URL fragment: its id when the id is a slug, a safe spelling otherwise, and a
/// numbered one for an id seen before in its collection.
@Suite struct FragmentsTests {
    static func fruits(_ ids: [String]) -> CaseContent {
        CaseContent(site: SiteSettings(title: "t"), fruits: ids.map { Fruit(id: .init($0), name: $0, color: "red") })
    }

    @Test func aSlugIsItsOwnFragment() {
        #expect(Fragments(Self.fruits(["elstar", "pink-pearl", "b1", "1b"])).fruits == ["elstar", "pink-pearl", "b1", "1b"])
    }

    @Test func anyOtherIdIsSpelledInHexOfItsBytes() {
        // "Elstar" is 45 6c 73 74 61 72 in UTF-8, "a b" 61 20 62, "é" c3 a9, "-x" 2d 78.
        let fragments = Fragments(Self.fruits(["Elstar", "a b", "é", "-x", ""]))
        #expect(fragments.fruits == ["_x456c73746172", "_x612062", "_xc3a9", "_x2d78", "_x"])
    }

    @Test func aRepeatedIdIsNumberedFromItsSecond() {
        let fragments = Fragments(Self.fruits(["elstar", "a b", "elstar", "a b", "elstar"]))
        #expect(fragments.fruits == ["elstar", "_x612062", "elstar__2", "_x612062__2", "elstar__3"])
        #expect(fragments[.fruits] == fragments.fruits)
    }

    @Test func eachCollectionCountsItsOwnIds() {
        let content = CaseContent(site: SiteSettings(title: "t"),
                                  fruits: [Fruit(id: "fox", name: "Fox apple", color: "red")],
                                  animals: [Animal(id: "fox", name: "Fox", species: "Fox", favoriteFruits: ["fox"])],
                                  bulletins: [Bulletin(id: "fox", fruit: "fox", nibbledAt: nil, location: "Den")])
        let fragments = Fragments(content)
        #expect(fragments[.fruits] == ["fox"])
        #expect(fragments[.animals] == ["fox"])
        #expect(fragments[.bulletins] == ["fox"])
    }
}
