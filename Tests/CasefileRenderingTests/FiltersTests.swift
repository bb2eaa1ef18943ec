import Testing
import CasefileModel
import CasefileMustache
import CasefileSite
@testable import CasefileRendering

/// The filter chips of a page: a facet shows when the page's rows hold two values of it or
/// more, its chips in their order with their counts, each linked to its listing across the
/// table when there is one, and one CSS rule a chip.
@Suite struct FiltersTests {
    /// Four cats: very suspicious, unlikely, fishy, unlikely; small but for the fishy one.
    static func fixture() async -> PageFixture {
        var c = CaseContent(site: SiteSettings(title: "Cats"))
        let levels = [0.6, 0.1, 0.3, 0.1]
        c.animals = levels.indices.map { i in
            Animal(id: Animal.ID("cat-\(i)"), name: "Cat \(i)", species: "Cat", pawSize: i == 2 ? .medium : .small,
                   suspicionLevel: levels[i])
        }
        return await PageFixture.make(c)
    }

    @Test func chipsStandInTheirValuesOrderWithTheirCounts() async throws {
        let fixture = await Self.fixture()
        let filters = Filters(.suspects, fixture.placed)
        let form = try #require(filters.page([0, 1, 2, 3])?.form)
        let facets = form[.facets]?.items ?? []
        // Every cat is a cat: species narrows nothing and is left out.
        #expect(facets.map { $0[.name]?.raw } == ["label", "paw"])
        #expect(facets.map { $0[.legend]?.raw } == ["Suspicion", "Paw size"])
        let labels = facets[0][.chips]?.items ?? []
        // By the labels' own order, not by name or count.
        #expect(labels.map { $0[.value]?.raw } == ["unlikely", "fishy", "very-suspicious"])
        #expect(labels.map { $0[.label]?.raw } == ["Unlikely", "Fishy", "Very suspicious"])
        #expect(labels.map { $0[.count]?.raw } == ["2", "1", "1"])
        #expect(labels.map { $0[.id]?.raw } == ["f-label-unlikely", "f-label-fishy", "f-label-very-suspicious"])
        #expect(facets[1][.chips]?.items.map { $0[.value]?.raw } == ["small", "medium"])
        #expect(form[.total]?.raw == "4")
        // Without listings, no chip links anywhere.
        #expect(labels.allSatisfy { $0[.href] == nil })
    }

    @Test func aChipLinksItsListingAcrossTheTable() async throws {
        let filters = Filters(.suspects, await Self.fixture().placed)
        let form = try #require(filters.page([0, 1, 2, 3]) { facet, slug in
            facet == "label" && slug == "unlikely" ? ("everywhere.html", 7) : nil
        }?.form)
        let chips = form[.facets]?.items.first?[.chips]?.items ?? []
        #expect(chips.map { $0[.href]?.raw } == ["everywhere.html", nil, nil])
        #expect(chips.first?[.total]?.raw == "7")
        #expect(chips.first?[.linkLabel]?.raw == "all 7")
        #expect(chips.first?[.linkTitle]?.raw == "Every row with Unlikely, on every page")
    }

    @Test func eachChipHidesItsRowsWhileAnotherOfItsFacetIsChecked() async throws {
        let filters = Filters(.suspects, await Self.fixture().placed)
        let css = try #require(filters.page([0, 1, 2, 3])?.css)
        let rules = css.split(separator: "\n")
        // Three labels and two paw sizes.
        #expect(rules.count == 5)
        #expect(rules.contains { $0.contains("#f-paw-medium:not(:checked))") && $0.contains(#"[data-filter="paw"]:checked)"#)
            && $0.hasSuffix(#"tr[data-f-paw="medium"]{display:none}"#) })
    }

    @Test func aPageWhoseRowsAllShareEachValueHasNoFilters() async throws {
        let filters = Filters(.suspects, await Self.fixture().placed)
        // Cats 1 and 3: both unlikely, both small.
        #expect(filters.page([1, 3]) == nil)
        #expect(filters.page([]) == nil)
    }

    @Test func thePagesChipsLinkTheListingsTheBuildMade() async throws {
        var fixture = await Self.fixture()
        fixture.output.facetTotals = ["suspects/label/unlikely": 5]
        let page = fixture.page(.suspects)
        let chips = page[.filters]?[.facets]?.items.first?[.chips]?.items ?? []
        #expect(chips.map { $0[.href]?.raw } == ["suspects/label/unlikely.html", nil, nil])
        #expect(chips.first?[.total]?.raw == "5")
        // The selection rules and the chips' rules share one style sheet.
        let css = page[.selectionCSS]?.raw ?? ""
        #expect(css.contains(#"tr[data-f-label="unlikely"]{display:none}"#))
    }
}
