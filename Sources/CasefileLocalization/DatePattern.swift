/// One locale's CLDR date patterns and names, as `DateFormatData.swift` holds them.
struct DatePatterns: Sendable {
    /// Skeleton EEEdMMMyjmm: abbreviated weekday, day, abbreviated month, year, hour:minute.
    var dateTime: String
    /// The medium date format.
    var date: String
    /// Hour:minute in the locale's hour cycle.
    var time: String
    /// Abbreviated month names, format context, January first.
    var months: [String]
    /// Abbreviated weekday names, format context, Sunday first.
    var weekdays: [String]
    var am: String
    var pm: String
}

/// A UTS #35 date pattern, cut once into its fields and literal text.
struct DatePattern: Sendable, Equatable {
    enum Part: Sendable, Equatable {
        case literal([UInt8])
        /// A field: its pattern letter (ASCII) and how many times it is repeated (`MMM` is `M`, 3).
        case field(UInt8, Int)
    }

    var parts: [Part]
    /// The bytes of the literal text, and how many fields there are (for a buffer's size).
    var literalBytes = 0, fieldCount = 0

    /// `'…'` is quoted text, `''` an apostrophe; runs of one ASCII letter are fields; anything
    /// else is literal.
    init(_ pattern: String) {
        var parts: [Part] = [], literal = "", quoted = false
        var characters = pattern[...]
        func flush() { if !literal.isEmpty { parts.append(.literal(Array(literal.utf8))); literal = "" } }
        while let c = characters.first {
            characters = characters.dropFirst()
            if c == "'" {
                if characters.first == "'" { literal.append("'"); characters = characters.dropFirst() } else { quoted.toggle() }
            } else if !quoted && c.isASCII && c.isLetter {
                let count = 1 + characters.prefix { $0 == c }.count
                characters = characters.dropFirst(count - 1)
                flush()
                parts.append(.field(c.asciiValue!, count))
            } else {
                literal.append(c)
            }
        }
        flush()
        self.parts = parts
        for part in parts {
            switch part {
            case .literal(let bytes): literalBytes += bytes.count
            case .field: fieldCount += 1
            }
        }
    }
}

extension DateFormat {
    /// `table` read once: each line's 25 fields, by locale.
    static let localeData: [String: DatePatterns] = {
        var data: [String: DatePatterns] = [:]
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 25 else { continue }
            data[fields[0]] = DatePatterns(dateTime: fields[1], date: fields[2], time: fields[3], months: Array(fields[4..<16]),
                                           weekdays: Array(fields[16..<23]), am: fields[23], pm: fields[24])
        }
        return data
    }()
}
