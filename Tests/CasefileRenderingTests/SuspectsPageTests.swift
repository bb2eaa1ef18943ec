import Testing
import CasefileModel
import CasefileMustache
@testable import CasefileRendering

/// The Suspects table's view model: what each row hands its template (names, links, the
/// suspicion meter, mentions, facets, problems), what the page around the rows says, and the
/// table empty. Every expected value is worked out from the case below.
@Suite struct SuspectsPageTests {
    static let hostile = #"<script>alert("fox")</script>"#

    /// Three fruits; the fox favours them and `plum`, which the catalog lacks (an unknown-fruit
    /// error), and sleeps 22:30–06:30; one bulletin about elstar at 23:00, while the fox sleeps.
    static func content() -> CaseContent {
        var c = CaseContent(site: SiteSettings(title: "Test case"))
        c.fruits = [Fruit(id: Fruit.ID("elstar"), name: "Elstar Apple", color: "yellow"),
                    Fruit(id: Fruit.ID("pear"), name: "Pear", color: "green"),
                    Fruit(id: Fruit.ID("fig"), name: "Fig", color: "purple")]
        c.animals = [
            Animal(id: Animal.ID("fox"), name: hostile, species: "Red fox", emoji: "🦊", pawSize: .large,
                   favoriteFruits: ["elstar", "pear", "fig", "plum"].map { Fruit.ID($0) }, suspicionLevel: 0.55,
                   alibi: #"Was "out" & about"#,
                   sleepSchedule: SleepSchedule(sleep: ClockTime(hour: 22, minute: 30)!, wake: ClockTime(hour: 6, minute: 30)!)),
            Animal(id: Animal.ID("owl"), name: "Owl", species: "Barn owl", favoriteFruits: [Fruit.ID("pear")], suspicionLevel: 0.1),
            Animal(id: Animal.ID("crow"), name: "Crow", species: "Crow", favoriteFruits: [Fruit.ID("fig")], suspicionLevel: 1.4),
        ]
        c.bulletins = [Bulletin(id: Bulletin.ID("b1"), fruit: Fruit.ID("elstar"),
                                nibbledAt: Timestamp(iso8601: "2024-03-05T23:00:00Z"), location: "Orchard")]
        return c
    }

    @Test func aRowSaysItsRecordsValuesEscapedOnce() async throws {
        let page = await PageFixture.make(Self.content()).page(.suspects)
        let fox = try #require(page.rowList.first)
        #expect(fox[.id]?.raw == "fox")
        #expect(fox[.name]?.raw == Self.hostile)
        #expect(fox[.name]?.escaped == "&lt;script&gt;alert(&quot;fox&quot;)&lt;/script&gt;")
        #expect(fox[.species]?.raw == "Red fox")
        #expect(fox[.emoji]?.raw == "🦊")
        #expect(fox[.hasEmoji]?.flag == true)
        #expect(fox[.pawSize]?.raw == "large")
        #expect(fox[.alibi]?.escaped == "Was &quot;out&quot; &amp; about")
        #expect(fox[.hasAlibi]?.flag == true)
        #expect(fox[.sleep]?.raw == "22:30")
        #expect(fox[.wake]?.raw == "06:30")
        #expect(fox[.hasSchedule]?.flag == true)
        // The owl has no emoji, alibi or schedule.
        let owl = page.rowList[1]
        #expect(owl[.hasEmoji]?.flag == false)
        #expect(owl[.hasAlibi]?.flag == false)
        #expect(owl[.hasSchedule]?.flag == false)
        #expect(owl[.pawSize]?.raw == "small")
    }

    @Test func aRowLinksToItsFragmentItsOwnPageAndItsDetents() async throws {
        let page = await PageFixture.make(Self.content()).page(.suspects)
        let fox = try #require(page.rowList.first)
        #expect(fox[.fragment]?.raw == "fox")
        #expect(fox[.href]?.raw == "#fox")
        // From the home page, at the root.
        #expect(fox[.permalink]?.raw == "suspects/id/fox.html")
        // The default detents, 200 px, medium and large: the first marker is the fragment itself.
        #expect(fox[.markers]?.items.map { $0[.id]?.raw } == ["fox", "fox_medium", "fox_large"])
        #expect(fox[.markers]?.items.map { $0[.name]?.raw } == ["200", "medium", "large"])
        let links = fox[.detentLinks]?.items ?? []
        #expect(links.map { $0[.href]?.raw } == ["#fox", "#fox_medium", "#fox_large"])
        // Each grabber moves the sheet on; after the last, back to the first.
        #expect(links.map { $0[.nextHref]?.raw } == ["#fox_medium", "#fox_large", "#fox"])
    }

