import Foundation

/// Numbers as a locale writes them: its digits, decimal mark, grouping and percent sign, learned
/// once per tag from Foundation's ICU (CLDR's data) and then written in plain Swift.
public struct NumberFormat: Sendable {
    let symbols: NumberSymbols

    /// The format of the locale `tag` names (with its `-u-nu-` numbering system, if any).
    public init(_ tag: LanguageTag) {
        symbols = Self.symbols(for: tag)
    }

    /// `n` with the locale's digits and group separators: de `1.234.567`, fr `1 234 567`
    /// (U+202F), de-CH `1’234’567`, es `1234` but `12.345`.
    public func integer(_ n: Int) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var magnitude = n.magnitude, count = 0
            repeat {
                buffer[19 - count] = UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            let digits = UnsafeBufferPointer(rebasing: buffer[(20 - count)...])
            return n < 0 ? compose(digits, fraction: .init(start: nil, count: 0), symbols.negativePrefix, symbols.negativeSuffix)
                : compose(digits, fraction: .init(start: nil, count: 0), [], [])
        }
    }

    /// `x` rounded half-even to at most `maximumFractionDigits` digits, trailing zeros dropped:
    /// de `1,5`, en `1,234.57`.
    public func decimal(_ x: Double, maximumFractionDigits: Int) -> String {
        guard x.isFinite else { return x.isNaN ? "NaN" : (x < 0 ? "-∞" : "∞") }
        let rounded = DecimalDigits(x, shift: 0, fractionDigits: maximumFractionDigits)
        return written(rounded, negative: (symbols.negativePrefix, symbols.negativeSuffix), positive: ([], []))
    }

    /// `fraction` as a whole percentage, as CLDR's standard percent pattern writes it:
    /// 0.85 → de `85 %` (U+00A0), en `85%`, ar `85‎%‎`.
    public func percent(_ fraction: Double) -> String {
        guard fraction.isFinite else { return decimal(fraction, maximumFractionDigits: 0) }
        let rounded = DecimalDigits(fraction, shift: 2, fractionDigits: 0)
        return written(rounded, negative: (symbols.negativePercentPrefix, symbols.negativePercentSuffix),
                       positive: (symbols.percentPrefix, symbols.percentSuffix))
    }

    private func written(_ number: DecimalDigits, negative: ([UInt8], [UInt8]), positive: ([UInt8], [UInt8])) -> String {
        let (prefix, suffix) = number.negative ? negative : positive
        return number.integer.withUnsafeBufferPointer { integer in
            number.fraction.withUnsafeBufferPointer { compose(integer, fraction: $0, prefix, suffix) }
        }
    }

    /// Writes prefix, the integer digits (values 0…9) grouped, the decimal mark and fraction digits, suffix.
    private func compose(_ integer: UnsafeBufferPointer<UInt8>, fraction: UnsafeBufferPointer<UInt8>, _ prefix: [UInt8], _ suffix: [UInt8]) -> String {
        let s = symbols, count = integer.count
        let grouped = s.primaryGroup > 0 && count >= s.primaryGroup + s.minimumGroupingDigits
        let separators = grouped ? 1 + (count - s.primaryGroup - 1) / s.secondaryGroup : 0
        let length = prefix.count + (count + fraction.count) * s.digitWidth + separators * s.groupSeparator.count
            + (fraction.isEmpty ? 0 : s.decimalMark.count) + suffix.count
        return String(unsafeUninitializedCapacity: length) { out in
            var at = 0
            func put(_ bytes: [UInt8]) { for byte in bytes { out[at] = byte; at += 1 } }
            func digit(_ value: UInt8) {
                let start = Int(value) * s.digitWidth
                for k in 0..<s.digitWidth { out[at] = s.digitBytes[start + k]; at += 1 }
            }
            put(prefix)
            for (index, value) in integer.enumerated() {
                let left = count - index  // digits from here to the decimal mark
                if grouped && index > 0 && left >= s.primaryGroup && (left - s.primaryGroup) % s.secondaryGroup == 0 {
                    put(s.groupSeparator)
                }
                digit(value)
            }
            if !fraction.isEmpty {
                put(s.decimalMark)
                for value in fraction { digit(value) }
            }
            put(suffix)
            return at
        }
    }

    private static let cache = OnceCache<NumberSymbols>()

    /// The symbols of the locale `tag` names, learned on first use.
    static func symbols(for tag: LanguageTag) -> NumberSymbols {
        cache.value(tag.description.lowercased()) { NumberSymbols(Locale(identifier: tag.description)) }
    }
}
