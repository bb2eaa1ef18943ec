import Foundation

/// An instant written as an ISO 8601 date-time with an offset (`2023-06-05T23:10:00-07:00`).
/// Parsed by hand: DateFormatter costs more than the rest of loading a bulletin.
public struct Timestamp: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var secondsSince1970: Int
    /// The offset the author wrote, in seconds east of UTC.
    public var writtenOffset: Int

    public init(secondsSince1970: Int, writtenOffset: Int) {
        self.secondsSince1970 = secondsSince1970
        self.writtenOffset = writtenOffset
    }

    /// Reads `YYYY-MM-DDTHH:MM[:SS[.fraction]]` followed by `Z` or `±HH:MM`; nil otherwise.
    public init?(iso8601 text: String) {
        let b = Array(text.utf8)
        func digits(_ at: Int, _ count: Int) -> Int? {
            guard at + count <= b.count else { return nil }
            var value = 0
            for i in at..<(at + count) {
                guard b[i] >= 48, b[i] <= 57 else { return nil }
                value = value * 10 + Int(b[i] - 48)
            }
            return value
        }
        func byte(_ at: Int) -> UInt8? { at < b.count ? b[at] : nil }
        guard let year = digits(0, 4), byte(4) == UInt8(ascii: "-"), let month = digits(5, 2),
              byte(7) == UInt8(ascii: "-"), let day = digits(8, 2), byte(10) == UInt8(ascii: "T"),
              let hour = digits(11, 2), byte(13) == UInt8(ascii: ":"), let minute = digits(14, 2)
        else { return nil }
        var i = 16
        var second = 0
        if byte(i) == UInt8(ascii: ":") {
            guard let s = digits(i + 1, 2) else { return nil }
            second = s
            i += 3
            if byte(i) == UInt8(ascii: ".") {
                i += 1
                let start = i
                while let c = byte(i), c >= 48, c <= 57 { i += 1 }
                guard i > start else { return nil }
            }
        }
        var offset = 0
        switch byte(i) {
        case UInt8(ascii: "Z"):
            i += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard let oh = digits(i + 1, 2), byte(i + 3) == UInt8(ascii: ":"), let om = digits(i + 4, 2),
                  oh < 24, om < 60 else { return nil }
            offset = (oh * 3600 + om * 60) * (byte(i) == UInt8(ascii: "-") ? -1 : 1)
            i += 6
        default:
            return nil
        }
        guard i == b.count, (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 60 else { return nil }
        let days = CivilDate(year: year, month: month, day: day).daysSince1970
        self.secondsSince1970 = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        self.writtenOffset = offset
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    /// The wall-clock date and time at the offset the author wrote.
    public var written: LocalDateTime { LocalDateTime(secondsSince1970: secondsSince1970, offset: writtenOffset) }

    /// The wall-clock date and time of this instant in `zone`.
    public func local(in zone: TimeZone) -> LocalDateTime {
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(secondsSince1970)))
        return LocalDateTime(secondsSince1970: secondsSince1970, offset: offset)
    }
}

/// A wall-clock reading of an instant at a known offset.
public struct LocalDateTime: Sendable, Hashable {
    public let date: CivilDate
    public let hour: Int
    public let minute: Int
    public let second: Int
    public let offset: Int

    init(secondsSince1970: Int, offset: Int) {
        let local = secondsSince1970 + offset
        let days = Int((Double(local) / 86_400).rounded(.down))
        let rest = local - days * 86_400
        self.date = CivilDate(daysSince1970: days)
        self.hour = rest / 3600
        self.minute = rest % 3600 / 60
        self.second = rest % 60
        self.offset = offset
    }

    public var clockTime: ClockTime { ClockTime(hour: hour, minute: minute)! }

    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The day of the week: 0 for Sunday … 6 for Saturday.
    public var weekday: Int { ((date.daysSince1970 + 4) % 7 + 7) % 7 }

    /// "Mon 5 Jun 2023, 23:10".
    public var display: String {
        let weekday = Self.weekdays[((date.daysSince1970 % 7) + 7) % 7]
        return "\(weekday) \(date.day) \(Self.months[date.month - 1]) \(date.year), \(clockTime)"
    }

    /// "2023-06-05T23:10:00-07:00", for `<time datetime>`.
    public var iso8601: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let sign = offset < 0 ? "-" : "+"
        let magnitude = abs(offset)
        var year = String(date.year)
        while year.count < 4 { year = "0" + year }
        return "\(year)-\(two(date.month))-\(two(date.day))T\(two(hour)):\(two(minute)):\(two(second))"
            + "\(sign)\(two(magnitude / 3600)):\(two(magnitude % 3600 / 60))"
    }
}

/// A proleptic Gregorian calendar date (Howard Hinnant's days-from-civil algorithms).
public struct CivilDate: Sendable, Hashable {
    public let year: Int
    public let month: Int
    public let day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    init(daysSince1970 z0: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
    }

    var daysSince1970: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
