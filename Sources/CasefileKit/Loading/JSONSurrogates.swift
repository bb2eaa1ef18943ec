/// libyaml, which reads Casefile's JSON too, refuses a surrogate pair written as two escapes
/// (`"\ud83e\udd8a"`), which ASCII-only JSON exporters write for every emoji. Such pairs are
/// rewritten as the one YAML escape for the same character (`\U0001F98A`); everything else,
/// escaped backslashes included, is left as it is. Only a text that holds one pays.
enum JSONSurrogates {
    static func rewrite(_ text: String) -> String {
        guard hasSurrogateEscape(text) else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            guard b == UInt8(ascii: "\\"), i + 1 < bytes.count else {
                out.append(b)
                i += 1
                continue
            }
            if bytes[i + 1] == UInt8(ascii: "u"), let high = hex4(bytes, i + 2), (0xD800...0xDBFF).contains(high),
               i + 11 < bytes.count, bytes[i + 6] == UInt8(ascii: "\\"), bytes[i + 7] == UInt8(ascii: "u"),
               let low = hex4(bytes, i + 8), (0xDC00...0xDFFF).contains(low) {
                let scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                var hex = String(scalar, radix: 16, uppercase: true)
                while hex.count < 8 { hex = "0" + hex }
                out += Array("\\U\(hex)".utf8)
                i += 12
            } else {
                // Any other escape, `\\` included, is copied whole so that its second character is
                // never read as the start of an escape.
                out += [b, bytes[i + 1]]
                i += 2
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `\ud` or `\uD` occurs: one pass over the bytes, copying nothing (Foundation's
    /// `contains` cost a tenth of loading a large clean case). An escaped backslash before `ud`
    /// also says yes; `rewrite` then leaves it as it is.
    private static func hasSurrogateEscape(_ text: String) -> Bool {
        var last: UInt8 = 0, beforeLast: UInt8 = 0
        for byte in text.utf8 {
            if beforeLast == UInt8(ascii: "\\"), last == UInt8(ascii: "u"),
               byte == UInt8(ascii: "d") || byte == UInt8(ascii: "D") {
                return true
            }
            beforeLast = last
            last = byte
        }
        return false
    }

    private static func hex4(_ bytes: [UInt8], _ at: Int) -> Int? {
        guard at + 4 <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[at..<(at + 4)] {
            guard let digit = Int(String(UnicodeScalar(byte)), radix: 16) else { return nil }
            value = value * 16 + digit
        }
        return value
    }
}
