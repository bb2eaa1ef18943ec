import Foundation

/// CLDR's Gregorian data for the date and time the pages show, written here for the languages
/// whose tables Casefile ships, from cldr-json (`cldr-dates-full/main/<language>/ca-gregorian.json`:
/// `availableFormats.yMMMEd`, `Hm` or `hm`, `dateTimeFormats.medium`, abbreviated format days and
/// months, and `am`/`pm`). The ICU data Foundation links on Linux is older for some of them (it
/// writes German "Mo. 5. Juni 2023, 23:10" where CLDR has "Mo., 5. Juni 2023, 23:10", and Arabic
/// "اثنين" where CLDR has "الاثنين"); a language not here, and a tag with a region (whose names
/// and clock may differ: de-AT writes "Jän.", ar-MA a 24-hour clock), takes ICU's.
struct CLDRDates: Sendable {
    /// The date, the time and how they join (`{1}` the date, `{0}` the time).
    let date: String
    let time: String
    let glue: String
    /// Sunday first.
    let weekdays: [String]
    let months: [String]
    let dayPeriods: [String]

    var pattern: String {
        glue.replacingOccurrences(of: "{1}", with: date).replacingOccurrences(of: "{0}", with: time)
    }

    static let byLanguage: [String: CLDRDates] = [
        "de": CLDRDates(date: "E, d. MMM y", time: "HH:mm", glue: "{1}, {0}",
                        weekdays: ["So.", "Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa."],
                        months: ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."],
                        dayPeriods: ["AM", "PM"]),
        "ja": CLDRDates(date: "y年M月d日(E)", time: "H:mm", glue: "{1} {0}",
                        weekdays: ["日", "月", "火", "水", "木", "金", "土"],
                        months: (1...12).map { "\($0)月" }, dayPeriods: ["午前", "午後"]),
        "ar": CLDRDates(date: "E، d MMM y", time: "h:mm a", glue: "{1}، {0}",
                        weekdays: ["الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت"],
                        months: ["يناير", "فبراير", "مارس", "أبريل", "مايو", "يونيو", "يوليو", "أغسطس", "سبتمبر", "أكتوبر",
                                 "نوفمبر", "ديسمبر"],
                        dayPeriods: ["ص", "م"]),
    ]
}
