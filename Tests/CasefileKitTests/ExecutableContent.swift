import Foundation

/// What in a page could run in a browser: a script element, an event-handler attribute, a
/// `javascript:` (or `vbscript:`, or HTML `data:`) URL, CSS `expression(` or a URL in a style, an
/// iframe, object or embed. The tests' own reading of the output, apart from publish's check.
enum ExecutableContent {
    private static let tag = try! NSRegularExpression(
        pattern: #"<([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>"#)
    private static let attribute = try! NSRegularExpression(
        pattern: #"([^\s"'=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?"#)
    private static let urlAttributes: Set<String> = ["href", "src", "action", "formaction", "poster", "data", "xlink:href",
                                                     "srcset", "background", "cite", "longdesc", "ping"]
    private static let embedding: Set<String> = ["script", "iframe", "object", "embed", "frame", "frameset", "applet", "base"]

    static func findings(in html: String) -> [String] {
        var found: [String] = []
        let text = html as NSString
        for match in tag.matches(in: html, range: NSRange(location: 0, length: text.length)) {
            let name = text.substring(with: match.range(at: 1)).lowercased()
            if embedding.contains(name) { found.append("<\(name)> element") }
            let attributes = text.substring(with: match.range(at: 2))
            let list = attributes as NSString
            for a in attribute.matches(in: attributes, range: NSRange(location: 0, length: list.length)) {
                let key = list.substring(with: a.range(at: 1)).lowercased()
                let value = (2...4).lazy.compactMap { a.range(at: $0).location == NSNotFound ? nil : list.substring(with: a.range(at: $0)) }.first ?? ""
                if key.hasPrefix("on") { found.append("event handler \(key)= on <\(name)>") }
                let plain = decoded(value)
                if urlAttributes.contains(key), ["javascript:", "vbscript:", "data:text/html"].contains(where: plain.hasPrefix) {
                    found.append("\(key)=\"\(value)\" on <\(name)>")
                }
                if key == "style", ["expression(", "javascript:", "url(", "@import"].contains(where: plain.contains) {
                    found.append("style=\"\(value)\" on <\(name)>")
                }
            }
        }
        // Style elements: the CSS itself.
        var rest = html[...]
        while let open = rest.range(of: "<style", options: .caseInsensitive),
              let close = rest.range(of: "</style", options: .caseInsensitive, range: open.upperBound..<rest.endIndex) {
            let css = decoded(String(rest[open.upperBound..<close.lowerBound]))
            if ["expression(", "javascript:", "@import"].contains(where: css.contains) { found.append("<style> with executable CSS") }
            rest = rest[close.upperBound...]
        }
        return found
    }

    /// The value as a browser reads it, lowercased, without the whitespace and control
    /// characters a browser skips inside a scheme: `&#106;ava&#x53;cript&colon;` is `javascript:`.
    static func decoded(_ value: String) -> String {
        var out = ""
        var rest = value[...]
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let entity = rest[amp...].prefix { $0 != ";" && !$0.isWhitespace }
            let body = entity.dropFirst()
            var replacement: String?
            if body.hasPrefix("#x") || body.hasPrefix("#X") {
                replacement = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
            } else if body.hasPrefix("#") {
                replacement = UInt32(body.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
            } else {
                replacement = ["amp": "&", "colon": ":", "lpar": "(", "rpar": ")", "quot": "\"", "apos": "'",
                               "lt": "<", "gt": ">", "tab": "\t", "newline": "\n"][String(body).lowercased()]
            }
            if let replacement {
                out += replacement
                rest = rest[entity.endIndex...]
                if rest.first == ";" { rest = rest.dropFirst() }
            } else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
            }
        }
        out += rest
        return String(out.lowercased().unicodeScalars.filter { $0.value > 0x20 && $0 != "\u{7F}" }.map(Character.init))
    }
}
