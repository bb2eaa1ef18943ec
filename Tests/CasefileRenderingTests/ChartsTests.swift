import Testing
import CasefileLocalization
import CasefileModel
import CasefileMustache
@testable import CasefileRendering

/// The charts above the Suspects and Bulletins tables, as the geometry and words their
/// templates receive: a bar per label or hour, heights scaled to the tallest, the bars in the
/// page's direction, and a description that says what the bars show.
@Suite struct ChartsTests {
    static func animals(_ levels: [Double]) -> [Animal] {
        levels.enumerated().map { Animal(id: Animal.ID("a\($0)"), name: "A\($0)", species: "Ant", suspicionLevel: $1) }
    }

    @Test func suspicionBarsCountEachLabelScaledToTheTallest() throws {
        // Unlikely 1, Fishy 2, Very suspicious 0, Extremely suspicious! 1; none out of range.
        let chart = Charts.suspicion(Self.animals([0.1, 0.3, 0.3, 0.95]))
        let bars = chart[.bars]?.items ?? []
        #expect(bars.map { $0[.label]?.raw } == ["Unlikely", "Fishy", "Very suspicious", "Extremely suspicious!"])
        #expect(bars.map { $0[.count]?.raw } == ["1", "2", "0", "1"])
        // The plot runs from y 18 to 96 (78 high): the tallest fills it, one of two half of it,
        // none nothing (and says no count).
        #expect(bars.map { $0[.height]?.raw } == ["39", "78", "0", "39"])
        #expect(bars.map { $0[.y]?.raw } == ["57", "18", "96", "57"])
        #expect(bars.map { $0[.countText]?.raw } == ["1", "2", "", "1"])
        // Slots of 120 with a gap of 24: bars 96 wide, from x 12.
        #expect(bars.map { $0[.x]?.raw } == ["12", "132", "252", "372"])
        #expect(bars.first?[.width]?.raw == "96")
        #expect(chart[.width]?.raw == "480")
        #expect(chart[.title]?.raw == "Suspects by suspicion")
        #expect(chart[.description]?.raw
            == "Unlikely: 1 suspect; Fishy: 2 suspects; Very suspicious: 0 suspects; Extremely suspicious!: 1 suspect.")
    }

    @Test func aLevelOutOfRangeAddsItsBarShortlyLabelled() throws {
        let bars = Charts.suspicion(Self.animals([0.1, 1.4]))[.bars]?.items ?? []
        #expect(bars.count == 5)
        #expect(bars.last?[.label]?.raw == "Suspiciously Unsuspicious")
        #expect(bars.last?[.short]?.raw == "Out of range")
        #expect(bars.last?[.tone]?.raw == "blue")
    }

    @Test func onARightToLeftPageTheFirstBarIsTheRightmost() throws {
        let arabic = UIStrings.resolve(language: "ar").strings
        let bars = Charts.suspicion(Self.animals([0.1, 0.3, 0.3, 0.95]), arabic)[.bars]?.items ?? []
        #expect(bars.map { $0[.x]?.raw } == ["372", "252", "132", "12"])
    }

    @Test func nibblesAreCountedByHourInTheSitesTimeZone() async throws {
        // The bulletins case: 23:00 and 12:00 UTC, and one without a time.
        var c = BulletinsPageTests.content()
        c.site.timeZone = "Asia/Tokyo"
        let fixture = await PageFixture.make(c)
        let chart = try #require(fixture.page(.bulletins)[.chart])
        let bars = chart[.bars]?.items ?? []
        #expect(bars.count == 24)
        // Tokyo is 9 hours ahead: 23:00 is 08:00 there, 12:00 is 21:00.
        let counted = bars.enumerated().filter { $0.element[.count]?.raw != "0" }.map(\.offset)
        #expect(counted == [8, 21])
        #expect(bars[8][.label]?.raw == "8:00")
        // Only every sixth hour is written under its bar.
        #expect(bars.compactMap { $0[.short]?.raw }.filter { !$0.isEmpty } == ["0", "6", "12", "18"])
        #expect(chart[.title]?.raw == "Nibbles by hour of the day")
    }
}
