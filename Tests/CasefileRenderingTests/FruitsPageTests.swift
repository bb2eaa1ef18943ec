import Testing
import CasefileModel
import CasefileMustache
@testable import CasefileRendering

/// The Fruits table's view model: each fruit's name, colour and swatch, its fans and bulletins
/// linked from a page one folder down, the favoured/no-fans filter, and the table empty.
@Suite struct FruitsPageTests {
    static let kiwi = #"Kiwi "gold" <b>"#

    /// Elstar is the fox's and the owl's and named by one bulletin; the kiwi (a hostile name, a
    /// colour that is no colour) is no one's.
    static func content() -> CaseContent {
        var c = CaseContent(site: SiteSettings(title: "Test case"))
        c.fruits = [Fruit(id: Fruit.ID("elstar"), name: "Elstar Apple", color: "yellow"),
                    Fruit(id: Fruit.ID("kiwi"), name: kiwi, color: "not a colour")]
        c.animals = [Animal(id: Animal.ID("fox"), name: "Fox", species: "Fox", favoriteFruits: [Fruit.ID("elstar")]),
                     Animal(id: Animal.ID("owl"), name: "Owl", species: "Owl", favoriteFruits: [Fruit.ID("elstar")])]
        c.bulletins = [Bulletin(id: Bulletin.ID("b1"), fruit: Fruit.ID("elstar"),
                                nibbledAt: Timestamp(iso8601: "2024-03-05T23:00:00Z"), location: "Orchard")]
        return c
    }

    @Test func aRowSaysItsNameColourAndSwatch() async throws {
        let rows = await PageFixture.make(Self.content()).page(.fruits).rowList
        try #require(rows.count == 2)
        #expect(rows[0][.name]?.raw == "Elstar Apple")
        #expect(rows[0][.color]?.raw == "yellow")
        #expect(rows[0][.swatchColor]?.raw == "yellow")
        #expect(rows[0][.swatchLabel]?.raw == "Colour: yellow")
        #expect(rows[1][.name]?.escaped == "Kiwi &quot;gold&quot; &lt;b&gt;")
        // A colour CSS would not read is shown as no colour, and said as written.
        #expect(rows[1][.swatchColor]?.raw == "transparent")
        #expect(rows[1][.swatchLabel]?.raw == "Colour: not a colour")
        #expect(rows[1][.permalink]?.raw == "../fruits/id/kiwi.html")
    }

    @Test func fansAndBulletinsAreCountedAndLinked() async throws {
        let rows = await PageFixture.make(Self.content()).page(.fruits).rowList
        try #require(rows.count == 2)
        let elstar = rows[0]
        #expect(elstar[.fans]?.items.map { $0[.name]?.raw } == ["Fox", "Owl"])
        #expect(elstar[.fans]?.items.map { $0[.href]?.raw } == ["../index.html#fox", "../index.html#owl"])
        #expect(elstar[.fanCount]?.raw == "2")
        #expect(elstar[.hasFans]?.flag == true)
        #expect(elstar[.bulletins]?.items.map { $0[.href]?.raw } == ["../bulletins/index.html#b1"])
        #expect(elstar[.bulletins]?.items.map { $0[.location]?.raw } == ["Orchard"])
        #expect(elstar[.bulletinCount]?.raw == "1")
        #expect(elstar[.moreFans]?.flag == false)
        let kiwi = rows[1]
        #expect(kiwi[.fanCount]?.raw == "0")
        #expect(kiwi[.hasFans]?.flag == false)
        #expect(kiwi[.hasBulletins]?.flag == false)
    }

    @Test func theFilterSplitsFavouredFruitsFromTheRest() async throws {
        let page = await PageFixture.make(Self.content()).page(.fruits)
        let rows = page.rowList
        #expect(rows.map { $0[.facets]?.items.first?[.value]?.raw } == ["favoured", "no-fans"])
        let chips = page[.filters]?[.facets]?.items.first?[.chips]?.items ?? []
        #expect(chips.map { $0[.label]?.raw } == ["Favoured", "No one favours it"])
        #expect(chips.map { $0[.count]?.raw } == ["1", "1"])
        // Filters off: no form, no facets on the rows.
        var c = Self.content()
        c.site.filters = false
        let plain = await PageFixture.make(c).page(.fruits)
        #expect(plain[.filters]?.isNull == true)
        #expect(plain.rowList.allSatisfy { $0[.facets]?.isNull == true })
    }

    @Test func anEmptyCatalogSaysSo() async throws {
        var c = Self.content()
        c.fruits = []
        c.animals = []
        c.bulletins = []
        let page = await PageFixture.make(c).page(.fruits)
        #expect(page.rowList.isEmpty)
        #expect(page[.table]?[.caption]?.raw == "Fruit catalog (0)")
        #expect(page[.table]?[.emptyTitle]?.raw == "No fruits yet")
        #expect(page[.table]?[.emptyMessage]?.raw == "Add them to fruits.yaml and they appear here.")
        #expect(page[.filters]?.isNull == true)
    }

    @Test func thePageRendersTheHostileNameEscapedOnly() async throws {
        let html = PageFixture.html(await PageFixture.make(Self.content()).page(.fruits), "fruits")
        #expect(html.contains("Kiwi &quot;gold&quot; &lt;b&gt;"))
        #expect(!html.contains(Self.kiwi))
        #expect(!html.contains("<b>"))
    }
}