    @Test(arguments: [
        // level, what is written, percent, label, tone, filled bars
        (0.55, "0.55", "0.55", "55", "Very suspicious", "orange", 3),
        (0.1, "0.1", "0.1", "10", "Unlikely", "green", 1),
        // Out of range: the meter is held to 1, the written value kept, no bar filled.
        (1.4, "1", "1.4", "100", "Suspiciously Unsuspicious", "blue", 0),
    ])
    func theSuspicionMeterShowsTheLevelItsLabelAndItsBars(_ level: Double, _ value: String, _ written: String, _ percent: String,
                                                          _ label: String, _ tone: String, _ filled: Int) async throws {
        var c = Self.content()
        c.animals[0].suspicionLevel = level
        let row = try #require(await PageFixture.make(c).page(.suspects).rowList.first)
        let suspicion = try #require(row[.suspicion])
        #expect(suspicion[.value]?.raw == value)
        #expect(suspicion[.written]?.raw == written)
        #expect(suspicion[.percent]?.raw == percent)
        #expect(suspicion[.label]?.raw == label)
        #expect(suspicion[.tone]?.raw == tone)
        let bars = suspicion[.bars]?.items ?? []
        #expect(bars.map { $0[.level]?.raw } == ["1", "2", "3", "4"])
        #expect(bars.map { $0[.filled]?.flag } == (1...4).map { $0 <= filled })
    }

    @Test func favouriteFruitsLinkToTheirRowsAndAnUnknownOneStandsUnlinked() async throws {
        let page = await PageFixture.make(Self.content()).page(.suspects)
        let fox = try #require(page.rowList.first)
        let fruits = fox[.fruits]?.items ?? []
        #expect(fruits.map { $0[.name]?.raw } == ["Elstar Apple", "Pear", "Fig", "plum"])
        #expect(fruits.map { $0[.href]?.raw } == ["fruits/index.html#elstar", "fruits/index.html#pear", "fruits/index.html#fig", ""])
        #expect(fruits.map { $0[.known]?.flag } == [true, true, true, false])
        // Three in the row, "and 1 more".
        #expect(fox[.fruitsPreview]?.items.count == 3)
        #expect(fox[.moreFruits]?.raw == "1")
        #expect(fox[.hasMoreFruits]?.flag == true)
        #expect(page.rowList[1][.hasMoreFruits]?.flag == false)
        #expect(page.rowList[1][.moreFruits]?.raw == "0")
    }

    @Test func bulletinsAboutItsFruitsSayWhetherItSlept() async throws {
        let page = await PageFixture.make(Self.content()).page(.suspects)
        let fox = try #require(page.rowList.first)
        let bulletins = fox[.bulletins]?.items ?? []
        #expect(bulletins.map { $0[.href]?.raw } == ["bulletins/index.html#b1"])
        // 23:00 falls in 22:30–06:30.
        #expect(bulletins.map { $0[.asleep]?.flag } == [true])
        #expect(fox[.bulletinCount]?.raw == "1")
        #expect(fox[.moreBulletins]?.flag == false)
        // The owl favours only pear, which no bulletin names.
        #expect(page.rowList[1][.hasBulletins]?.flag == false)
    }

    @Test func aRowCarriesItsProblemsAndMarksTheFieldTheyAreIn() async throws {
        let fixture = await PageFixture.make(Self.content())
        let fox = try #require(fixture.page(.suspects).rowList.first)
        let problem = try #require(fixture.placed.diagnostics.firstIndex { $0.ruleID == "unknown-fruit" })
        // Plum, and a suspicion of 0.55 while asleep at the one bulletin about its fruits.
        #expect(Set((fox[.problems]?.items ?? []).compactMap { $0[.rule]?.raw }) == ["unknown-fruit", "unsupported-suspicion"])
        #expect(fox[.problemCount]?.raw == "2")
        #expect(fox[.hasProblems]?.flag == true)
        #expect(fox[.problemsLabel]?.raw == "2 problems")
        let summary = try #require(fox[.problems]?.items.first { $0[.rule]?.raw == "unknown-fruit" })
        #expect(summary[.rule]?.raw == "unknown-fruit")
        #expect(summary[.severity]?.raw == "error")
        #expect(summary[.field]?.raw == "favoriteFruits")
        // The problem's row on the validation page, whose fragments are p1, p2, … in problem order.
        #expect(summary[.href]?.raw == "validation/index.html#p\(problem + 1)")
        guard case let .object(invalid)? = fox[.invalid] else { Issue.record("no invalid fields"); return }
        let entry = invalid.value(for: MustacheKey(name: "favoriteFruits", code: -1))
        #expect(entry?[.rule]?.raw == "unknown-fruit")
        #expect(invalid.value(for: MustacheKey(name: "suspicionLevel", code: -1))?[.rule]?.raw == "unsupported-suspicion")
        #expect(invalid.value(for: MustacheKey(name: "name", code: -1)) == nil)
        // The owl has none.
        let owl = fixture.page(.suspects).rowList[1]
        #expect(owl[.problemCount]?.raw == "0")
        #expect(owl[.problemsLabel]?.isNull == true)
    }

