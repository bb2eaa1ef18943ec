// Stand-ins until the CLDR plural rules and locale formats land (English behaviour only).
public enum PluralCategory: String, CaseIterable, Sendable, Hashable { case zero, one, two, few, many, other }
public struct PluralRules: Sendable {
    public init(_ tag: LanguageTag) {}
    public func category(_ n: Int) -> PluralCategory { n == 1 ? .one : .other }
    public func category(_ decimal: String) -> PluralCategory { decimal == "1" ? .one : .other }
    public var categories: [PluralCategory] { [.one, .other] }
}
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
