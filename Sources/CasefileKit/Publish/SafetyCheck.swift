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
        switch a.kind {
        case .id, .name: return nil
        case .eventHandler:
            return (.eventHandler, "an event handler attribute \(a.name)= on <\(a.element)> is not allowed")
        case .style:
            guard let found = cssScript(in: a) else { return nil }
            return (.cssScript, "CSS that runs script (\(found)) in style= on <\(a.element)> is not allowed")
        case .url, .srcset:
            break
        }
        // Written without character references (as nearly every URL is), the bytes are the value.
        let plain = !a.raw.contains(UInt8(ascii: "&"))
        if let url = plain ? scheme(ofBytes: a.raw) : scheme(of: a.value), url == "javascript" || url == "vbscript" {
            return (.javascriptURL, "a \(url): URL in \(a.name)= on <\(a.element)> is not allowed")
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
    private static let cssScriptBytes = cssScriptMarkers.map { Array($0.utf8) }

    /// Which marker of script a `style` value holds, with case, whitespace and control characters
    /// ignored as a CSS parser of old ignored them. Plain ASCII (nearly every value) is read byte
    /// by byte; anything else through its decoded text.
    static func cssScript(in a: HTMLScanner.Attribute) -> String? {
        guard !a.raw.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "&") }) else {
            let css = String(a.value.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace && $0.value >= 0x20 })
            return cssScriptMarkers.first(where: css.contains)
        }
        var squashed: [UInt8] = []
        squashed.reserveCapacity(a.raw.count)
        for byte in a.raw where byte > 0x20 {
            squashed.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
        }
        for (k, marker) in cssScriptBytes.enumerated() where squashed.count >= marker.count {
            for start in 0...(squashed.count - marker.count) where squashed[start] == marker[0] {
                if squashed[start..<(start + marker.count)].elementsEqual(marker) { return cssScriptMarkers[k] }
            }
        }
        return nil
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
