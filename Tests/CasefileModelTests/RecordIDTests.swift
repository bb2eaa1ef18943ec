import Testing
import CasefileModel

/// A record's id: the text as written, compared and sorted by that text.
@Suite struct RecordIDTests {
    @Test func anIdIsItsTextAsWritten() {
        let id: Animal.ID = "Fox Two"
        #expect(id.rawValue == "Fox Two")
        #expect(id.description == "Fox Two")
        #expect("\(id)" == "Fox Two")
        #expect(id == Animal.ID("Fox Two"))
        #expect(id != Animal.ID("fox-two"))
    }

    @Test func idsSortByTheirText() {
        // Unicode order of the scalars: "B" (U+0042) before "a" (U+0061), "a" before "a-1".
        let ids: [Fruit.ID] = ["b", "a-1", "B", "a"]
        #expect(ids.sorted().map(\.rawValue) == ["B", "a", "a-1", "b"])
        #expect(Fruit.ID("elstar") < Fruit.ID("pink-pearl"))
    }

    @Test func equalTextsAreOneKey() {
        let ids: Set<Bulletin.ID> = ["b1", "b2", Bulletin.ID("b1")]
        #expect(ids.count == 2)
        let fans: [Fruit.ID: Int] = ["elstar": 2]
        #expect(fans[Fruit.ID("elstar")] == 2)
        #expect(fans["Elstar"] == nil)
    }
}
