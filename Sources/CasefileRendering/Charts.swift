import CasefileMustache
import Foundation
import CasefileLocalization
import CasefileModel
import CasefileValidation

/// The small pictures above two tables, as plain geometry for an inline SVG in the templates:
/// suspects per suspicion label (Suspects) and nibbles by hour of the day (Bulletins). Each has
/// a title and a description that say in words what the bars show.
enum Charts {
    static let height = 120.0
    static let plotTop = 18.0
    static let plotBottom = 96.0

    /// Suspects per suspicion label, over the whole case.
    static func suspicion(_ animals: [Animal], _ s: UIStrings = .english) -> MustacheValue {
        var counts: [Suspicion.Label: Int] = [:]
        for animal in animals { counts[animal.suspicion.label, default: 0] += 1 }
        let labels = Suspicion.Label.allCases.filter { $0 != .suspiciouslyUnsuspicious || counts[$0] != nil }
        let entries = labels.map { (label: s.label($0), short: short($0, s), count: counts[$0] ?? 0, tone: $0.tone) }
        return chart(entries, slot: 120, gap: 24,
                     title: s.text(.chartSuspicionTitle),
                     caption: s.text(.chartSuspicionCaption),
                     unit: .chartSuspects, s)
    }

    /// Nibbles per hour of the day in the site's time zone, over the whole case.
    static func nibbleHours(_ index: CaseIndex, _ s: UIStrings = .english) -> MustacheValue {
        var counts = [Int](repeating: 0, count: 24)
        for local in index.localTimes { if let local { counts[local.hour] += 1 } }
        let entries = (0..<24).map { hour in
            (label: s.text(.chartHour, ["hour": s.number(hour)]), short: hour % 6 == 0 ? s.number(hour) : "",
             count: counts[hour], tone: "accent")
        }
        return chart(entries, slot: 24, gap: 4,
                     title: s.text(.chartHoursTitle),
                     caption: s.text(.chartHoursCaption),
                     unit: .chartNibbles, s)
    }

    /// The bars run in the pages' direction: on a page written right to left (`<html dir="rtl">`,
    /// which PageFrame takes from the same `s.language`) the first bar is the rightmost.
    private static func chart(_ entries: [(label: String, short: String, count: Int, tone: String)],
                              slot: Double, gap: Double, title: String, caption: String, unit: UIText,
                              _ s: UIStrings) -> MustacheValue {
        let most = max(1, entries.map(\.count).max() ?? 0)
        let plot = plotBottom - plotTop
        let rightToLeft = s.language.isRightToLeft
        let bars: [MustacheValue] = entries.enumerated().map { i, entry in
            let h = entry.count == 0 ? 0 : max(2, plot * Double(entry.count) / Double(most))
            let x = Double(rightToLeft ? entries.count - 1 - i : i) * slot + gap / 2
            return .fields([
                (.x, .string(fmt(x))), (.y, .string(fmt(plotBottom - h))), (.width, .string(fmt(slot - gap))),
                (.height, .string(fmt(h))), (.centerX, .string(fmt(x + (slot - gap) / 2))),
                (.countY, .string(fmt(max(12, plotBottom - h - 4)))), (.labelY, .string(fmt(plotBottom + 16))),
                (.label, .string(entry.label)), (.short, .string(entry.short)), (.count, .int(entry.count)),
                (.countText, .string(entry.count > 0 ? s.number(entry.count) : "")), (.tone, .string(entry.tone)),
            ])
        }
        let words = entries.map { s.text(.chartBar, ["label": $0.label, "count": s.count(unit, $0.count)]) }.joined(separator: s.text(.clauseSeparator))
        return .fields([(.title, .string(title)), (.caption, .string(caption)), (.description, .string(words + s.text(.sentenceEnd))),
                         (.bars, .list(bars)), (.width, .string(fmt(Double(entries.count) * slot))),
                         (.height, .string(fmt(height)))])
    }

    private static func short(_ label: Suspicion.Label, _ s: UIStrings) -> String {
        label == .suspiciouslyUnsuspicious ? s.text(.outOfRange) : s.label(label)
    }

    private static func fmt(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
