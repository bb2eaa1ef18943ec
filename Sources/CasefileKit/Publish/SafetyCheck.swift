/// What a published site must not hold: anything a browser would execute. Casefile's pages work
/// with HTML and CSS alone, so any of these comes from a custom template or a note with
/// `markdown.unsafeHTML` on, and stops the publish.
enum SafetyCheck {
    /// A file that is itself code.
    static func file(_ path: String) -> PublishFailure? {
        let lower = path.lowercased()
        if lower.hasSuffix(".wasm") {
            return PublishFailure(check: .webassembly, page: path, message: "a WebAssembly file is not allowed in a published site")
        }
        if lower.hasSuffix(".js") || lower.hasSuffix(".mjs") {
            return PublishFailure(check: .script, page: path, message: "a JavaScript file is not allowed in a published site")
        }
        return nil
    }

    /// A start tag that runs code.
    static func element(_ name: String) -> (check: PublishCheck, message: String)? {
        name == "script" ? (.script, "a <script> element is not allowed in a published site") : nil
    }

    /// An attribute that runs code: an event handler, a `javascript:` URL, a reference to WebAssembly,
    /// CSS that runs script (`expression(`, a `javascript:` URL, a binding).
    static func attribute(_ a: HTMLScanner.Attribute) -> (check: PublishCheck, message: String)? {
        if a.name.count > 2, a.name.hasPrefix("on") {
            return (.eventHandler, "an event handler attribute \(a.name)= on <\(a.element)> is not allowed")
        }
        if a.name == "style" {
            let css = String(a.value.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace && $0.value >= 0x20 })
            if let found = ["expression(", "javascript:", "vbscript:", "-moz-binding", "behavior:"].first(where: css.contains) {
                return (.cssScript, "CSS that runs script (\(found)) in style= on <\(a.element)> is not allowed")
            }
            return nil
        }
        guard HTMLScanner.urlAttributes.contains(a.name) || a.name == "srcset" else { return nil }
        if let url = scheme(of: a.value), url == "javascript" || url == "vbscript" {
            return (.javascriptURL, "a \(url): URL in \(a.name)= on <\(a.element)> is not allowed")
        }
        let path = a.value.prefix { $0 != "#" && $0 != "?" }
        if path.suffix(5).lowercased() == ".wasm" {
            return (.webassembly, "a link to WebAssembly (\(a.value)) is not allowed")
        }
        return nil
    }

    /// The scheme of a URL as a browser reads it: leading spaces and control characters dropped,
    /// tabs and newlines inside ignored, lower-cased; nil when there is none.
    static func scheme(of value: String) -> String? {
        var scheme = ""
        for scalar in value.unicodeScalars {
            if scalar.value <= 0x20 {
                continue  // browsers strip these before reading a URL
            }
            if scalar == ":" { return scheme.isEmpty ? nil : scheme }
            guard scalar.isASCII, scalar.properties.isAlphabetic || (!scheme.isEmpty && "0123456789+-.".unicodeScalars.contains(scalar)) else {
                return nil
            }
            scheme.unicodeScalars.append(Unicode.Scalar(UInt8(scalar.value) | 0x20))
        }
        return nil
    }
}
