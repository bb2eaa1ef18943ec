import CasefileModel

/// How a YAML scalar is written: the style an existing value had, which a new value keeps
/// when it can.
enum ScalarStyle: Sendable, Hashable {
    case plain, singleQuoted, doubleQuoted

    /// The style of the scalar whose first byte is `first`. A block scalar (`|`, `>`) counts as
    /// double-quoted: a changed block scalar is written double-quoted on one line, which holds
    /// any text (line breaks as `\n`) and needs no indentation of its own.
    init(first: UInt8?) {
        switch first {
        case UInt8(ascii: "\""), UInt8(ascii: "|"), UInt8(ascii: ">"): self = .doubleQuoted
        case UInt8(ascii: "'"): self = .singleQuoted
        default: self = .plain
        }
    }
}

/// Text written as a YAML or JSON scalar that reads back as the same text.
enum ScalarWriting {
    /// `text` as a YAML scalar in `style` where that style holds it unchanged: plain only where
    /// the plain form reads back as the same text (not a number, boolean, null, date or time,
    /// no indicator, comment or `: ` in it), single-quoted only without line breaks or
    /// characters that need escaping; else quoted with `quote` (the file's habit).
    static func yaml(_ text: String, style: ScalarStyle, quote: ScalarStyle = .doubleQuoted, flow: Bool) -> String {
        switch style {
        case .plain where plainIsSafe(text, flow: flow): return text
        case .plain: return yaml(text, style: quote == .singleQuoted ? .singleQuoted : .doubleQuoted, flow: flow)
        case .singleQuoted where text.unicodeScalars.allSatisfy({ isPrintable($0) && $0 != "\n" }):
            return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        case .singleQuoted, .doubleQuoted: return doubleQuoted(text)
        }
    }

    /// A YAML double-quoted scalar: `"` and `\` escaped, and every character YAML does not
    /// allow unescaped (control characters, a byte-order mark, the line breaks NEL, LS, PS).
    static func doubleQuoted(_ text: String) -> String {
        QuotedText.quoted(text) { scalar in
            if let escaped = QuotedText.backslashed(scalar) { return escaped }
            if isPrintable(scalar) && scalar.value != 0x85 && scalar.value != 0x2028 && scalar.value != 0x2029 { return nil }
            return scalar.value <= 0xFFFF ? "\\u" + QuotedText.hex(scalar.value, digits: 4)
                : "\\U" + QuotedText.hex(scalar.value, digits: 8)
        }
    }

    /// A JSON string (RFC 8259): `"`, `\` and control characters escaped, the rest as UTF-8.
    static func json(_ text: String) -> String {
        QuotedText.quoted(text) { scalar in
            switch scalar {
            case "\u{08}": "\\b"
            case "\u{0C}": "\\f"
            default: QuotedText.backslashed(scalar) ?? (scalar.value < 0x20 ? "\\u" + QuotedText.hex(scalar.value, digits: 4) : nil)
            }
        }
    }

    /// Whether `text` written plain reads back as this text, typed as text. Conservative: a
    /// text that merely could be read otherwise (starts with a digit or sign, is a YAML 1.1
    /// boolean or null) is quoted.
    static func plainIsSafe(_ text: String, flow: Bool) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if first == " " || last == " " || first == "\t" || last == "\t" || last == ":" { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) { return false }
        if first.properties.numericType != nil || "+.".unicodeScalars.contains(first) { return false }
        if reserved.contains(text.lowercased()) { return false }
        if text.contains(": ") || text.contains(" #") || text.contains(":\t") || text.contains("\t#") { return false }
        if flow, text.unicodeScalars.contains(where: { ",[]{}".unicodeScalars.contains($0) }) { return false }
        if text.hasPrefix("---") || text.hasPrefix("...") { return false }
        return text.unicodeScalars.allSatisfy { isPrintable($0) && $0 != "\n" && $0 != "\t" && $0 != "\u{FEFF}" && $0.value != 0x85
            && $0.value != 0x2028 && $0.value != 0x2029 }
    }

    /// The words YAML 1.1 and 1.2 read as booleans or null when plain.
    private static let reserved: Set<String> = ["yes", "no", "on", "off", "y", "n", "true", "false", "null", "~", "nan", "inf", "="]

    /// What libyaml lets stand unescaped in a scalar.
    static func isPrintable(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return v == 0x0A || (0x20...0x7E).contains(v) || v == 0x85 || (0xA0...0xD7FF).contains(v)
            || ((0xE000...0xFFFD).contains(v) && v != 0xFEFF) || (0x10000...0x10FFFF).contains(v)
    }
}
