/// The per-page rules that show the selected record: the `:target` is one of the record's
/// markers, which sit in a group of their own at the top of the sheet's scroller (so that a detent
/// link scrolls the sheet there), apart from both the row and the panel. Each row gets a rule that
/// looks for its record's markers by their path from `<body>` (`StylePaths`): every row is
/// restyled when the selection changes, and each looks three levels down, not through the whole
/// page. Each panel gets a rule that finds its record's group among the scroller's children.
/// The row rules only set the `--cf-row-…` properties (to the stylesheet's `--cf-selection-fill`
/// and `--cf-on-selection…`), one declaration block for the whole page; the stylesheet draws the
/// row, its text, bars, badges and swatches from them.
enum SelectionCSS {
    static func rules(_ records: [(fragment: String, recordID: String)]) -> String {
        guard !records.isEmpty else { return "" }
        var css = ""
        css.reserveCapacity(records.count * 220 + 256)
        for (n, record) in records.enumerated() {
            css += n == 0 ? "" : ",\n"
            css += "body:has(\(StylePaths.markers)[data-for=\"\(escape(record.fragment))\"] > :target) tr[data-record-id=\"\(escape(record.recordID))\"]"
        }
        css += "{--cf-row-fill:var(--cf-selection-fill);--cf-row-ink:var(--cf-on-selection);"
            + "--cf-row-ink-secondary:var(--cf-on-selection-secondary);--cf-row-ink-fill:var(--cf-on-selection-fill);"
            + "--cf-row-pill:var(--cf-on-selection-pill)}\n"
        // The panel of the record whose marker is the target: markers and panels are siblings'
        // children in the scroller (the markers first), each rule one record's.
        for (n, record) in records.enumerated() {
            css += n == 0 ? "" : ",\n"
            let fragment = escape(record.fragment)
            css += ".cf-markers[data-for=\"\(fragment)\"]:has(> :target) ~ .cf-sheet [data-inspector-panel][data-for=\"\(fragment)\"]"
        }
        return css + "{display:block}"
    }

    /// A CSS string's content: quotes, backslashes and line breaks escaped, `<` too so that the
    /// text cannot close the `<style>` element.
    static func escape(_ text: String) -> String {
        // Most are ids with nothing to escape: the text itself, not a copy made scalar by scalar.
        guard text.utf8.contains(where: { byte in
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "<"), 0x0A, 0x0D, 0x0C: true
            default: false
            }
        }) else { return text }
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
