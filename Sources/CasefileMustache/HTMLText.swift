/// A string as a template prints it: the text itself, and the text escaped for HTML, computed
/// once when the value is made, so that a value printed on many pages is escaped once. When
/// nothing needs escaping there is one string: copying the value (every lookup of it while a
/// page renders) then retains one buffer, not two.
public struct HTMLText: Sendable, Hashable {
    /// The text as given; `{{{name}}}` and `{{&name}}` print this.
    public let raw: String
    /// The escaped text when it differs from `raw`.
    private let escapedIfDifferent: String?

    /// The text with `&`, `<`, `>`, `"` and `'` replaced by character references; `{{name}}`
    /// prints this.
    public var escaped: String { escapedIfDifferent ?? raw }

    public init(_ raw: String) {
        self.raw = raw
        self.escapedIfDifferent = HTMLText.escapeIfNeeded(raw)
    }

    /// Text that is already HTML (rendered Markdown, CSS): printed as is by both forms of tag.
    /// Only for values whose every character is meant to reach the page unchanged.
    public init(trusted html: String) {
        self.raw = html
        self.escapedIfDifferent = nil
    }

    public static let empty = HTMLText("")

    /// Escapes the five characters that HTML treats specially, on UTF-8 bytes; returns the very
    /// string when none is there.
    public static func escape(_ text: String) -> String {
        escapeIfNeeded(text) ?? text
    }

    /// `escape(text)`, or nil when that is `text` itself.
    static func escapeIfNeeded(_ text: String) -> String? {
        // Read through the string's contiguous bytes (a `Span`): several times faster than
        // stepping through `String.UTF8View`'s indices.
        let bytes = text.utf8.span
        var first = 0
        while first < bytes.count, !needsEscape(bytes[first]) { first += 1 }
        guard first < bytes.count else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        out.append(contentsOf: text.utf8.prefix(first))
        for i in first..<bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): out.append(contentsOf: "&#39;".utf8)
            default: out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        // '"' 0x22, '&' 0x26, '\'' 0x27, '<' 0x3C, '>' 0x3E: all below 0x3F.
        byte < 0x3F && (byte == 0x22 || byte == 0x26 || byte == 0x27 || byte == 0x3C || byte == 0x3E)
    }
}

extension HTMLText: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self.init(value)
    }
}
