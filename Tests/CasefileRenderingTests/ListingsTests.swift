import Testing
import CasefileModel
import CasefileMustache
import CasefileSite
@testable import CasefileRendering

/// The listings of a build: a table in each column's order both ways, and each filter value's
/// records across the whole table; their pages, their rows (the same bytes in every listing of a
/// table) and one page rendered.
@Suite struct ListingsTests {
    /// The Suspects case, two a page: the suspects span two pages, so filter values get listings.
    static func fixture() async -> PageFixture {
        var c = SuspectsPageTests.content()
        c.site.pageSize = 2
        return await PageFixture.make(c)
    }

    static func page(_ listings: Listings, _ stem: String, _ number: Int = 1) throws -> Listings.Page {
        try #require(listings.pages.first { $0.stem == stem && $0.number == number }, "\(stem) page \(number)")
    }

    @Test func eachOrderIsListedBothWaysOverItsPages() async throws {
        let fixture = await Self.fixture()
        let listings = await Listings.make(fixture.placed, only: .all, templates: PageFixture.templates)
        // Fox ("<script>…"), crow, owl by name, case folded.
        let first = try Self.page(listings, "suspects/by/suspect-asc")
        #expect(Array(first.records) == [0, 2])
        #expect(first.total == 3)
        #expect(first.pageCount == 2)
        #expect(first.path == "suspects/by/suspect-asc.html")
        #expect(first.index != nil)
        let second = try Self.page(listings, "suspects/by/suspect-asc", 2)
        #expect(Array(second.records) == [1])
        #expect(second.path == "suspects/by/suspect-asc.page-2.html")
        // By suspicion, descending: 1.4, 0.55, 0.1. A number column has no index.
        let suspicion = try Self.page(listings, "suspects/by/suspicion-desc")
        #expect(Array(suspicion.records) == [2, 0])
        #expect(suspicion.index == nil)
        #expect(suspicion.sorted == TableOrder(column: 2, descending: true))
        // Every column of the table, both ways.
        let stems = Set(listings.pages.map(\.stem).filter { $0.hasPrefix("suspects/by/") })
        #expect(stems == Set(["suspect", "fruits", "suspicion"].flatMap { ["suspects/by/\($0)-asc", "suspects/by/\($0)-desc"] }))
    }

