import Foundation
import CasefileTemplates

/// A DOM hook of the pages: a `data-*` attribute that styles, tests and tools find a part of a
/// page by, as the table "DOM hooks" of Templates/README.md documents it.
public struct TemplateHook: Sendable, Hashable {
    /// The attribute's name (`data-select`).
    public let name: String
    /// What carries it (the table's "on" column), in plain text.
    public let on: String
    /// What activating it does (the table's last column), or nil where the table begins it with "—".
    public let activation: String?

    /// What stops working in a page whose template lacks the hook, in a sentence's words.
    public var loss: String {
        let found = "it marks \(on), which the stylesheet and tools then no longer find"
        guard let activation else { return found }
        return found + "; and activating it no longer \(activation)"
    }

    /// Whether `text` writes the hook as an HTML attribute: its name after white space (or a
    /// Mustache tag's end) and not followed by more of a name (`data-page` is not `data-page-jump`).
    /// A stylesheet's selectors (`[data-select]`) do not count: they do not make the hook.
    func isWritten(in text: String) -> Bool {
        var rest = text[...]
        while let range = rest.range(of: name) {
            let before = rest[..<range.lowerBound]
            let after = rest[range.upperBound...].first
            let opens = before.last.map { $0 == " " || $0 == "\n" || $0 == "\t" } ?? false || before.hasSuffix("}}")
            let ends = after.map { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") } ?? true
            if opens && ends { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }
}

/// The hooks of the table "DOM hooks" in Templates/README.md (the binary carries the README), read
/// from it once, so that the table stays their one definition.
public enum TemplateHooks {
    public static let documented: [TemplateHook] = read(BuiltinTemplates.readme)

    /// Each hook named in the first column of the table that follows the heading "## DOM hooks".
    static func read(_ readme: String) -> [TemplateHook] {
        guard let heading = readme.range(of: "\n## DOM hooks\n") else { return [] }
        var hooks: [TemplateHook] = []
        var seen: Set<String> = []
        var inTable = false
        for line in readme[heading.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("|") else {
                if inTable { break }
                continue
            }
            inTable = true
            let cells = Self.cells(String(line))
            guard cells.count == 4, cells[0].contains("`data-") else { continue }
            let activation = cells[3].hasPrefix("—") ? nil : plain(cells[3])
            for name in names(in: cells[0]) where seen.insert(name).inserted {
                hooks.append(TemplateHook(name: name, on: plain(cells[1]), activation: activation))
            }
        }
        return hooks
    }

    /// A table row's cells, trimmed; `\|` is a bar inside a cell.
    private static func cells(_ line: String) -> [String] {
        let marker = "\u{0}"
        return line.replacingOccurrences(of: "\\|", with: marker).split(separator: "|", omittingEmptySubsequences: false)
            .dropFirst().dropLast().map { $0.replacingOccurrences(of: marker, with: "|").trimmingCharacters(in: .whitespaces) }
    }

    /// The attribute names a cell's code spans start with (`data-new="TABLE"` names `data-new`).
    private static func names(in cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { index, part -> String? in
            guard index % 2 == 1, part.hasPrefix("data-") else { return nil }
            return String(part.prefix { $0.isLetter || $0.isNumber || $0 == "-" })
        }
    }

    /// Markdown's code marks taken out, for the terminal.
    private static func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "`", with: "")
    }
}
