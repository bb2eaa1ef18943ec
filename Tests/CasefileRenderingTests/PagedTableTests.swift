import Testing
import CasefileModel
import CasefileMustache
@testable import CasefileRendering

/// A table over several pages, as its pages' contexts say it: the page links (first, last,
/// neighbours, gaps, far jumps), previous and next, the title, and, in the order of a text
/// column, the A to Z index and each page link's names.
@Suite struct PagedTableTests {
    /// `count` suspects named from `names` in turn (A1, B2, …), `pageSize` a page.
    static func content(_ count: Int, pageSize: Int, names: [String] = ["Animal"]) -> CaseContent {
        var c = CaseContent(site: SiteSettings(title: "Paged"))
        c.site.pageSize = pageSize
        c.animals = (1...count).map { Animal(id: Animal.ID("a\($0)"), name: "\(names[($0 - 1) % names.count]) \($0)", species: "Ant") }
        return c
    }

    /// "n" for a page link, "…" for a gap, "[n]" for the current page.
    static func window(_ pagination: MustacheValue?) -> [String] {
        (pagination?[.pages]?.items ?? []).map { link in
            if link[.gap]?.flag == true { return "…" }
            let n = link[.number]?.raw ?? "?"
            return link[.current]?.flag == true ? "[\(n)]" : n
        }
    }

    @Test func theFirstPageLinksItsNeighboursTheLastPageAndTheFirstBlock() async throws {
        // 25 suspects, 2 a page: 13 pages.
        let page = await PageFixture.make(Self.content(25, pageSize: 2)).page(.suspects, 1)
        let pagination = try #require(page[.pagination])
        #expect(pagination[.show]?.flag == true)
        #expect(pagination[.label]?.raw == "Page 1 of 13")
        #expect(Self.window(pagination) == ["[1]", "2", "3", "…", "13"])
        #expect(pagination[.pages]?.items.map { $0[.href]?.raw } == ["index.html", "suspects/page-2.html", "suspects/page-3.html",
                                                                    nil, "suspects/page-13.html"])
        #expect(pagination[.previous] == nil)
        #expect(pagination[.next]?.raw == "suspects/page-2.html")
        // 13 pages go in blocks of 5 (1–4, 5–9, 10–13): page 1 starts the first block, so it
        // links the block's pages and every block's start.
        #expect(pagination[.jumps]?[.links]?.items.map { $0[.number]?.raw } == ["2", "3", "4", "5", "10"])
        #expect(page.rowList.map { $0[.id]?.raw } == ["a1", "a2"])
        #expect(page[.pageTitle]?.raw == "Suspects, page 1 of 13 · Paged")
    }

    @Test func aMiddlePageLinksTwoEachSideTheEndsAndTheBlockStarts() async throws {
        let page = await PageFixture.make(Self.content(25, pageSize: 2)).page(.suspects, 7)
        let pagination = try #require(page[.pagination])
        #expect(pagination[.label]?.raw == "Page 7 of 13")
        #expect(Self.window(pagination) == ["1", "…", "5", "6", "[7]", "8", "9", "…", "13"])
        // suspects/page-7.html is one folder down.
        #expect(pagination[.previous]?.raw == "../suspects/page-6.html")
        #expect(pagination[.next]?.raw == "../suspects/page-8.html")
        #expect(pagination[.pages]?.items.first?[.href]?.raw == "../index.html")
        // Page 7 starts no block: the starts only.
        #expect(pagination[.jumps]?[.links]?.items.map { $0[.number]?.raw } == ["1", "5", "10"])
        #expect(page.rowList.map { $0[.id]?.raw } == ["a13", "a14"])
        #expect(page[.pageTitle]?.raw == "Suspects, page 7 of 13 · Paged")
    }

    @Test func theLastPageHasNoNextAndHoldsWhatIsLeft() async throws {
        let page = await PageFixture.make(Self.content(25, pageSize: 2)).page(.suspects, 13)
        let pagination = try #require(page[.pagination])
        #expect(Self.window(pagination) == ["1", "…", "11", "12", "[13]"])
        #expect(pagination[.previous]?.raw == "../suspects/page-12.html")
        #expect(pagination[.next] == nil)
        #expect(page.rowList.map { $0[.id]?.raw } == ["a25"])
        // A later page with rows still offers a placeholder for selection.
        #expect(page[.inspector]?[.placeholder]?.raw == "Select a suspect to inspect")
    }

    @Test func nineOrFewerPagesHaveNoJumps() async throws {
        let page = await PageFixture.make(Self.content(9, pageSize: 1)).page(.suspects, 5)
        let pagination = try #require(page[.pagination])
        #expect(Self.window(pagination) == ["1", "2", "3", "4", "[5]", "6", "7", "8", "9"])
        #expect(pagination[.jumps]?.flag == false)
    }

    @Test func anOrderByNameGivesAnIndexAndNamesEachPageLink() async throws {
        // Bea 1, Ada 2, Cleo 3, Dan 4, Eve 5 by name: Ada 2, Bea 1 | Cleo 3, Dan 4 | Eve 5.
        var c = Self.content(5, pageSize: 2, names: ["Bea", "Ada", "Cleo", "Dan", "Eve"])
        c.site.defaultOrder = [.suspects: TableOrder(column: 0, descending: false)]
        let fixture = await PageFixture.make(c)
        let first = fixture.page(.suspects, 1)
        #expect(first.rowList.map { $0[.id]?.raw } == ["a2", "a1"])
        let links = first[.pageIndex]?[.links]?.items ?? []
        // A to Z in full, each used letter linking to the page its first name is on.
        #expect(links.map { $0[.label]?.raw } == NameIndex.latin)
        let used = links.filter { $0[.href]?.flag != false }
        #expect(used.map { $0[.label]?.raw } == ["A", "B", "C", "D", "E"])
        #expect(used.map { $0[.href]?.raw } == ["index.html", "index.html", "suspects/page-2.html", "suspects/page-2.html",
                                                "suspects/page-3.html"])
        #expect(used.map { $0[.names]?.raw } == ["Ada 2 – Bea 1", "Ada 2 – Bea 1", "Cleo 3 – Dan 4", "Cleo 3 – Dan 4", "Eve 5"])
        #expect(links.first { $0[.label]?.raw == "F" }?[.href]?.flag == false)
        // The page links say the names too.
        let pages = fixture.page(.suspects, 2)[.pagination]?[.pages]?.items ?? []
        #expect(pages.map { $0[.names]?.raw } == ["Ada 2 – Bea 1", "Cleo 3 – Dan 4", "Eve 5"])
        // In file order there is no index.
        #expect(await PageFixture.make(Self.content(5, pageSize: 2)).page(.suspects)[.pageIndex] == nil)
    }
}