    @Test func rowsCarryTheirValueForEachFilter() async throws {
        let page = await PageFixture.make(Self.content()).page(.suspects)
        func facets(_ row: MustacheValue) -> [String] {
            (row[.facets]?.items ?? []).map { "\($0[.name]?.raw ?? "?")=\($0[.value]?.raw ?? "?")" }
        }
        #expect(facets(page.rowList[0]) == ["label=very-suspicious", "species=red-fox", "paw=large"])
        #expect(facets(page.rowList[1]) == ["label=unlikely", "species=barn-owl", "paw=small"])
        #expect(facets(page.rowList[2]) == ["label=suspiciously-unsuspicious", "species=crow", "paw=small"])
    }

    @Test func thePageSaysWhatItListsAndLinksTheOtherTables() async throws {
        let page = await PageFixture.make(Self.content()).page(.suspects)
        #expect(page[.heading]?.raw == "Suspects")
        #expect(page[.pageTitle]?.raw == "Suspects · Test case")
        #expect(page[.page]?.raw == "suspects")
        #expect(page[.root]?.raw == "")
        #expect(page[.table]?[.caption]?.raw == "Suspects (3)")
        #expect(page[.table]?[.rowCount]?.raw == "3")
        #expect(page[.table]?[.isEmpty]?.flag == false)
        #expect(page[.hasInspector]?.flag == true)
        #expect(page[.inspector]?[.placeholder]?.raw == "Select a suspect to inspect")
        let nav = page[.nav]?.items ?? []
        #expect(nav.map { $0[.href]?.raw } == ["index.html", "bulletins/index.html", "fruits/index.html", "validation/index.html"])
        #expect(nav.map { $0[.current]?.flag } == [true, false, false, false])
        // One page: no page links.
        #expect(page[.pagination]?[.show]?.flag == false)
        // The columns' headers link to the table's orders, ascending first.
        let columns = page[.columns]?.items ?? []
        #expect(columns.map { $0[.label]?.raw } == ["Suspect", "Favourite fruits", "Suspicion"])
        #expect(columns.map { $0[.href]?.raw } == ["suspects/by/suspect-asc.html", "suspects/by/fruits-asc.html",
                                                   "suspects/by/suspicion-asc.html"])
        #expect(columns.allSatisfy { $0[.sort] == nil })
        #expect(page[.chart] != nil)
    }

    @Test func aDefaultOrderMarksItsColumnAndItsHeaderLinksTheOtherWay() async throws {
        var c = Self.content()
        c.site.defaultOrder = [.suspects: TableOrder(column: 0, descending: false)]
        let page = await PageFixture.make(c).page(.suspects)
        // By name, case folded: "<script>…" (a "<" sorts before letters), Crow, Owl.
        #expect(page.rowList.map { $0[.id]?.raw } == ["fox", "crow", "owl"])
        let header = try #require(page[.columns]?.items.first)
        #expect(header[.sort]?.raw == "ascending")
        #expect(header[.arrow]?.raw == "▲")
        #expect(header[.href]?.raw == "suspects/by/suspect-desc.html")
    }

    @Test func anEmptyTableSaysSoAndHasNothingToInspect() async throws {
        var c = Self.content()
        c.animals = []
        let page = await PageFixture.make(c).page(.suspects)
        #expect(page.rowList.isEmpty)
        #expect(page[.table]?[.isEmpty]?.flag == true)
        #expect(page[.table]?[.rowCount]?.raw == "0")
        #expect(page[.table]?[.caption]?.raw == "Suspects (0)")
        #expect(page[.table]?[.emptyTitle]?.raw == "No suspects yet")
        #expect(page[.table]?[.emptyMessage]?.raw == "Add animals to animals.yaml and they appear here.")
        #expect(page[.table]?[.allClear]?.flag == false)
        #expect(page[.inspector]?[.placeholder]?.raw == "Nothing to inspect")
        // No chart and no chips without suspects.
        #expect(page[.chart] == nil)
        #expect(page[.filters]?.isNull == true)
    }

    @Test func thePageRendersTheHostileNameEscapedOnly() async throws {
        let page = await PageFixture.make(Self.content()).page(.suspects)
        let html = PageFixture.html(page, "suspects")
        #expect(html.contains("&lt;script&gt;alert(&quot;fox&quot;)&lt;/script&gt;"))
        #expect(!html.contains(Self.hostile))
        #expect(!html.contains("<script"))
        #expect(html.contains("Was &quot;out&quot; &amp; about"))
    }
}
