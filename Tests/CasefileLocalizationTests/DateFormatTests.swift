import Testing
import CasefileLocalization

/// Expected strings are written from CLDR 47's cldr-json `cldr-dates-full/main/<lang>/ca-gregorian.json`:
/// `availableFormats` yMMMEd, Hm/hm (by the hour letter of `timeFormats` short) joined by the
/// medium `dateTimeFormats`, the medium `dateFormats`, abbreviated `months`/`days` (format) and
/// `dayPeriods` am/pm; the digits from `cldr-numbers-full` (`defaultNumberingSystem`).
/// The moment: Monday 5 June 2023, 23:10 (and 00:05 for the times).
@Suite("Dates per locale")
struct DateFormatTests {
    private func format(_ tag: String) -> DateFormat { DateFormat(LanguageTag(tag)!) }
    private func mondayNight(_ tag: String) -> String {
        format(tag).dateTime(year: 2023, month: 6, day: 5, weekday: 1, hour: 23, minute: 10)
    }

    @Test func german() {
        // yMMMEd "E, d. MMM y", medium "{1}, {0}", Hm "HH:mm"; Mo., Juni; medium date "dd.MM.y".
        #expect(mondayNight("de") == "Mo., 5. Juni 2023, 23:10")
        #expect(format("de").date(year: 2023, month: 6, day: 5) == "05.06.2023")
        #expect(format("de").time(hour: 0, minute: 5) == "00:05")
        #expect(format("de").dateTime(year: 2024, month: 3, day: 17, weekday: 0, hour: 9, minute: 0) == "So., 17. März 2024, 09:00")
    }

    @Test func japanese() {
        // yMMMEd "y年M月d日(E)", medium "{1} {0}", Hm "H:mm"; 月 (Monday); medium date "y/MM/dd".
        #expect(mondayNight("ja") == "2023年6月5日(月) 23:10")
        #expect(format("ja").date(year: 2023, month: 6, day: 5) == "2023/06/05")
        #expect(format("ja").time(hour: 0, minute: 5) == "0:05")
    }

    @Test func arabic() {
        // ar: yMMMEd "E، d MMM y", medium "{1}، {0}", hm "h:mm a" (short time h:mm a); الاثنين,
        // يونيو; pm م, am ص; medium date "dd‏/MM‏/y" (U+200F); digits latn.
        #expect(mondayNight("ar") == "الاثنين، 5 يونيو 2023، 11:10 م")
        #expect(format("ar").date(year: 2023, month: 6, day: 5) == "05\u{200F}/06\u{200F}/2023")
        #expect(format("ar").time(hour: 0, minute: 5) == "12:05 ص")
        // ar-EG: the same patterns, digits arab.
        #expect(mondayNight("ar-EG") == "الاثنين، ٥ يونيو ٢٠٢٣، ١١:١٠ م")
        // ar-MA: short time "HH:mm", so Hm; months of Morocco (يونيو, ماي for May); digits latn.
        #expect(mondayNight("ar-MA") == "الاثنين، 5 يونيو 2023، 23:10")
        #expect(format("ar-MA").date(year: 2023, month: 5, day: 1) == "01\u{200F}/05\u{200F}/2023")
    }

    @Test func english() {
        // yMMMEd "E, MMM d, y", medium "{1}, {0}", hm "h:mm\u{202F}a"; medium date "MMM d, y".
        #expect(mondayNight("en") == "Mon, Jun 5, 2023, 11:10\u{202F}PM")
        #expect(format("en").date(year: 2023, month: 6, day: 5) == "Jun 5, 2023")
        #expect(format("en").time(hour: 0, minute: 5) == "12:05\u{202F}AM")
        #expect(format("en").time(hour: 12, minute: 0) == "12:00\u{202F}PM")
    }

    @Test func french() {
        // yMMMEd "E d MMM y", medium "{1}, {0}", Hm "HH:mm"; lun., juin; medium date "d MMM y".
        #expect(mondayNight("fr") == "lun. 5 juin 2023, 23:10")
        #expect(format("fr").date(year: 2023, month: 6, day: 5) == "5 juin 2023")
        #expect(format("fr").time(hour: 0, minute: 5) == "00:05")
    }

    @Test func russianQuotesLiteralText() {
        // yMMMEd "E, d MMM y\u{202F}'г'.", medium "{1}, {0}", Hm "HH:mm"; пн, июн.
        #expect(mondayNight("ru") == "пн, 5 июн. 2023\u{202F}г., 23:10")
    }

    @Test func regionsFallBackAndUnknownLanguagesUseRoot() {
        // de-AT: abbreviated January "Jän." in CLDR's de-AT; und (root): yMMMEd "y MMM d, E",
        // medium "{1} {0}", Hm "HH:mm", months M01…M12.
        #expect(format("de-AT").date(year: 2023, month: 1, day: 5) == "05.01.2023")
        #expect(format("de-AT").dateTime(year: 2023, month: 1, day: 5, weekday: 4, hour: 8, minute: 5) == "Do., 5. Jän. 2023, 08:05")
        #expect(format("tlh").locale == "und")
        #expect(format("tlh").dateTime(year: 2023, month: 6, day: 5, weekday: 1, hour: 23, minute: 10) == "2023 M06 5, Mon 23:10")
    }
}
