import Testing
import CasefileModel
import CasefileMustache
@testable import CasefileRendering

/// The Bulletins table's view model: each row's time, fruit, place, bites, suspects awake and
/// asleep, and reporter, on its page one folder down; a long list of suspects cut short; the
/// table empty.
@Suite struct BulletinsPageTests {
    /// The fox sleeps 22:30–06:30, the owl keeps no schedule; both favour elstar. b1 (23:00,
    /// reported by the owl) and b3 (noon) are about elstar; b2 names a fruit and a reporter the
    /// case lacks and has no time.
    static func content() -> CaseContent {
        var c = CaseContent(site: SiteSettings(title: "Test case"))
        c.fruits = [Fruit(id: Fruit.ID("elstar"), name: "Elstar Apple", color: "yellow")]
        c.animals = [
            Animal(id: Animal.ID("fox"), name: "Fox", species: "Fox", emoji: "🦊", favoriteFruits: [Fruit.ID("elstar")],
                   sleepSchedule: SleepSchedule(sleep: ClockTime(hour: 22, minute: 30)!, wake: ClockTime(hour: 6, minute: 30)!)),
            Animal(id: Animal.ID("owl"), name: "Owl", species: "Owl", favoriteFruits: [Fruit.ID("elstar")]),
        ]
        c.bulletins = [
            Bulletin(id: Bulletin.ID("b1"), fruit: Fruit.ID("elstar"), nibbledAt: Timestamp(iso8601: "2024-03-05T23:00:00Z"),
                     location: #"Barn <B> & "yard""#, bites: 3, reportedBy: Animal.ID("owl")),
            Bulletin(id: Bulletin.ID("b2"), fruit: Fruit.ID("plum"), nibbledAt: nil, location: "Shed", reportedBy: Animal.ID("ghost")),
            Bulletin(id: Bulletin.ID("b3"), fruit: Fruit.ID("elstar"), nibbledAt: Timestamp(iso8601: "2024-03-06T12:00:00Z"),
                     location: "Field"),
        ]
        return c
    }

    @Test func aRowSaysWhenWhereAndWhatWasNibbled() async throws {
        let rows = await PageFixture.make(Self.content()).page(.bulletins).rowList
        try #require(rows.count == 3)
        let b1 = rows[0]
        // 5 March 2024 was a Tuesday; the site's time zone is UTC.
        #expect(b1[.when]?.raw == "Tue 5 Mar 2024, 23:00")
        #expect(b1[.datetime]?.raw == "2024-03-05T23:00:00+00:00")
        #expect(b1[.hasTime]?.flag == true)
        #expect(b1[.location]?.escaped == "Barn &lt;B&gt; &amp; &quot;yard&quot;")
        #expect(b1[.bites]?.raw == "3")
        #expect(b1[.hasBites]?.flag == true)
        // The page is one folder down: links climb to the root first.
        #expect(b1[.fruit]?[.name]?.raw == "Elstar Apple")
        #expect(b1[.fruit]?[.href]?.raw == "../fruits/index.html#elstar")
        #expect(b1[.permalink]?.raw == "../bulletins/id/b1.html")
        #expect(b1[.href]?.raw == "#b1")
        // No time, an unknown fruit, no bites.
        let b2 = rows[1]
        #expect(b2[.when]?.raw == "unknown time")
        #expect(b2[.datetime]?.raw == "")
        #expect(b2[.hasTime]?.flag == false)
        #expect(b2[.fruit]?[.name]?.raw == "plum")
        #expect(b2[.fruit]?[.known]?.flag == false)
        #expect(b2[.fruit]?[.href]?.raw == "")
        #expect(b2[.hasBites]?.flag == false)
        #expect(b2[.bites]?.raw == "")
    }

    @Test func suspectsAreTheFruitsFansAwakeOrAsleepAtTheTime() async throws {
        let rows = await PageFixture.make(Self.content()).page(.bulletins).rowList
        try #require(rows.count == 3)
        let b1 = rows[0]
        let suspects = b1[.suspects]?.items ?? []
        #expect(suspects.map { $0[.name]?.raw } == ["Fox", "Owl"])
        #expect(suspects.map { $0[.href]?.raw } == ["../index.html#fox", "../index.html#owl"])
        // 23:00: the fox sleeps, the owl (no schedule) does not.
        #expect(suspects.map { $0[.asleep]?.flag } == [true, false])
        #expect(b1[.awakeCount]?.raw == "1")
        #expect(b1[.asleepCount]?.raw == "1")
        #expect(b1[.awakeLabel]?.raw == "1 awake")
        #expect(b1[.asleepLabel]?.raw == "1 asleep")
        #expect(b1[.moreSuspects]?.flag == false)
        // Noon: both awake.
        #expect(rows[2][.awakeCount]?.raw == "2")
        #expect(rows[2][.asleepCount]?.raw == "0")
        // A fruit the catalog lacks has no fans.
        #expect(rows[1][.hasSuspects]?.flag == false)
    }

    @Test func theReporterIsLinkedWhenKnownNamedByIdWhenNotAndFalseWhenNone() async throws {
        let rows = await PageFixture.make(Self.content()).page(.bulletins).rowList
        try #require(rows.count == 3)
        #expect(rows[0][.reporter]?[.name]?.raw == "Owl")
        #expect(rows[0][.reporter]?[.href]?.raw == "../index.html#owl")
        #expect(rows[1][.reporter]?[.name]?.raw == "ghost")
        #expect(rows[1][.reporter]?[.href]?.raw == "")
        #expect(rows[2][.reporter]?.flag == false)
    }

    @Test func aRowWithTwoProblemsCountsBoth() async throws {
        let rows = await PageFixture.make(Self.content()).page(.bulletins).rowList
        try #require(rows.count == 3)
        let rules = (rows[1][.problems]?.items ?? []).compactMap { $0[.rule]?.raw }
        #expect(Set(rules) == ["unknown-fruit", "unknown-animal"])
        #expect(rows[1][.problemCount]?.raw == "2")
        #expect(rows[1][.problemsLabel]?.raw == "2 problems")
        #expect(rows[2][.problemCount]?.raw == "0")
    }

    @Test func moreThanTwelveSuspectsAreCutShortWithTheRestCounted() async throws {
        var c = Self.content()
        c.animals = (1...14).map { Animal(id: Animal.ID("a\($0)"), name: "A\($0)", species: "Ant", favoriteFruits: [Fruit.ID("elstar")]) }
        c.bulletins = [c.bulletins[2]]
        let row = try #require(await PageFixture.make(c).page(.bulletins).rowList.first)
        #expect(row[.suspects]?.items.map { $0[.name]?.raw } == (1...12).map { "A\($0)" })
        #expect(row[.moreSuspects]?[.count]?.raw == "2")
        #expect(row[.moreSuspects]?[.label]?.raw == "and 2 more suspects")
        #expect(row[.awakeCount]?.raw == "14")
    }

    @Test func theFiltersOfferEachFruitAndWhetherASuspectWasAwake() async throws {
        let page = await PageFixture.make(Self.content()).page(.bulletins)
        let form = try #require(page[.filters])
        #expect(form[.total]?.raw == "3")
        let facets = form[.facets]?.items ?? []
        #expect(facets.map { $0[.name]?.raw } == ["fruit", "awake"])
        // Sorted by label: "Elstar Apple" before "plum" (capitals first).
        let fruit = facets.first?[.chips]?.items ?? []
        #expect(fruit.map { $0[.id]?.raw } == ["f-fruit-elstar", "f-fruit-plum"])
        #expect(fruit.map { $0[.label]?.raw } == ["Elstar Apple", "plum"])
        #expect(fruit.map { $0[.count]?.raw } == ["2", "1"])
        // Awake first (its rank), then none awake: b2 has no suspects at all.
        let awake = facets.last?[.chips]?.items ?? []
        #expect(awake.map { $0[.value]?.raw } == ["awake", "none-awake"])
        #expect(awake.map { $0[.count]?.raw } == ["2", "1"])
        let css = page[.selectionCSS]?.raw ?? ""
        #expect(css.contains(#"#f-fruit-plum:not(:checked))"#))
        #expect(css.contains(#"tr[data-f-fruit="plum"]{display:none}"#))
    }

    @Test func anEmptyTableSaysSo() async throws {
        var c = Self.content()
        c.bulletins = []
        let page = await PageFixture.make(c).page(.bulletins)
        #expect(page.rowList.isEmpty)
        #expect(page[.heading]?.raw == "Bulletins")
        #expect(page[.table]?[.caption]?.raw == "Nibble bulletins (0)")
        #expect(page[.table]?[.emptyTitle]?.raw == "No bulletins yet")
        #expect(page[.table]?[.isEmpty]?.flag == true)
        #expect(page[.inspector]?[.placeholder]?.raw == "Nothing to inspect")
        #expect(page[.chart] == nil)
    }
}
