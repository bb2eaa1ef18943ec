import Testing
import CasefileModel
import CasefileReports

@Suite struct SinceLastPublishTests {
    /// A problem is the same problem when its rule, record, field and message are; its line may move.
    @Test func problemsAreNewOrFixedByWhatTheyAreNotWhereTheyAre() {
        var moved = Examples.duplicate
        moved.location?.line = 40
        let before = [
            ReportedProblem(rule: "duplicate-id", severity: "error", message: "id \"crow\" is used twice",
                            collection: "animals", record: "crow", field: "id"),
            ReportedProblem(rule: "unused-fruit", severity: "note", message: "No animal favours it",
                            collection: "fruits", record: "kiwi"),
        ]
        let since = SinceLastPublish([moved, Examples.interview], previousProblems: before, previousRecords: [:],
                                     currentRecords: [:])
        #expect(since.newProblems == [1])
        #expect(since.fixedProblems == [before[1]])
    }

    /// Records by id, in file order, a repeated id once; every collection listed, in order.
    @Test func recordsAreAddedChangedOrRemoved() {
        let since = SinceLastPublish(
            [], previousProblems: [],
            previousRecords: [.animals: records(("crow", "a1"), ("fox", "b1"), ("owl", "c1"), ("owl", "c2"))],
            currentRecords: [.animals: records(("hare", "d1"), ("crow", "a1"), ("fox", "b2"), ("hare", "d2"))])
        #expect(since.records.map(\.collection) == CaseCollection.allCases)
        let animals = since.records.first { $0.collection == .animals }
        #expect(animals?.added == ["hare"])
        #expect(animals?.changed == ["fox"])
        #expect(animals?.removed == ["owl"])
        #expect(since.records.filter(\.isEmpty).count == CaseCollection.allCases.count - 1)
    }

    private func records(_ pairs: (id: String, hash: String)...) -> [RecordFingerprint] {
        pairs.map { RecordFingerprint(id: $0.id, hash: $0.hash) }
    }
}
