import Foundation

/// Whole numbers as a language writes them: its digits, its group separator, and whether a
/// four-digit number is grouped (CLDR's minimumGroupingDigits: Spanish writes 1234, but 12.345).
/// The symbols come from the CLDR data of the ICU that Foundation links, learnt once per tag;
/// formatting is plain Swift, as a build writes tens of thousands of numbers.
public struct NumberFormat: Sendable {
    /// The ten digits, zero first.
    public let digits: [Character]
    public let groupSeparator: String
    /// The fewest digits a number has before it is grouped: 4, or 5 where CLDR's
    /// minimumGroupingDigits is 2.
    public let groupingFrom: Int

    public init(_ tag: LanguageTag) {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: tag.description)
        formatter.numberStyle = .decimal
        let digits = (0...9).map { formatter.string(from: NSNumber(value: $0)).flatMap(\.first) ?? Character(String($0)) }
        self.digits = digits.count == 10 ? digits : Array("0123456789")
        self.groupSeparator = formatter.groupingSeparator ?? ","
        let fourDigits = formatter.string(from: 1234) ?? "1234"
        self.groupingFrom = fourDigits.count > 4 ? 4 : 5
    }

    public func integer(_ n: Int) -> String {
        let plain = String(n.magnitude)
        var out = n < 0 ? "-" : ""
        let count = plain.count
        for (i, c) in plain.enumerated() {
            if i > 0, count >= groupingFrom, (count - i) % 3 == 0 { out += groupSeparator }
            out.append(digits[Int(c.asciiValue! - 48)])
        }
        return out
    }
}
