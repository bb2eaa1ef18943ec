import CasefileMustache
import Foundation
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
    static func suspicion(_ animals: [Animal]) -> MustacheValue {
        var counts: [Suspicion.Label: Int] = [:]
        for animal in animals { counts[animal.suspicion.label, default: 0] += 1 }
        let labels = Suspicion.Label.allCases.filter { $0 != .suspiciouslyUnsuspicious || counts[$0] != nil }
        let entries = labels.map { (label: $0.rawValue, short: short($0), count: counts[$0] ?? 0, tone: $0.tone) }
        return chart(entries, slot: 120, gap: 24,
                     title: "Suspects by suspicion",
                     caption: "How many suspects carry each suspicion label.",
                     unit: "suspect")
    }

    /// Nibbles per hour of the day in the site's time zone, over the whole case.
    static func nibbleHours(_ index: CaseIndex) -> MustacheValue {
        var counts = [Int](repeating: 0, count: 24)
        for local in index.localTimes { if let local { counts[local.hour] += 1 } }
        let entries = (0..<24).map { hour in
            (label: "\(hour):00", short: hour % 6 == 0 ? String(hour) : "", count: counts[hour], tone: "accent")
        }
        return chart(entries, slot: 24, gap: 4,
                     title: "Nibbles by hour of the day",
                     caption: "When the fruit was nibbled, by hour of the day in the case's time zone.",
                     unit: "nibble")
    }

    private static func chart(_ entries: [(label: String, short: String, count: Int, tone: String)],
                              slot: Double, gap: Double, title: String, caption: String, unit: String) -> MustacheValue {
        let most = max(1, entries.map(\.count).max() ?? 0)
        let plot = plotBottom - plotTop
        let bars: [MustacheValue] = entries.enumerated().map { i, entry in
            let h = entry.count == 0 ? 0 : max(2, plot * Double(entry.count) / Double(most))
            let x = Double(i) * slot + gap / 2
            return .fields([
                (.x, .string(fmt(x))), (.y, .string(fmt(plotBottom - h))), (.width, .string(fmt(slot - gap))),
                (.height, .string(fmt(h))), (.centerX, .string(fmt(x + (slot - gap) / 2))),
                (.countY, .string(fmt(max(12, plotBottom - h - 4)))), (.labelY, .string(fmt(plotBottom + 16))),
                (.label, .string(entry.label)), (.short, .string(entry.short)), (.count, .int(entry.count)),
                (.countText, .string(entry.count > 0 ? String(entry.count) : "")), (.tone, .string(entry.tone)),
            ])
        }
        let words = entries.map { "\($0.label): \(Numbers.count($0.count, unit))" }.joined(separator: "; ")
        return .fields([(.title, .string(title)), (.caption, .string(caption)), (.description, .string(words + ".")),
                         (.bars, .list(bars)), (.width, .string(fmt(Double(entries.count) * slot))),
                         (.height, .string(fmt(height)))])
    }

    private static func short(_ label: Suspicion.Label) -> String {
        label == .suspiciouslyUnsuspicious ? "Out of range" : label.rawValue
    }

    private static func fmt(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
