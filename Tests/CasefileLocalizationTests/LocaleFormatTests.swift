import Testing
import CasefileLocalization

/// Dates and numbers per language, the expected values written from CLDR (cldr-json's
/// ca-gregorian.json and numbers.json of each language: the yMMMEd and Hm/hm patterns joined by
/// dateTimeFormats.medium, abbreviated day and month names; the decimal pattern's grouping).
@Suite("Dates and numbers per language")
struct LocaleFormatTests {
    /// Monday 5 June 2023, 23:10, and Sunday 1 January 2023, 09:05.
    private func dates(_ tag: String) -> [String] {
        let format = DateFormat(LanguageTag(tag)!)
        return [format.dateTime(year: 2023, month: 6, day: 5, weekday: 1, hour: 23, minute: 10),
                format.dateTime(year: 2023, month: 1, day: 1, weekday: 0, hour: 9, minute: 5)]
    }

    @Test func german() {
        // "E, d. MMM y" + "{1}, {0}" + "HH:mm"; Mo., So.; Juni, Jan.
        #expect(dates("de") == ["Mo., 5. Juni 2023, 23:10", "So., 1. Jan. 2023, 09:05"])
        // de-AT: CLDR's Austrian January is "Jän." (a region keeps its own names).
        #expect(dates("de-AT")[1].contains("Jän."))
    }

    @Test func japanese() {
        // "y年M月d日(E)" + "{1} {0}" + "H:mm"; 月, 日.
        #expect(dates("ja") == ["2023年6月5日(月) 23:10", "2023年1月1日(日) 9:05"])
    }

    @Test func arabicInMoroccoWritesA24HourClock() {
        // ar-MA: CLDR's Hm "HH:mm".
        #expect(dates("ar-MA")[0].contains("23:10"))
    }

    @Test func arabic() {
        // "E، d MMM y" + "{1}، {0}" + "h:mm a"; الاثنين, الأحد; يونيو, يناير; ص/م.
        #expect(dates("ar") == ["الاثنين، 5 يونيو 2023، 11:10 م", "الأحد، 1 يناير 2023، 9:05 ص"])
    }

    @Test func numbers() {
        // de #,##0 with "." groups; fr with U+202F; es minimumGroupingDigits 2; ja ",". (Arabic: the
        // digits of the ICU Foundation links, Latin for `ar`.)
        #expect(NumberFormat(LanguageTag("de")!).integer(1_234_567) == "1.234.567")
        #expect(NumberFormat(LanguageTag("fr")!).integer(1_234_567) == "1\u{202F}234\u{202F}567")
        #expect(NumberFormat(LanguageTag("es")!).integer(1234) == "1234")
        #expect(NumberFormat(LanguageTag("es")!).integer(12_345) == "12.345")
        #expect(NumberFormat(LanguageTag("ja")!).integer(10_000) == "10,000")
        #expect(NumberFormat(LanguageTag("ar")!).integer(10_000) == "10,000")
        #expect(NumberFormat(LanguageTag("de")!).integer(-999) == "-999")
    }
}