    @Test func eachFilterValueOfATableOverPagesIsListedAndCounted() async throws {
        let listings = await Listings.make(await Self.fixture().placed, only: .all, templates: PageFixture.templates)
        let suspects = listings.facetTotals.filter { $0.key.hasPrefix("suspects/") }
        #expect(suspects == ["suspects/label/very-suspicious": 1, "suspects/label/unlikely": 1,
                             "suspects/label/suspiciously-unsuspicious": 1, "suspects/species/red-fox": 1,
                             "suspects/species/barn-owl": 1, "suspects/species/crow": 1,
                             "suspects/paw/large": 1, "suspects/paw/small": 2])
        let small = try Self.page(listings, "suspects/paw/small")
        #expect(Array(small.records) == [1, 2])
        #expect(small.facet?.legend == "Paw size")
        #expect(small.facet?.label == "small")
        #expect(small.sorted == nil)
        // The one bulletin fits one page: its table has no value listings.
        #expect(!listings.facetTotals.keys.contains { $0.hasPrefix("bulletins/") })
    }

    @Test func aRowLinksToItsRecordsOwnPageWithItsTextEscaped() async throws {
        let listings = await Listings.make(await Self.fixture().placed, only: .all, templates: PageFixture.templates)
        let page = try Self.page(listings, "suspects/by/suspect-asc")
        let row = String(page.rows.row(0))
        #expect(row == #"<tr data-record-id="fox"><th scope="row"><a href="../../suspects/id/fox.html">"#
            + "&lt;script&gt;alert(&quot;fox&quot;)&lt;/script&gt; (Red fox)</a></th>"
            + "<td>Elstar Apple, Pear, Fig, plum</td><td>Very suspicious</td></tr>\n")
    }

    @Test func aRecordWithoutAPageOfItsOwnIsLinkedToItsRow() async throws {
        var c = SuspectsPageTests.content()
        c.site.pageSize = 2
        c.animals[1].id = Animal.ID("Owl 1")
        let listings = await Listings.make(await PageFixture.make(c).placed, only: .all, templates: PageFixture.templates)
        let page = try Self.page(listings, "suspects/by/suspect-asc")
        let row = String(page.rows.row(1))
        // "Owl 1" is no slug: its fragment spells its bytes in hex; it is the second record, on page 1.
        #expect(row.hasPrefix(#"<tr data-record-id="Owl 1"><th scope="row"><a href="../../index.html#_x4f776c2031">"#))
    }

    @Test func aListingPageSaysItsOrderItsRangeAndLinksItsSiblings() async throws {
        let fixture = await Self.fixture()
        let listings = await Listings.make(fixture.placed, only: .all, templates: PageFixture.templates)
        let page = try Self.page(listings, "suspects/by/suspect-asc")
        var output = fixture.output
        output.facetTotals = listings.facetTotals
        var run = PageFixture.templates.run()
        let frame = PageFrame(validated: fixture.placed, problems: fixture.problems, refs: fixture.refs, kind: .suspects,
                              path: page.path, pageNumber: page.number, pageCount: page.pageCount, output: output)
        let file = Listings.render(page, frame: frame, templates: &run)
        #expect(file.path == "suspects/by/suspect-asc.html")
        let html = String(decoding: file.bytes, as: UTF8.self)
        #expect(html.contains("<caption>Suspects by suspect (rows 1–2 of 3)</caption>"))
        #expect(html.contains("All 3 rows by suspect, ascending."))
        #expect(html.contains(#"<a href="../../index.html">"#))
        // Its pages are siblings in one folder; page 2 holds the owl alone.
        #expect(html.contains(#"href="suspect-asc.page-2.html" title="Owl""#))
        #expect(html.contains("&lt;script&gt;alert(&quot;fox&quot;)&lt;/script&gt; (Red fox)"))
        #expect(!html.contains("<script"))
    }
    @Test func aBulletinRowWritesEachColumnNumbersMarkedAndMissingValuesAsDashes() async throws {
        let listings = await Listings.make(await PageFixture.make(BulletinsPageTests.content()).placed, only: .all, templates: PageFixture.templates)
        let page = try Self.page(listings, "bulletins/by/bites-desc")
        func row(_ i: Int) -> String {
            String(page.rows.row(i))
        }
        #expect(row(0) == #"<tr data-record-id="b1"><th scope="row"><a href="../../bulletins/id/b1.html">Tue 5 Mar 2024, 23:00</a></th>"#
            + "<td>Elstar Apple</td><td>Barn &lt;B&gt; &amp; &quot;yard&quot;</td>"
            + #"<td class="cf-num">3</td><td>1 awake, 1 asleep</td></tr>"# + "\n")
        // No time, a fruit the catalog lacks (its id), no bites, no suspects.
        #expect(row(1) == #"<tr data-record-id="b2"><th scope="row"><a href="../../bulletins/id/b2.html">—</a></th>"#
            + #"<td>plum</td><td>Shed</td><td class="cf-num">—</td><td>0 awake, 0 asleep</td></tr>"# + "\n")
        // By bites, most first: the ascending order (no bites fewest, ties in file order: b2, b3,
        // b1) reversed.
        #expect(Array(page.records) == [0, 2, 1])
    }

    @Test func aFilterValuesListingSaysTheValueAndHowManyOfTheTableItHolds() async throws {
        let fixture = await Self.fixture()
        let listings = await Listings.make(fixture.placed, only: .all, templates: PageFixture.templates)
        let page = try Self.page(listings, "suspects/paw/small")
        var run = PageFixture.templates.run()
        let frame = PageFrame(validated: fixture.placed, problems: fixture.problems, refs: fixture.refs, kind: .suspects,
                              path: page.path, pageNumber: page.number, pageCount: page.pageCount, output: fixture.output)
        let html = String(decoding: Listings.render(page, frame: frame, templates: &run).bytes, as: UTF8.self)
        #expect(html.contains("<caption>Suspects: small (2)</caption>"))
        #expect(html.contains("Paw size: small — 2 rows of 3."))
        // The owl's and the crow's rows, and not the fox's.
        #expect(html.contains(#"data-record-id="owl""#) && html.contains(#"data-record-id="crow""#))
        #expect(!html.contains(#"data-record-id="fox""#))
        // One page: no page links, no index.
        #expect(!html.contains("suspects/paw/small.page-2.html"))
    }
}
