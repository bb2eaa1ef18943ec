import CasefileModel

/// Text for the stylesheet's `content:` values: the phrases the stylesheet writes, in the site's
/// language.
enum CSSString {
    /// `text` as a CSS string: in double quotes, with `"` and `\` escaped, and as a code point
    /// in hex each control character (a line break would end the string) and `<` (so that the
    /// stylesheet can never close a `<style>` it is inlined in).
    static func quoted(_ text: String) -> String {
        QuotedText.quoted(text) { scalar in
            switch scalar {
            case "\"", "\\": "\\" + String(scalar)
            case "<": "\\3C "
            default: scalar.value < 0x20 || scalar.value == 0x7F ? "\\" + QuotedText.hex(scalar.value) + " " : nil
            }
        }
    }

    /// A `content:` value from a phrase with placeholders: each `{name}` becomes the CSS of
    /// `values[name]` (a counter, an attribute) and the text around it quoted strings:
    /// "Showing {shown} of {total}" → `"Showing " counter(cf-shown) " of " attr(data-of)`.
    static func content(_ phrase: String, _ values: [String: String]) -> String {
        var parts: [String] = []
        var text = ""
        var rest = Substring(phrase)
        while let open = rest.firstIndex(of: "{") {
            text += rest[..<open]
            if let close = rest[open...].firstIndex(of: "}"), let css = values[String(rest[rest.index(after: open)..<close])] {
                if !text.isEmpty { parts.append(quoted(text)) }
                text = ""
                parts.append(css)
                rest = rest[rest.index(after: close)...]
            } else {
                text.append("{")
                rest = rest[rest.index(after: open)...]
            }
        }
        text += rest
        if !text.isEmpty { parts.append(quoted(text)) }
        return parts.isEmpty ? "\"\"" : parts.joined(separator: " ")
    }
}
