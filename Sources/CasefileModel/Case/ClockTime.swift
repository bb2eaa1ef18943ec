/// A wall-clock time of day, `HH:MM` on a 24-hour clock.
public struct ClockTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int

    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Reads `HH:MM` (one-digit hours are accepted: `7:30`).
    public init?(_ text: String) {
        // `H:MM` or `HH:MM`, ASCII digits only.
        let bytes = Array(text.utf8)
        guard bytes.count == 4 || bytes.count == 5, bytes[bytes.count - 3] == UInt8(ascii: ":") else { return nil }
        var hour = 0, minute = 0
        for (i, byte) in bytes.enumerated() where i != bytes.count - 3 {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let digit = Int(byte - UInt8(ascii: "0"))
            if i < bytes.count - 3 { hour = hour * 10 + digit } else { minute = minute * 10 + digit }
        }
        self.init(hour: hour, minute: minute)
    }

    public var minutes: Int { hour * 60 + minute }

    public var description: String {
        (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    public static func < (lhs: ClockTime, rhs: ClockTime) -> Bool { lhs.minutes < rhs.minutes }
}
