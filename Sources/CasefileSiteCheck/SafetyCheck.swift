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
        switch name {
        case "script": (.script, "a <script> element is not allowed in a published site")
        case "base": (.brokenLink, "a <base> element is not allowed: it moves every relative link of the page away from "
                      + "where publish checks it")
        default: nil
        }
    }

    /// An attribute that runs code: an event handler, a `javascript:` URL, a reference to WebAssembly,
    /// CSS that runs script (`expression(`, a `javascript:` URL, a binding).
    static func attribute(_ a: HTMLScanner.Attribute) -> (check: PublishCheck, message: String)? {
        switch a.kind {
        case .id, .name: return nil
        case .eventHandler:
            return (.eventHandler, "an event handler attribute \(a.name)= on <\(a.element)> is not allowed")
        case .style:
            guard let found = cssScript(in: a) else { return nil }
            return (.cssScript, "CSS that runs script (\(found)) in style= on <\(a.element)> is not allowed")
        case .css:
            guard let found = cssScript(in: a) else { return nil }
            return (.cssScript, "CSS that runs script (\(found)) in a <style> element is not allowed")
        case .srcdoc:
            // A document of its own, run in the page's origin: checked as a page is.
            guard let inner = firstFailure(in: Array(a.value.utf8)) else { return nil }
            return (inner.check, "srcdoc= on <\(a.element)> holds a document that runs script: \(inner.message)")
        case .url, .srcset:
            break
        }
        // Written without character references (as nearly every URL is), the bytes are the value.
        let plain = !a.raw.contains(UInt8(ascii: "&"))
        let scheme = plain ? scheme(ofBytes: a.raw) : scheme(of: a.value)
        if let url = scheme, url == "javascript" || url == "vbscript" {
            return (.javascriptURL, "a \(url): URL in \(a.name)= on <\(a.element)> is not allowed")
        }
        if scheme == "data", ["iframe", "frame", "object", "embed"].contains(a.element) {
            return (.script, "a data: URL in \(a.name)= on <\(a.element)> is not allowed: the document it holds can run script")
        }
        let path = plain ? a.raw.prefix { $0 != UInt8(ascii: "#") && $0 != UInt8(ascii: "?") }
            : ArraySlice(a.value.utf8.prefix { $0 != UInt8(ascii: "#") && $0 != UInt8(ascii: "?") })
        if path.count >= 5, path.last.map({ $0 | 0x20 }) == UInt8(ascii: "m"),
           path.suffix(5).lazy.map({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }).elementsEqual(".wasm".utf8) {
            return (.webassembly, "a link to WebAssembly (\(a.value)) is not allowed")
        }
        return nil
    }

    private static let cssScriptMarkers = ["expression(", "javascript:", "vbscript:", "-moz-binding", "behavior:"]

    /// Which marker of script a `style` value or `<style>` text holds, with case, whitespace and
    /// control characters ignored as a CSS parser of old ignored them: one pass over the bytes, a
    /// marker tried only where its first letter is. A `style` value with character references is
    /// read decoded.
    static func cssScript(in a: HTMLScanner.Attribute) -> String? {
        if a.kind != .css, a.raw.contains(UInt8(ascii: "&")) { return cssScript(bytes: ArraySlice(a.value.utf8)) }
        return cssScript(bytes: a.raw)
    }

    private static func cssScript(bytes raw: ArraySlice<UInt8>) -> String? {
        func lower(_ b: UInt8) -> UInt8 { b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b | 0x20 : b }
        for start in raw.indices {
            let first = lower(raw[start])
            guard first == UInt8(ascii: "e") || first == UInt8(ascii: "j") || first == UInt8(ascii: "v")
                    || first == UInt8(ascii: "-") || first == UInt8(ascii: "b") else { continue }
            for marker in cssScriptMarkers where marker.utf8.first == first {
                var k = start
                var matched = true
                for byte in marker.utf8 {
                    while k < raw.endIndex, case let skip = whitespace(in: raw, at: k), skip > 0 { k += skip }
                    guard k < raw.endIndex, lower(raw[k]) == byte else { matched = false; break }
                    k += 1
                }
                if matched { return marker }
            }
        }
        return nil
    }

    /// The length in bytes of the whitespace or control character at `k` (Unicode's White_Space
    /// set in UTF-8, and every byte up to space), or 0.
    private static func whitespace(in raw: ArraySlice<UInt8>, at k: Int) -> Int {
        let b = raw[k]
        if b <= 0x20 { return 1 }
        guard b >= 0xC2, k + 1 < raw.endIndex else { return 0 }
        let c = raw[k + 1]
        if b == 0xC2 { return c == 0x85 || c == 0xA0 ? 2 : 0 }  // NEL, no-break space
        guard k + 2 < raw.endIndex else { return 0 }
        let d = raw[k + 2]
        switch (b, c) {
        case (0xE1, 0x9A): return d == 0x80 ? 3 : 0  // ogham space mark
        case (0xE2, 0x80): return d <= 0x8A || d == 0xA8 || d == 0xA9 || d == 0xAF ? 3 : 0  // en quad … hair space, separators
        case (0xE2, 0x81): return d == 0x9F ? 3 : 0  // medium mathematical space
        case (0xE3, 0x80): return d == 0x80 ? 3 : 0  // ideographic space
        default: return 0
        }
    }

    /// The first thing in an HTML document that runs code, as a page's scan would find it.
    static func firstFailure(in bytes: [UInt8]) -> (check: PublishCheck, message: String)? {
        var found: (check: PublishCheck, message: String)?
        HTMLScanner(bytes: bytes).scan { element, _ in
            if found == nil { found = Self.element(element) }
        } attribute: { a in
            if found == nil { found = Self.attribute(a) }
        }
        return found
    }

    /// `scheme(of:)` on a value's bytes, for a value without character references.
    static func scheme(ofBytes bytes: ArraySlice<UInt8>) -> String? {
        var scheme: [UInt8] = []
        for byte in bytes {
            if byte <= 0x20 { continue }
            if byte == UInt8(ascii: ":") { return scheme.isEmpty ? nil : String(decoding: scheme, as: UTF8.self) }
            let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let other = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard letter || (!scheme.isEmpty && other) else { return nil }
            scheme.append(letter ? byte | 0x20 : byte)
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
