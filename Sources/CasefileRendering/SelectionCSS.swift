/// The per-page rules that highlight the selected row: the row cannot hold the `:target` marker
/// (that lives in the panel), so each row gets a rule keyed on its record's marker. The rule only
/// sets the `--cf-row-…` properties (to the stylesheet's `--cf-selection-fill` and
/// `--cf-on-selection…`), one declaration block for the whole page; the stylesheet draws the row,
/// its text, bars, badges and swatches from them.
enum SelectionCSS {
    static func rules(_ records: [(fragment: String, recordID: String)]) -> String {
        guard !records.isEmpty else { return "" }
        let selectors = records.map { record in
            ":root:has([data-for=\"\(record.fragment)\"]:target) tr[data-record-id=\"\(escape(record.recordID))\"]"
        }
        return selectors.joined(separator: ",\n")
            + "{--cf-row-fill:var(--cf-selection-fill);--cf-row-ink:var(--cf-on-selection);"
            + "--cf-row-ink-secondary:var(--cf-on-selection-secondary);--cf-row-ink-fill:var(--cf-on-selection-fill);"
            + "--cf-row-pill:var(--cf-on-selection-pill)}"
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
