/// Record ids are slugs: lowercase ASCII letters and digits, and hyphens after the first.
/// Validation asks for them; pages use an id as its row's fragment when it is one.
public enum Slug {
    public static func isValid(_ text: String) -> Bool {
        guard let first = text.utf8.first, isLetterOrDigit(first) else { return false }
        return text.utf8.allSatisfy { isLetterOrDigit($0) || $0 == UInt8(ascii: "-") }
    }

    /// The slug a suggestion offers for `text`: lowercased, every run of other characters one
    /// hyphen, none at either end; "record" when nothing is left.
    public static func suggested(for text: String) -> String {
        var out: [UInt8] = []
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII, isLetterOrDigit(UInt8(scalar.value)) {
                out.append(UInt8(scalar.value))
            } else if out.last != UInt8(ascii: "-") {
                out.append(UInt8(ascii: "-"))
            }
        }
        while out.first == UInt8(ascii: "-") { out.removeFirst() }
        while out.last == UInt8(ascii: "-") { out.removeLast() }
        return out.isEmpty ? "record" : String(decoding: out, as: UTF8.self)
    }

    private static func isLetterOrDigit(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }
}
