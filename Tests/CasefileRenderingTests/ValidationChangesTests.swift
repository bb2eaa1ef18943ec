import Testing
import CasefileModel
import CasefileMustache
import CasefileReports
@testable import CasefileRendering

/// "Since the last publish" on the validation pages: new problems linked to their rows, fixed
/// ones as the last report had them, and each collection's records added, changed and removed,
/// linked to their own pages from the validation folder, long lists cut at 100 and counted.
@Suite struct ValidationChangesTests {
    @Test func newProblemsLinkTheirRowsOnTheirPage() async throws {
        var c = SuspectsPageTests.content()
        c.site.pageSize = 1
        let placed = await PageFixture.make(c).placed
        let i = try #require(placed.diagnostics.firstIndex { $0.ruleID == "unknown-fruit" })
        let since = SinceLastPublish(newProblems: [i], fixedProblems: [], records: [])
        let changes = ValidationPage.changes(since, placed)
        let problem = try #require(changes[.newProblems]?.items.first)
        #expect(problem[.rule]?.raw == "unknown-fruit")
        #expect(problem[.recordID]?.raw == "fox")
        #expect(problem[.severity]?.raw == "error")
        // One problem a page: problem i is on page i + 1, a sibling of every validation page.
        #expect(problem[.href]?.raw == (i == 0 ? "index.html" : "page-\(i + 1).html") + "#p\(i + 1)")
        #expect(changes[.newCount]?.raw == "1")
        #expect(changes[.newMore]?.isNull == true)
        #expect(changes[.unchanged]?.flag == false)
    }

    @Test func recordsAddedAndChangedLinkTheirOwnPagesAndRemovedOnesAreNamed() async throws {
        let placed = await PageFixture.make(SuspectsPageTests.content()).placed
        let since = SinceLastPublish(newProblems: [], fixedProblems: [
            ReportedProblem(rule: "blank-name", severity: "error", message: "name is empty", record: "gone"),
        ], records: [
            SinceLastPublish.Records(collection: .animals, added: ["fox", "nobody"], changed: ["owl"], removed: ["gone"]),
            SinceLastPublish.Records(collection: .bulletins),
        ])
        let changes = ValidationPage.changes(since, placed)
        // The bulletins changed in nothing: left out.
        let records = changes[.recordChanges]?.items ?? []
        try #require(records.count == 1)
        let animals = records[0]
        #expect(animals[.title]?.raw == "Suspects")
        #expect(animals[.added]?.items.map { $0[.id]?.raw } == ["fox", "nobody"])
        // An id the case no longer has is named without a link.
        #expect(animals[.added]?.items.map { $0[.href]?.raw } == ["../suspects/id/fox.html", nil])
        #expect(animals[.changed]?.items.map { $0[.href]?.raw } == ["../suspects/id/owl.html"])
        #expect(animals[.removed]?.items.map { $0[.id]?.raw } == ["gone"])
        #expect(animals[.addedCount]?.raw == "2")
        #expect(animals[.removedCount]?.raw == "1")
        let fixed = try #require(changes[.fixedProblems]?.items.first)
        #expect(fixed[.rule]?.raw == "blank-name")
        #expect(fixed[.message]?.raw == "name is empty")
        #expect(fixed[.recordID]?.raw == "gone")
        #expect(changes[.fixedCount]?.raw == "1")
    }

    @Test func aLongListShowsAHundredAndCountsTheRest() async throws {
        let placed = await PageFixture.make(SuspectsPageTests.content()).placed
        let ids = (0...100).map { "x\($0)" }
        let since = SinceLastPublish(newProblems: [], fixedProblems: [],
                                     records: [SinceLastPublish.Records(collection: .fruits, changed: ids)])
        let fruits = try #require(ValidationPage.changes(since, placed)[.recordChanges]?.items.first)
        #expect(fruits[.title]?.raw == "Fruits")
        #expect(fruits[.changed]?.items.count == 100)
        #expect(fruits[.changed]?.items.last?[.id]?.raw == "x99")
        #expect(fruits[.changedCount]?.raw == "101")
        #expect(fruits[.changedMore]?.raw == "and 1 more")
        #expect(fruits[.addedMore]?.isNull == true)
    }

    @Test func nothingSinceTheLastPublishSaysUnchanged() async throws {
        let placed = await PageFixture.make(SuspectsPageTests.content()).placed
        let since = SinceLastPublish(newProblems: [], fixedProblems: [], records: [SinceLastPublish.Records(collection: .animals)])
        let changes = ValidationPage.changes(since, placed)
        #expect(changes[.unchanged]?.flag == true)
        #expect(changes[.recordChanges]?.items.isEmpty == true)
        // The summary carries them; without a last publish, nothing.
        #expect(ValidationPage.summary(of: placed, since: since)[.changes]?[.unchanged]?.flag == true)
        #expect(ValidationPage.summary(of: placed)[.changes]?.isNull == true)
    }
}
