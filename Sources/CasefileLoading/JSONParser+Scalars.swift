import Yams

/// Strings (with their escapes), numbers and the bare words of JSON.
extension JSONParser {

    /// A string, its opening quote at `i`; `i` ends after its closing quote.
    mutating func readString() throws(JSONSyntaxError) -> String {
        let quote = i
        i += 1
        let start = i
        // The common case: no escape, so the string is the bytes as they are.
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let string = String(decoding: bytes[start..<i], as: UTF8.self)
                i += 1
                return string
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { break }
            i += 1
        }
        var out: [UInt8] = Array(bytes[start..<i])
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try readEscape(into: &out)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw error(at: quote, "unterminated string: the line ends before its closing '\"'")
            case 0..<0x20:
                let escape = b == 0x09 ? "\\t" : b == 0x08 ? "\\b" : b == 0x0C ? "\\f" : "\\u00" + hex2(b)
                throw error(at: i, "control character U+00\(hex2(b)) in a string: write it as \(escape)")
            default:
                out.append(b)
                i += 1
            }
        }
        throw error(at: quote, "unterminated string: the file ends before its closing '\"'")
    }

    /// One escape, its backslash at `i`, appended to `out` as UTF-8.
    mutating func readEscape(into out: inout [UInt8]) throws(JSONSyntaxError) {
        let backslash = i
        guard i + 1 < bytes.count else { throw error(at: backslash, "unterminated string: the file ends in an escape") }
        let simple: UInt8?
        switch bytes[i + 1] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            throw error(at: backslash, "invalid escape \\\(describeCharacter(i + 1)): the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
        }
        if let simple {
            out.append(simple)
            i += 2
            return
        }
        guard let unit = hex4(at: i + 2) else {
            throw error(at: backslash, "invalid escape \(written(backslash, 6)): \\u takes four hexadecimal digits")
        }
        var scalar = unit
        var length = 6
        if (0xD800...0xDBFF).contains(unit) {
            guard i + 7 < bytes.count, bytes[i + 6] == UInt8(ascii: "\\"), bytes[i + 7] == UInt8(ascii: "u"),
                  let low = hex4(at: i + 8), (0xDC00...0xDFFF).contains(low) else {
                throw error(at: backslash, "invalid escape \(written(backslash, 6)): a high surrogate must be followed by a low surrogate escape (\\uDC00 to \\uDFFF)")
            }
            scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            length = 12
        } else if (0xDC00...0xDFFF).contains(unit) {
            throw error(at: backslash, "invalid escape \(written(backslash, 6)): a low surrogate without a high surrogate before it")
        }
        // A valid scalar by construction: not a surrogate, at most 0x10FFFF.
        out.append(contentsOf: UTF8.encode(UnicodeScalar(scalar)!)!)
        i += length
    }

    func hex4(at offset: Int) -> UInt32? {
        guard offset + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for k in offset..<(offset + 4) {
            let b = bytes[k]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value * 16 + UInt32(digit)
        }
        return value
    }

    /// A number as RFC 8259 writes it, kept as written in a plain scalar.
    mutating func readNumber() throws(JSONSyntaxError) -> Node {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, isDigit(bytes[i]) else { throw error(at: i, "expected a digit after '-', found \(describe(i))") }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, isDigit(bytes[i]) {
                throw error(at: start, "a number cannot start with 0 unless it is 0 (write \(written(start, i + 1 - start)) without its leading zeros)")
            }
        } else {
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { throw error(at: i, "expected a digit after '.', found \(describe(i))") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else {
                throw error(at: i, "expected a digit in the exponent, found \(describe(i))")
            }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        return .scalar(Node.Scalar(text, Tag(.implicit, .default, constructor), .plain, mark(at: start)))
    }

    /// `true`, `false` or `null`; anything else that starts a value is an error.
    mutating func readLiteral() throws(JSONSyntaxError) -> Node {
        let start = i
        var end = i
        while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
        let word = bytes[start..<end]
        if word.elementsEqual("true".utf8) || word.elementsEqual("false".utf8) || word.elementsEqual("null".utf8) {
            i = end
            return .scalar(Node.Scalar(String(decoding: word, as: UTF8.self), Tag(.implicit, .default, constructor), .plain, mark(at: start)))
        }
        guard end == start else {
            let text = String(decoding: word, as: UTF8.self)
            throw error(at: start, "unexpected word \(text.prefix(40)): text is written in double quotes (\"\(text.prefix(40))\"); the bare words are true, false and null")
        }
        switch bytes[start] {
        case UInt8(ascii: "'"):
            throw error(at: start, "unexpected \"'\": JSON strings are written in double quotes")
        case UInt8(ascii: "/"), UInt8(ascii: "#"):
            throw error(at: start, "unexpected \(describe(start)): JSON has no comments")
        default:
            throw error(at: start, "expected a value, found \(describe(start))")
        }
    }

    func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// What a bare word is made of, for the message about it: letters, digits, `_`, `-` and any
    /// non-ASCII character.
    func isWordByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), 0x80...:
            return true
        default:
            return false
        }
    }
}
