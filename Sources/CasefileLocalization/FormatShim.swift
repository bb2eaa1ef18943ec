// Stand-ins until the locale formats land: plain digits, and a date in ISO order.
public struct NumberFormat: Sendable {
    public init(_ tag: LanguageTag) {}
    public func integer(_ n: Int) -> String { String(n) }
}
public struct DateFormat: Sendable {
    public init(_ tag: LanguageTag) {}
    public func dateTime(year: Int, month: Int, day: Int, weekday: Int, hour: Int, minute: Int) -> String {
        "\(year)-\(month)-\(day) \(hour):\(minute < 10 ? "0" : "")\(minute)"
    }
}
