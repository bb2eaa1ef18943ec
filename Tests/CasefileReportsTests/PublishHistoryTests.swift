import Testing
import CasefileModel
@testable import CasefileReports

/// What publish reads of the last publish's output: its JSON report and its digest, both or nothing.
@Suite struct PublishHistoryTests {
    static let report = #"{"problems": [{"rule": "unused-fruit", "severity": "note", "message": "No animal favours it", "collection": "fruits", "record": "kiwi"}]}"#
    static let digest = #"{"format": "casefile-digest/1", "fruits": [["kiwi", "00aa"]], "animals": [["crow", "11bb"], ["fox", "22cc"]], "bulletins": []}"#

    @Test func readsTheProblemsAndEachCollectionsFingerprintsInFileOrder() throws {
        let history = try #require(PublishHistory(report: Self.report, digest: Self.digest))
        #expect(history.problems.map(\.record) == ["kiwi"])
        #expect(history.records[.fruits] == [RecordFingerprint(id: "kiwi", hash: "00aa")])
        #expect(history.records[.animals]?.map(\.id) == ["crow", "fox"])
        #expect(history.records[.bulletins] == [])
        // Kept as they were, to be written again under validation/previous/.
        #expect(history.report == Self.report)
        #expect(history.digest == Self.digest)
    }

    @Test(arguments: [
        #"{"format": "casefile-digest/2", "fruits": [], "animals": [], "bulletins": []}"#,  // another format
        #"{"fruits": [], "animals": [], "bulletins": []}"#,  // no format
        #"{"format": "casefile-digest/1", "fruits": [], "animals": []}"#,  // a collection missing
        #"[1, 2, 3]"#,
        "not JSON",
    ])
    func aDigestOfAnotherKindComparesNothing(digest: String) {
        #expect(PublishHistory(report: Self.report, digest: digest) == nil)
    }

    @Test func aReportOfAnotherToolComparesNothing() {
        #expect(PublishHistory(report: #"{"runs": []}"#, digest: Self.digest) == nil)
    }

}
