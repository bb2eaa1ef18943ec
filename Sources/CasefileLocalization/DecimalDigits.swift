/// A Double's shortest round-trip decimal digits (Swift's `description`, as ICU's double-conversion
/// gives them), shifted `shift` places left of the point (2 for a percentage) and rounded half-even
/// to at most `fractionDigits` fraction digits, trailing zeros dropped.
struct DecimalDigits: Equatable {
    /// Digit values, most significant first; at least one.
    var integer: [UInt8]
    var fraction: [UInt8]
    var negative: Bool

    init(_ x: Double, shift: Int, fractionDigits: Int) {
        // "1.5", "1e-05", "1.2345e+20": mantissa digits and where the point falls in them.
        let text = x.magnitude.description
        let parts = text.split(separator: "e")
        let mantissa = parts[0]
        let exponent = parts.count > 1 ? Int(parts[1])! : 0
        let whole = mantissa.prefix { $0 != "." }
        var digits = mantissa.utf8.filter { $0 != UInt8(ascii: ".") }.map { $0 - UInt8(ascii: "0") }
        var point = whole.count + exponent + shift  // digits before the decimal point
        if point < 0 { digits.insert(contentsOf: repeatElement(0, count: -point), at: 0); point = 0 }
        if digits.count < point { digits += repeatElement(0, count: point - digits.count) }
        let keep = point + max(0, fractionDigits)
        if digits.count > keep {
            let first = digits[keep], rest = digits[(keep + 1)...]
            let previousOdd = keep > 0 && digits[keep - 1] % 2 == 1
            let up = first > 5 || (first == 5 && (rest.contains { $0 != 0 } || previousOdd))
            digits.removeSubrange(keep...)
            if up {
                var index = keep - 1
                while index >= 0 && digits[index] == 9 { digits[index] = 0; index -= 1 }
                if index >= 0 { digits[index] += 1 } else { digits.insert(1, at: 0); point += 1 }
            }
        }
        integer = Array(digits[..<point].drop { $0 == 0 })
        if integer.isEmpty { integer = [0] }
        fraction = Array(digits[point...])
        while fraction.last == 0 { fraction.removeLast() }
        negative = x < 0 && (integer != [0] || !fraction.isEmpty)
    }
}
