import CasefileModel
import CasefileTemplates

/// The string tables Casefile ships (Templates/i18n/<tag>.yaml), parsed once.
public enum BuiltinStrings {
    /// Every built-in table by its language tag.
    public static let tables: [String: StringTable] = {
        var tables: [String: StringTable] = [:]
        for (tag, text) in BuiltinTemplates.stringTables {
            // The built-in files are ours: the test suite holds each to what a YAML parser reads
            // from it, so a file this reader cannot read fails there, not here.
            tables[tag] = (try? TableFileReader.read(text, language: tag, path: "<built-in>/i18n/\(tag).yaml"))
                ?? StringTable(language: tag, path: "<built-in>/i18n/\(tag).yaml")
        }
        return tables
    }()

    /// The languages with a built-in table, sorted.
    public static var languages: [String] { tables.keys.sorted() }

    /// English: every key, the last resort of every lookup.
    public static var english: StringTable { tables["en"] ?? StringTable(language: "en", path: "<built-in>/i18n/en.yaml") }
}

/// A reader for the YAML the built-in tables are written in: comments, `key: "text"` (double
/// quoted, with `\"`, `\\` and `\n`) or `key: text` (plain, to the end of the line), and a key
/// alone followed by its plural forms indented below it. A case's own tables go through the
/// loader's YAML parser instead.
enum TableFileReader {
    struct Failure: Error {
        let line: Int
        let message: String
    }

    static func read(_ text: String, language: String, path: String) throws(Failure) -> StringTable {
        var table = StringTable(language: language, path: path)
        var open: (key: String, entry: StringTable.Entry)?
        func close() {
            if let (key, entry) = open { table.entries[key] = entry }
            open = nil
        }
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = n + 1
            let trimmed = raw.drop(while: { $0 == " " })
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let indent = raw.count - trimmed.count
            guard let colon = trimmed.firstIndex(of: ":") else { throw Failure(line: line, message: "expected `key: text`") }
            let key = String(trimmed[..<colon])
            let rest = trimmed[trimmed.index(after: colon)...].drop(while: { $0 == " " })
            if indent == 0 {
                close()
                if rest.isEmpty {
                    open = (key, StringTable.Entry(line: line, column: 1))
                } else {
                    table.entries[key] = StringTable.Entry(text: try value(rest, line), line: line, column: 1)
                }
            } else {
                guard open != nil, !rest.isEmpty else { throw Failure(line: line, message: "a plural form outside a key") }
                open?.entry.forms[key] = try value(rest, line)
            }
        }
        close()
        return table
    }

    private static func value(_ text: Substring, _ line: Int) throws(Failure) -> String {
        guard text.first == "\"" else { return String(text) }
        var out = ""
        var escaped = false
        for c in text.dropFirst() {
            if escaped {
                switch c {
                case "n": out.append("\n")
                case "\"", "\\": out.append(c)
                default: throw Failure(line: line, message: "unknown escape \\\(c)")
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == "\"" {
                return out
            } else {
                out.append(c)
            }
        }
        throw Failure(line: line, message: "unterminated string")
    }
}
