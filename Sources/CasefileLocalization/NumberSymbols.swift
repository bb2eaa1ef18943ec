import Foundation

/// A locale's number symbols, learned once from what Foundation's ICU prints for sample numbers:
/// the digits of its numbering system, the decimal mark, the group separator and sizes, the
/// minimum grouping digits, and the affixes of negative numbers and of percentages.
struct NumberSymbols: Sendable {
    /// The UTF-8 of the digits 0…9, `digitWidth` bytes each.
    var digitBytes: [UInt8]
    var digitWidth: Int
    var decimalMark: [UInt8]
    var groupSeparator: [UInt8]
    /// Digits in the group nearest the decimal mark; 0 when the locale does not group.
    var primaryGroup: Int
    /// Digits in each further group (2 in Hindi's 12,34,567).
    var secondaryGroup: Int
    /// The digits a number needs above `primaryGroup` before it is grouped (CLDR's
    /// minimumGroupingDigits: Spanish 1234 but 12.345).
    var minimumGroupingDigits: Int
    var negativePrefix: [UInt8], negativeSuffix: [UInt8]
    var percentPrefix: [UInt8], percentSuffix: [UInt8]
    var negativePercentPrefix: [UInt8], negativePercentSuffix: [UInt8]

    init(_ locale: Locale) {
        let integers = IntegerFormatStyle<Int>(locale: locale)
        let digits = (0...9).map { integers.format($0) }
        let ascii = digits.contains { $0.count != 1 || $0.utf8.count != digits[0].utf8.count }
        let characters = ascii ? (0...9).map { Character(String($0)) } : digits.map { Character($0) }
        digitBytes = characters.flatMap { Array(String($0).utf8) }
        digitWidth = digitBytes.count / 10
        let digitSet = Set(characters)

        // 1234567890 → the runs of digits and the separator between them.
        let grouped = Affixed(integers.format(1_234_567_890), digits: digitSet)
        let runs = grouped.body.split { !digitSet.contains($0) }.map(\.count)
        groupSeparator = Array(String(grouped.body.drop { digitSet.contains($0) }.prefix { !digitSet.contains($0) }).utf8)
        primaryGroup = runs.count > 1 ? runs[runs.count - 1] : 0
        secondaryGroup = runs.count > 2 ? runs[runs.count - 2] : primaryGroup
        let primary = primaryGroup
        let firstGrouped = primary == 0 ? nil : (primary + 1...primary + 4).first { count in
            Affixed(integers.format(Int(pow(10, Double(count - 1)))), digits: digitSet).body.contains { !digitSet.contains($0) }
        }
        minimumGroupingDigits = firstGrouped.map { $0 - primary } ?? 1

        let decimals = FloatingPointFormatStyle<Double>(locale: locale)
        decimalMark = Array(String(Affixed(decimals.format(1.5), digits: digitSet).body.dropFirst().dropLast()).utf8)
        let negative = Affixed(integers.format(-1), digits: digitSet)
        (negativePrefix, negativeSuffix) = (negative.prefix, negative.suffix)
        let percents = FloatingPointFormatStyle<Double>.Percent(locale: locale)
        let percent = Affixed(percents.format(0.85), digits: digitSet)
        (percentPrefix, percentSuffix) = (percent.prefix, percent.suffix)
        let negativePercent = Affixed(percents.format(-0.85), digits: digitSet)
        (negativePercentPrefix, negativePercentSuffix) = (negativePercent.prefix, negativePercent.suffix)
    }

    /// A formatted number cut at its first and last digit.
    private struct Affixed {
        var prefix: [UInt8], body: Substring, suffix: [UInt8]

        init(_ text: String, digits: Set<Character>) {
            guard let first = text.firstIndex(where: digits.contains), let last = text.lastIndex(where: digits.contains) else {
                (prefix, body, suffix) = ([], Substring(text), [])
                return
            }
            prefix = Array(text[..<first].utf8)
            body = text[first...last]
            suffix = Array(text[text.index(after: last)...].utf8)
        }
    }
}
