import Testing
import CasefileModel
import CasefileMustache
@testable import CasefileRendering

/// The Validation table's view model, from a case loaded from its files (so that problems have
/// places and excerpts): each problem's row, its excerpt with the caret under its column, its
/// link to the record, the summary, the filters, and the table with no problems.
@Suite struct ValidationPageTests {
    static let fruits = """
        - id: elstar
          name: Elstar Apple
          color: red

        """

    /// Line 4, column 28 names plum, which the catalog lacks (an error); line 8, column 28 lists
    /// elstar a second time (a warning).
    static let animals = """
        - id: fox
          name: Fox <script>
          species: Fox
          favoriteFruits: [elstar, plum]
        - id: owl
          name: Owl
          species: Owl
          favoriteFruits: [elstar, elstar]

        """

    static func fixture(animals: String = animals) async throws -> PageFixture {
        try await PageFixture.load(["site.yaml": "title: Test case\n", "fruits.yaml": fruits, "animals.yaml": animals])
    }

    /// The row of the one problem of `rule`, and the problem's place in the case's list.
    static func row(_ rule: String, _ fixture: PageFixture) throws -> (row: MustacheValue, index: Int) {
        let i = try #require(fixture.placed.diagnostics.firstIndex { $0.ruleID == rule })
        try #require(fixture.placed.diagnostics.count { $0.ruleID == rule } == 1)
        let rows = fixture.page(.validation).rowList
        return (try #require(rows.first { $0[.rule]?.raw == rule }), i)
    }

    @Test func aProblemsRowSaysWhatWhereAndWhichRecord() async throws {
        let fixture = try await Self.fixture()
        #expect(fixture.placed.diagnostics.count == 2)
        let (row, i) = try Self.row("unknown-fruit", fixture)
        #expect(row[.id]?.raw == "p\(i + 1)")
        #expect(row[.href]?.raw == "#p\(i + 1)")
        #expect(row[.severity]?.raw == "error")
        #expect(row[.severityLabel]?.raw == "Error")
        #expect(row[.isError]?.flag == true)
        #expect(row[.ruleDescription]?.raw == "A fruit id that the catalog lacks.")
        #expect(row[.recordID]?.raw == "fox")
        // The fox's row on the Suspects page, from the validation folder.
        #expect(row[.recordHref]?.raw == "../index.html#fox")
        #expect(row[.field]?.raw == "favoriteFruits")
        #expect(row[.value]?.raw == "plum")
        #expect(row[.hasValue]?.flag == true)
        #expect(row[.location]?.raw == "animals.yaml:4:28")
        #expect(row[.message]?.raw?.contains("plum") == true)
        // A problem has no page of its own.
        #expect(row[.permalink]?.isNull == true)
        let (warning, _) = try Self.row("duplicate-fruit", fixture)
        #expect(warning[.isError]?.flag == false)
        #expect(warning[.severityLabel]?.raw == "Warning")
        #expect(warning[.recordHref]?.raw == "../index.html#owl")
    }

    @Test func theExcerptShowsTwoLinesEachSideAndACaretUnderTheColumn() async throws {
        let (row, _) = try Self.row("unknown-fruit", try await Self.fixture())
        #expect(row[.hasExcerpt]?.flag == true)
        let lines = row[.excerpt]?.items ?? []
        #expect(lines.map { $0[.number]?.raw } == ["2", "3", "4", "5", "6"])
        #expect(lines.map { $0[.marked]?.flag } == [false, false, true, false, false])
        #expect(lines.map { $0[.text]?.raw } == ["  name: Fox <script>", "  species: Fox", "  favoriteFruits: [elstar, plum]",
                                                "- id: owl", "  name: Owl"])
        // Source text is text: escaped where it is printed.
        #expect(lines.first?[.text]?.escaped == "  name: Fox &lt;script&gt;")
        #expect(lines[2][.caret]?.raw == String(repeating: " ", count: 27) + "^")
        #expect(lines[0][.caret] == nil)
    }

    @Test func theSummaryCountsBySeverityRuleAndFile() async throws {
        let page = try await Self.fixture().page(.validation)
        let summary = try #require(page[.summary])
        #expect(summary[.errors]?.raw == "1")
        #expect(summary[.warnings]?.raw == "1")
        #expect(summary[.notes]?.raw == "0")
        // One each: by rule name.
        #expect(summary[.byRule]?.items.map { $0[.rule]?.raw } == ["duplicate-fruit", "unknown-fruit"])
        #expect(summary[.byFile]?.items.map { "\($0[.file]?.raw ?? "?") \($0[.count]?.raw ?? "?")" } == ["animals.yaml 2"])
        #expect(summary[.changes]?.isNull == true)
        // The toolbar's counts, on every page.
        #expect(page[.counts]?[.total]?.raw == "2")
        #expect(page[.counts]?[.errorsLabel]?.raw == "1 error")
        #expect(page[.counts]?[.warningsLabel]?.raw == "1 warning")
        #expect(page[.counts]?[.href]?.raw == "../validation/index.html")
        #expect(page[.table]?[.caption]?.raw == "Problems (2)")
    }

    @Test func theFiltersOfferSeverityAndRuleButNotTheOneFile() async throws {
        let page = try await Self.fixture().page(.validation)
        let facets = page[.filters]?[.facets]?.items ?? []
        #expect(facets.map { $0[.name]?.raw } == ["severity", "rule"])
        #expect(facets.first?[.chips]?.items.map { $0[.value]?.raw } == ["error", "warning"])
        let (row, _) = try Self.row("unknown-fruit", try await Self.fixture())
        #expect(row[.facets]?.items.map { $0[.value]?.raw } == ["error", "unknown-fruit", "animals-yaml"])
    }

    @Test func aCaseWithoutProblemsIsAllClear() async throws {
        let clean = """
            - id: fox
              name: Fox
              species: Fox
              favoriteFruits: [elstar]

            """
        let fixture = try await Self.fixture(animals: clean)
        #expect(fixture.placed.diagnostics.isEmpty)
        let page = fixture.page(.validation)
        #expect(page.rowList.isEmpty)
        #expect(page[.table]?[.allClear]?.flag == true)
        #expect(page[.table]?[.emptyTitle]?.raw == "No problems")
        #expect(page[.table]?[.emptyMessage]?.raw == "Every rule passed.")
        #expect(page[.table]?[.caption]?.raw == "Problems (0)")
        #expect(page[.counts]?[.hasProblems]?.flag == false)
        #expect(page[.summary]?[.byRule]?.items.isEmpty == true)
    }

    @Test func thePageRendersSourceTextEscapedOnly() async throws {
        let html = PageFixture.html(try await Self.fixture().page(.validation), "validation")
        #expect(html.contains("Fox &lt;script&gt;"))
        #expect(!html.contains("<script"))
    }
}
