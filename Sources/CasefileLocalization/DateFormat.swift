/// Dates and times as a locale writes them: CLDR's Gregorian patterns and abbreviated names
/// (`DateFormatData.swift`, made by `Scripts/cldr-dates.py`) with the locale's digits
/// (`NumberFormat`'s), interpreted in plain Swift.
public struct DateFormat: Sendable {
    /// The CLDR locale whose patterns apply (`de`, `ar-ma`; `und` for CLDR's root).
    public var locale: String { compiled.locale }
    private let compiled: CompiledDateFormat

    /// The format of the first tag of `tag.fallbackChain` CLDR has, else CLDR's root.
    public init(_ tag: LanguageTag) {
        compiled = CompiledDateFormat.cached(for: tag)
    }

    /// Abbreviated weekday, day, abbreviated month, year and hour:minute in the locale's order
    /// and hour cycle (CLDR skeleton EEEdMMMyjmm): de `Mo., 5. Juni 2023, 23:10`,
    /// ja `2023年6月5日(月) 23:10`. `weekday` 0 is Sunday … 6 Saturday; a wall-clock date and
    /// time (time zones are the caller's).
    public func dateTime(year: Int, month: Int, day: Int, weekday: Int, hour: Int, minute: Int) -> String {
        compiled.render(compiled.dateTime, WallClock(year: year, month: month, day: day, weekday: weekday, hour: hour, minute: minute))
    }

    /// The locale's medium date, without weekday: de `05.06.2023`, en `Jun 5, 2023`.
    public func date(year: Int, month: Int, day: Int) -> String {
        compiled.render(compiled.date, WallClock(year: year, month: month, day: day, weekday: 0, hour: 0, minute: 0))
    }

    /// Hour and minute in the locale's own hour cycle: de `23:10`, en `11:10 PM`.
    public func time(hour: Int, minute: Int) -> String {
        compiled.render(compiled.time, WallClock(year: 0, month: 1, day: 1, weekday: 0, hour: hour, minute: minute))
    }
}

struct WallClock {
    var year, month, day, weekday, hour, minute: Int
}

/// A locale's patterns cut into parts and its names and digits as UTF-8, made once per tag.
struct CompiledDateFormat: Sendable {
    var locale: String
    var dateTime: DatePattern, date: DatePattern, time: DatePattern
    var months: [[UInt8]], weekdays: [[UInt8]], am: [UInt8], pm: [UInt8]
    var digits: NumberSymbols
    /// The most bytes one field can write: the longest name, or a 20-digit number with its sign.
    var fieldBound: Int

    init(_ tag: LanguageTag) {
        let locale = tag.fallbackChain.first { DateFormat.localeData[$0] != nil } ?? "und"
        let data = DateFormat.localeData[locale]!
        self.locale = locale
        (dateTime, date, time) = (DatePattern(data.dateTime), DatePattern(data.date), DatePattern(data.time))
        (months, weekdays) = (data.months.map { Array($0.utf8) }, data.weekdays.map { Array($0.utf8) })
        (am, pm) = (Array(data.am.utf8), Array(data.pm.utf8))
        digits = NumberFormat.symbols(for: tag)
        fieldBound = max((months + weekdays + [am, pm]).map(\.count).max() ?? 0, 20 * digits.digitWidth + digits.negativePrefix.count)
    }

    /// The pattern written into a stack buffer big enough for any values (no heap but the String's).
    func render(_ pattern: DatePattern, _ t: WallClock) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: pattern.literalBytes + pattern.fieldCount * fieldBound) { buffer in
            var out = ByteWriter(buffer: buffer)
            for part in pattern.parts {
                switch part {
                case .literal(let bytes): out += bytes
                case .field(let letter, let count): field(letter, count, t, into: &out)
                }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<out.count]), as: UTF8.self)
        }
    }

    /// The fields the patterns use (UTS #35's date field symbols); another field writes nothing.
    private func field(_ letter: UInt8, _ count: Int, _ t: WallClock, into out: inout ByteWriter) {
        switch UnicodeScalar(letter) {
        case "y", "u": number(count == 2 ? t.year % 100 : t.year, count, &out)
        case "M" where count >= 3, "L" where count >= 3: out += months[min(max(t.month, 1), 12) - 1]
        case "M", "L": number(t.month, count, &out)
        case "d": number(t.day, count, &out)
        case "E", "c", "e": out += weekdays[(t.weekday % 7 + 7) % 7]
        case "H": number(t.hour, count, &out)
        case "k": number(t.hour == 0 ? 24 : t.hour, count, &out)
        case "h": number(t.hour % 12 == 0 ? 12 : t.hour % 12, count, &out)
        case "K": number(t.hour % 12, count, &out)
        case "m": number(t.minute, count, &out)
        case "a", "b", "B": out += t.hour < 12 ? am : pm
        default: break
        }
    }

    /// `value` in the locale's digits, zero-padded to `width`.
    private func number(_ value: Int, _ width: Int, _ out: inout ByteWriter) {
        let magnitude = value.magnitude
        var divisor: UInt = 1, length = 1
        while divisor <= magnitude / 10 { divisor *= 10; length += 1 }
        if value < 0 { out += digits.negativePrefix }
        for _ in length..<max(width, length) { out += digits.digitBytes[0..<digits.digitWidth] }
        while divisor > 0 {
            let start = Int(magnitude / divisor % 10) * digits.digitWidth
            out += digits.digitBytes[start..<start + digits.digitWidth]
            divisor /= 10
        }
    }

    private static let cache = OnceCache<CompiledDateFormat>()

    static func cached(for tag: LanguageTag) -> CompiledDateFormat {
        cache.value(tag.description.lowercased()) { CompiledDateFormat(tag) }
    }
}

/// Appends bytes to a buffer its owner sized for them.
struct ByteWriter {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    static func += <Bytes: Collection<UInt8>>(writer: inout ByteWriter, bytes: Bytes) {
        for byte in bytes { writer.buffer[writer.count] = byte; writer.count += 1 }
    }
}
