/// The operands CLDR's plural rules test (UTS #35, "Plural Operand Meanings"): `n` the absolute
/// value, `i` its integer digits, `v`/`w` the count of visible fraction digits with/without
/// trailing zeros, `f`/`t` those digits as an integer with/without trailing zeros, `e` (`c`)
/// the compact decimal exponent.
struct PluralOperands: Sendable, Equatable {
    /// `i`; kept modulo 10^18 when it has more digits (every CLDR modulus divides 10^18).
    var i: Int
    var v, w, f, t, e: Int

    /// An integer: `i` = |n|, every other operand 0.
    @inline(__always)
    init(_ n: Int) {
        i = n == .min ? Int(n.magnitude % Self.limit) : abs(n)
        v = 0; w = 0; f = 0; t = 0; e = 0
    }

    /// A decimal as it is shown: optional `-`, digits, optionally `.` and fraction digits, optionally
    /// `c` or `e` and an exponent (`1.5`, `1.0`, `1.2c6`). Nil for anything else.
    init?(_ text: String) {
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        var exponent = 0
        if let mark = bytes.firstIndex(where: { $0 == UInt8(ascii: "c") || $0 == UInt8(ascii: "e") }) {
            let digits = bytes[bytes.index(after: mark)...]
            guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy(Self.isDigit) else { return nil }
            exponent = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            bytes = bytes[..<mark]
        }
        var integer = bytes, fraction = bytes[bytes.endIndex...]
        if let point = bytes.firstIndex(of: UInt8(ascii: ".")) {
            integer = bytes[..<point]
            fraction = bytes[bytes.index(after: point)...]
            guard !fraction.isEmpty else { return nil }
        }
        guard !integer.isEmpty, integer.allSatisfy(Self.isDigit), fraction.allSatisfy(Self.isDigit) else { return nil }
        // The exponent moves the decimal point right: 1.2c6 is 1200000 with no fraction digits.
        var integerDigits = Array(integer), fractionDigits = Array(fraction)
        let moved = min(exponent, fractionDigits.count)
        integerDigits += fractionDigits.prefix(moved)
        fractionDigits.removeFirst(moved)
        integerDigits += repeatElement(UInt8(ascii: "0"), count: exponent - moved)
        let significant = fractionDigits.lastIndex { $0 != UInt8(ascii: "0") }.map { $0 + 1 } ?? 0
        i = Self.value(integerDigits[...])
        v = fractionDigits.count
        w = significant
        f = Self.value(fractionDigits[...])
        t = Self.value(fractionDigits[..<significant])
        e = exponent
    }

    private static let limit: UInt = 1_000_000_000_000_000_000

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// The digits' value, modulo 10^18 (their last 18 digits).
    private static func value(_ digits: ArraySlice<UInt8>) -> Int {
        digits.suffix(18).reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}
