import Foundation

/// Text builders for the data exports: JSON written in a fixed key order (the same case gives
/// the same bytes), and CSV as RFC 4180 has it (CRLF line ends; a field with a comma, a quote,
/// CR or LF quoted, its quotes doubled).
struct JSONText {
    private(set) var text = ""

    init(capacity: Int = 0) { text.reserveCapacity(capacity) }

    /// A JSON string literal: `"`, `\` and control characters escaped; the rest as UTF-8.
    static func quoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// One object, its members in the order given; nil values are written as `null`.
    static func object(_ members: [(String, String?)]) -> String {
        "{" + members.map { quoted($0.0) + ":" + ($0.1 ?? "null") }.joined(separator: ",") + "}"
    }

    static func string(_ value: String?) -> String? { value.map(quoted) }
    static func array(_ values: [String]) -> String { "[" + values.map(quoted).joined(separator: ",") + "]" }
    static func int(_ value: Int?) -> String? { value.map(String.init) }
}

enum CSVText {
    /// A header line and one line per row, each ended by CRLF.
    static func table(header: [String], rows: [[String]]) -> String {
        var out = line(header)
        for row in rows { out += line(row) }
        return out
    }

    static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    static func field(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
