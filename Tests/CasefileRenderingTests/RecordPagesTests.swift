import Testing
import CasefileModel
import CasefileMustache
@testable import CasefileRendering

/// A record's own page (`suspects/id/fox.html`): its title, the way back to its row, its panel's
/// row with the links of a page two folders down that open other records' own pages, and no
/// inspector, sheet or chips.
@Suite struct RecordPagesTests {
    static func pages(_ collection: CaseCollection, _ fixture: PageFixture, path: String) -> RecordPages {
        RecordPages(frame: fixture.frame(collection.pageKind, path: path, pageCount: 1), collection: collection)
    }

    @Test func aSuspectsPageIsTitledForItAndLinksBackToItsRow() async throws {
        let fixture = await PageFixture.make(SuspectsPageTests.content())
        let path = "suspects/id/fox.html"
        let page = Self.pages(.animals, fixture, path: path).context(0, path: path)
        #expect(page[.pageTitle]?.raw == SuspectsPageTests.hostile + " · Test case")
        #expect(page[.pageTitle]?.escaped == "&lt;script&gt;alert(&quot;fox&quot;)&lt;/script&gt; · Test case")
        #expect(page[.placeHref]?.raw == "../../index.html#fox")
        #expect(page[.onRecordPage]?.flag == true)
        #expect(page[.hasInspector]?.flag == false)
        #expect(page[.page]?.raw == "record")
        #expect(page[.heading]?.raw == "Suspects")
        #expect(page[.root]?.raw == "../../")
        // No table is the current one.
        #expect(page[.nav]?.items.map { $0[.current]?.flag } == [false, false, false, false])
        #expect(page[.nav]?.items.first?[.href]?.raw == "../../index.html")
        // No base URL: no canonical address.
        #expect(page[.canonical] == nil)
    }

    @Test func thePanelsMentionsOpenOtherRecordsOwnPages() async throws {
        let fixture = await PageFixture.make(SuspectsPageTests.content())
        let path = "suspects/id/fox.html"
        let page = Self.pages(.animals, fixture, path: path).context(0, path: path)
        let row = try #require(page[.suspectPanel])
        #expect(row[.name]?.raw == SuspectsPageTests.hostile)
        #expect(row[.fruits]?.items.map { $0[.href]?.raw } == ["../../fruits/id/elstar.html", "../../fruits/id/pear.html",
                                                               "../../fruits/id/fig.html", ""])
        #expect(row[.bulletins]?.items.map { $0[.href]?.raw } == ["../../bulletins/id/b1.html"])
        // It is the record's page: no link to itself, no sheet to move, no chips.
        #expect(row[.permalink]?.isNull == true)
        #expect(row[.markers]?.items.isEmpty == true)
        #expect(row[.detentLinks]?.items.isEmpty == true)
        #expect(row[.facets]?.isNull == true)
        #expect(page.rowList.count == 1)
    }

    @Test func aBulletinsPageIsTitledForItsFruitAndPlace() async throws {
        let fixture = await PageFixture.make(BulletinsPageTests.content())
        let path = "bulletins/id/b3.html"
        let page = Self.pages(.bulletins, fixture, path: path).context(2, path: path)
        #expect(page[.pageTitle]?.raw == "Elstar Apple at Field · Test case")
        #expect(page[.placeHref]?.raw == "../../bulletins/index.html#b3")
        let row = try #require(page[.bulletinPanel])
        #expect(row[.suspects]?.items.map { $0[.href]?.raw } == ["../../suspects/id/fox.html", "../../suspects/id/owl.html"])
        #expect(row[.fruit]?[.href]?.raw == "../../fruits/id/elstar.html")
        // A fruit the catalog lacks is titled by its id.
        let unknown = Self.pages(.bulletins, fixture, path: "bulletins/id/b2.html").context(1, path: "bulletins/id/b2.html")
        #expect(unknown[.pageTitle]?.raw == "plum at Shed · Test case")
    }

    @Test func aFruitsPageWithABaseURLHasItsCanonicalAddress() async throws {
        let fixture = await PageFixture.make(FruitsPageTests.content(), baseURL: "https://example.org/case/")
        let path = "fruits/id/kiwi.html"
        let page = Self.pages(.fruits, fixture, path: path).context(1, path: path)
        #expect(page[.canonical]?.raw == "https://example.org/case/fruits/id/kiwi.html")
        #expect(page[.pageTitle]?.escaped == "Kiwi &quot;gold&quot; &lt;b&gt; · Test case")
        #expect(page[.placeHref]?.raw == "../../fruits/index.html#kiwi")
        #expect(page[.fruitPanel]?[.fanCount]?.raw == "0")
        // Links stay relative, whatever the base URL.
        #expect(page[.root]?.raw == "../../")
    }

    @Test func thePageRendersTheHostileNameEscapedOnly() async throws {
        let fixture = await PageFixture.make(SuspectsPageTests.content())
        let path = "suspects/id/fox.html"
        let html = PageFixture.html(Self.pages(.animals, fixture, path: path).context(0, path: path), "record")
        #expect(html.contains("&lt;script&gt;alert(&quot;fox&quot;)&lt;/script&gt;"))
        #expect(!html.contains("<script"))
        #expect(html.contains(#"href="../../index.html#fox""#))
    }
}

/// The 404 page: served at whatever address was missing, so its links are relative to the root
/// only without a base URL, and absolute with one.
@Suite struct NotFoundPageTests {
    @Test func withoutABaseURLItLinksFromTheRoot() async throws {
        let page = await PageFixture.make(SuspectsPageTests.content()).notFound()
        #expect(page[.heading]?.raw == "Page not found")
        #expect(page[.page]?.raw == "notfound")
        #expect(page[.root]?.raw == "")
        #expect(page[.hasInspector]?.flag == false)
        #expect(page[.pagination]?[.show]?.flag == false)
        #expect(page[.filters]?.isNull == true)
        #expect(page[.columns] == nil)
        #expect(page[.canonical] == nil)
        #expect(page.rowList.isEmpty)
        #expect(page[.nav]?.items.map { $0[.href]?.raw } == ["index.html", "bulletins/index.html", "fruits/index.html",
                                                             "validation/index.html"])
        #expect(page[.nav]?.items.map { $0[.current]?.flag } == [false, false, false, false])
        #expect(page[.pageTitle]?.raw == "Page not found · Test case")
    }

    @Test func withABaseURLItLinksAbsolutely() async throws {
        let page = await PageFixture.make(SuspectsPageTests.content(), baseURL: "https://example.org/case/").notFound()
        #expect(page[.root]?.raw == "https://example.org/case/")
        #expect(page[.nav]?.items.first?[.href]?.raw == "https://example.org/case/index.html")
        #expect(page[.counts]?[.href]?.raw == "https://example.org/case/validation/index.html")
        let html = PageFixture.html(page, "notfound")
        #expect(html.contains(#"href="https://example.org/case/index.html""#))
    }

    @Test func aHostileSiteTitleIsEscapedInTheTitle() async throws {
        var c = SuspectsPageTests.content()
        c.site.title = #"Case "<b>""#
        let page = await PageFixture.make(c).notFound()
        #expect(page[.pageTitle]?.escaped == "Page not found · Case &quot;&lt;b&gt;&quot;")
        let html = PageFixture.html(page, "notfound")
        #expect(html.contains("Case &quot;&lt;b&gt;&quot;"))
        #expect(!html.contains(#"Case "<b>""#))
    }
}
