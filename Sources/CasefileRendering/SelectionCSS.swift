/// The per-page rules that highlight the selected row: the row cannot hold the `:target` marker
/// (that lives in the panel), so each row gets a rule keyed on its record's marker.
enum SelectionCSS {
    static func rules(_ records: [(fragment: String, recordID: String)]) -> String {
        guard !records.isEmpty else { return "" }
        let selectors = records.map { record in
            ":root:has([data-for=\"\(record.fragment)\"]:target) tr[data-record-id=\"\(escape(record.recordID))\"]"
        }
        return selectors.joined(separator: ",\n")
            + "{background:var(--cf-selected-bg);--cf-swatch-border:var(--cf-text)}"
    }

    /// A CSS string's content: quotes, backslashes and line breaks escaped, `<` too so that the
    /// text cannot close the `<style>` element.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\": out += "\\" + String(scalar)
            case "<": out += "\\3c "
            case "\n", "\r", "\u{0C}": out += "\\a "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
