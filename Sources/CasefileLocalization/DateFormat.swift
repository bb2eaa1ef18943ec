import Foundation

/// A date and time as a language writes them: the pattern CLDR gives for an abbreviated weekday,
/// day, abbreviated month, year, hour and minute in the language's own hour cycle (skeleton
/// `EEEdMMMyjmm`: "Mo. 5. Juni 2023, 23:10", "2023年6月5日(月) 23:10"), with the language's names
/// and digits. Pattern and names come once per tag from the ICU data Foundation links; each date
/// is then written in plain Swift.
public struct DateFormat: Sendable {
    enum Piece: Sendable, Hashable {
        case literal(String)
        case weekday, day, month, monthName, year, hour24(padded: Bool), hour12(padded: Bool), minute, dayPeriod
    }

    let pieces: [Piece]
    let weekdays: [String]
    let months: [String]
    let dayPeriods: [String]
    let numbers: NumberFormat

    public init(_ tag: LanguageTag) {
        self.numbers = NumberFormat(tag)
        // The language alone: a region has names and a clock of its own (de-AT "Jän.", ar-MA 24 h).
        if tag.subtags.count == 1, let cldr = CLDRDates.byLanguage[tag.language] {
            self.pieces = Self.parse(cldr.pattern)
            self.weekdays = cldr.weekdays
            self.months = cldr.months
            self.dayPeriods = cldr.dayPeriods
            return
        }
        let locale = Locale(identifier: tag.description)
        let pattern = DateFormatter.dateFormat(fromTemplate: "EEEdMMMyjmm", options: 0, locale: locale) ?? "EEE d MMM y, HH:mm"
        let formatter = DateFormatter()
        formatter.locale = locale
        self.pieces = Self.parse(pattern)
        self.weekdays = formatter.shortWeekdaySymbols
        self.months = formatter.shortMonthSymbols
        self.dayPeriods = [formatter.amSymbol ?? "AM", formatter.pmSymbol ?? "PM"]
    }

    /// `weekday`: 0 for Sunday … 6 for Saturday; a wall-clock reading (time zones are the caller's).
    public func dateTime(year: Int, month: Int, day: Int, weekday: Int, hour: Int, minute: Int) -> String {
        var out = ""
        func digits(_ n: Int, width: Int = 1) {
            let text = numbers.digitsOnly(n)
            if text.count < width { out += String(repeating: numbers.digits[0], count: width - text.count) }
            out += text
        }
        for piece in pieces {
            switch piece {
            case let .literal(text): out += text
            case .weekday: out += weekdays.indices.contains(weekday) ? weekdays[weekday] : ""
            case .day: digits(day)
            case .month: digits(month)
            case .monthName: out += months.indices.contains(month - 1) ? months[month - 1] : ""
            case .year: digits(year)
            case let .hour24(padded): digits(hour, width: padded ? 2 : 1)
            case let .hour12(padded): digits(hour % 12 == 0 ? 12 : hour % 12, width: padded ? 2 : 1)
            case .minute: digits(minute, width: 2)
            case .dayPeriod: out += dayPeriods[hour < 12 ? 0 : 1]
            }
        }
        return out
    }

    /// The pieces of a CLDR date pattern: runs of a field letter, quoted text (`'at'`, `''` for a
    /// quote) and the other characters as they are.
    static func parse(_ pattern: String) -> [Piece] {
        var pieces: [Piece] = []
        var literal = ""
        let chars = Array(pattern)
        var i = 0
        func flush() {
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = ""
        }
        while i < chars.count {
            let c = chars[i]
            if c == "'" {
                if i + 1 < chars.count, chars[i + 1] == "'" { literal.append("'"); i += 2; continue }
                i += 1
                while i < chars.count, chars[i] != "'" { literal.append(chars[i]); i += 1 }
                i += 1
                continue
            }
            guard c.isASCII, c.isLetter else { literal.append(c); i += 1; continue }
            var run = 1
            while i + run < chars.count, chars[i + run] == c { run += 1 }
            let piece: Piece? = switch c {
            case "E", "c": .weekday
            case "d": .day
            case "M", "L": run >= 3 ? .monthName : .month
            case "y", "u": .year
            case "H", "k": .hour24(padded: run >= 2)
            case "h", "K": .hour12(padded: run >= 2)
            case "m": .minute
            case "a", "b", "B": .dayPeriod
            default: nil
            }
            if let piece {
                flush()
                pieces.append(piece)
            }
            i += run
        }
        flush()
        return pieces
    }
}

extension NumberFormat {
    /// `n` (not negative) in the language's digits, ungrouped.
    func digitsOnly(_ n: Int) -> String {
        String(String(n.magnitude).map { digits[Int($0.asciiValue! - 48)] })
    }
}
