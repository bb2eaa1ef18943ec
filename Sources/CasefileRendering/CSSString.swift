/// Text for the stylesheet's `content:` values: the phrases the stylesheet writes, in the site's
/// language.
enum CSSString {
    /// `text` as a CSS string: in double quotes, with `"`, `\` and line breaks escaped (and `<`,
    /// so that the stylesheet can never close a `<style>` it is inlined in).
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\A "
            case "<": out += "\\3C "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
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
