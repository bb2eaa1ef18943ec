/// A byte buffer the data exports and the feed are written into: JSON with members in a fixed
/// order (the same case gives the same bytes), CSV as RFC 4180 has it (CRLF line ends; a field
/// with a comma, a quote, CR or LF quoted, its quotes doubled), and XML text. Everything works
/// on UTF-8 bytes, copying whole runs that need no escaping.
struct ExportText {
    private(set) var bytes: [UInt8] = []
    /// Whether the next JSON value follows another in the same object or array.
    private var needsComma = false

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    // MARK: JSON

    private mutating func comma() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    mutating func beginObject() { comma(); bytes.append(UInt8(ascii: "{")); needsComma = false }
    mutating func endObject() { bytes.append(UInt8(ascii: "}")); needsComma = true }
    mutating func beginArray() { comma(); bytes.append(UInt8(ascii: "[")); needsComma = false }
    mutating func endArray() { bytes.append(UInt8(ascii: "]")); needsComma = true }
    /// A line break before the next element of a long array (after its comma).
    mutating func lineBreak() {
        comma()
        bytes.append(0x0A)
        needsComma = false
    }

    mutating func newline() { bytes.append(0x0A) }

    mutating func key(_ name: StaticString) {
        comma()
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma = false
    }

    /// A member's key that is not a literal of the code (a field's, from its record's description).
    mutating func key(_ name: String) {
        comma()
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        needsComma = false
    }

    mutating func string(_ value: String?) {
        guard let value else { return null() }
        comma()
        jsonQuoted(value)
    }

    mutating func number(_ literal: String) { comma(); raw(literal) }
    mutating func int(_ value: Int?) { value.map { number(String($0)) } ?? null() }
    mutating func null() { comma(); raw("null") }
    mutating func strings(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// A JSON string literal: `"`, `\`, control characters and U+2028/U+2029 escaped.
    private mutating func jsonQuoted(_ value: String) {
        bytes.append(0x22)
        let utf8 = value.utf8
        let b = utf8.span
        if !Self.any(b, { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }) {
            bytes.append(contentsOf: utf8)
            return bytes.append(0x22)
        }
        let hex = Array("0123456789abcdef".utf8)
        var i = 0
        while i < b.count {
            let byte = b[i]
            switch byte {
            case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
            case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case ..<0x20:
                bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]])
            // U+2028 and U+2029 (E2 80 A8/A9): valid JSON, but not valid JavaScript string text.
            case 0xE2 where i + 2 < b.count && b[i + 1] == 0x80 && (b[i + 2] == 0xA8 || b[i + 2] == 0xA9):
                raw(b[i + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                i += 2
            default: bytes.append(byte)
            }
            i += 1
        }
        bytes.append(0x22)
    }

    // MARK: CSV

    mutating func csvRow(_ fields: [String]) {
        for (i, field) in fields.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            csvField(field)
        }
        bytes.append(contentsOf: [0x0D, 0x0A])
    }

    mutating func csvField(_ value: String) {
        guard Self.any(value.utf8.span, { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else {
            return bytes.append(contentsOf: value.utf8)
        }
        bytes.append(0x22)
        for byte in value.utf8 {
            if byte == 0x22 { bytes.append(0x22) }
            bytes.append(byte)
        }
        bytes.append(0x22)
    }

    // MARK: XML

    /// Text for XML content and attributes; characters XML 1.0 does not allow are dropped
    /// (C0 controls but tab, LF and CR; U+FFFE and U+FFFF, EF BF BE/BF). Runs of bytes that
    /// need nothing are copied whole.
    mutating func xml(_ text: String) {
        let utf8 = text.utf8, b = utf8.span
        guard Self.any(b, { $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0xEF }) else {
            return bytes.append(contentsOf: utf8)
        }
        var run = 0, i = 0
        while i < b.count {
            let byte = b[i]
            let plain = byte >= 0x20 && byte != 0x26 && byte != 0x3C && byte != 0x3E && byte != 0x22 && byte != 0xEF
            if plain || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                i += 1
                continue
            }
            append(utf8, run, i)
            switch byte {
            case 0x26: raw("&amp;")
            case 0x3C: raw("&lt;")
            case 0x3E: raw("&gt;")
            case 0x22: raw("&quot;")
            case 0xEF where i + 2 < b.count && b[i + 1] == 0xBF && (b[i + 2] == 0xBE || b[i + 2] == 0xBF):
                i += 2
            case 0xEF: bytes.append(byte)
            default: break  // a C0 control
            }
            i += 1
            run = i
        }
        append(utf8, run, b.count)
    }

    /// Text as an XML CDATA section (no escaping, so no growth): `]]>` inside is split across two
    /// sections, and characters XML 1.0 does not allow are dropped, as `xml(_:)` drops them.
    mutating func cdata(_ text: String) {
        raw("<![CDATA[")
        let utf8 = text.utf8, b = utf8.span
        // Tab, LF and CR stay as they are: a note without `]`, other controls or EF is copied whole.
        guard Self.any(b, { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x5D || $0 == 0xEF }) else {
            bytes.append(contentsOf: utf8)
            return raw("]]>")
        }
        var run = 0, i = 0
        while i < b.count {
            let byte = b[i]
            if byte == 0x5D, i + 2 < b.count, b[i + 1] == 0x5D, b[i + 2] == 0x3E {
                append(utf8, run, i + 2)
                raw("]]><![CDATA[")
                run = i + 2
                i += 2
                continue
            }
            let dropped = (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D)
                || (byte == 0xEF && i + 2 < b.count && b[i + 1] == 0xBF && (b[i + 2] == 0xBE || b[i + 2] == 0xBF))
            if dropped {
                append(utf8, run, i)
                i += byte == 0xEF ? 3 : 1
                run = i
                continue
            }
            i += 1
        }
        append(utf8, run, b.count)
        raw("]]>")
    }

    // MARK: Bytes

    /// Whether any byte matches: read through the string's contiguous bytes (a `Span`), several
    /// times faster than stepping through `String.UTF8View`'s indices.
    @inline(__always)
    private static func any(_ bytes: Span<UInt8>, _ matches: (UInt8) -> Bool) -> Bool {
        for i in bytes.indices where matches(bytes[i]) { return true }
        return false
    }

    /// The bytes of `utf8` from offset `start` to `end`, appended in one copy.
    private mutating func append(_ utf8: String.UTF8View, _ start: Int, _ end: Int) {
        let from = utf8.index(utf8.startIndex, offsetBy: start)
        bytes.append(contentsOf: utf8[from..<utf8.index(from, offsetBy: end - start)])
    }
}
