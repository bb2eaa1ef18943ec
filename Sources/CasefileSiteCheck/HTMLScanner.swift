/// A small scanner over a page's bytes that finds what publish checks: every element id (and
/// `<a name>`), every URL-valued attribute, and anything executable — a `<script>` element, an
/// `on…=` attribute. It reads tags, not a DOM: attributes in any order, quoted with `"` or `'` or
/// not at all; comments and the raw text of `<style>`, `<script>`, `<textarea>` and `<title>`
/// are skipped. One pass, linear in the page's size.
struct HTMLScanner {
    struct Attribute {
        /// What publish checks an attribute for.
        enum Kind {
            /// `id`: a fragment links can lead to.
            case id
            /// `name`: a fragment too, on `<a>`.
            case name
            /// A URL a browser follows or loads (`href`, `src`, `action`, … as `checkedName` reads them).
            case url
            case srcset
            case style
            /// `on…`.
            case eventHandler
            /// `srcdoc`: a whole document, as HTML.
            case srcdoc
            /// The text of a `<style>` element (the attribute's name is empty).
            case css
        }

        var element: String
        var name: String
        var kind: Kind
        /// The value's bytes as written, character references undecoded.
        var raw: ArraySlice<UInt8>
        /// Byte offset of the attribute in the page, for line and column.
        var offset: Int

        /// The value as a browser reads it (character references decoded).
        var value: String { HTMLScanner.decodeEntities(raw) }
    }

    let bytes: [UInt8]

    /// Calls `tag` with the name and offset of each start tag that publish looks at (`<script>`,
    /// `<base>`), and `attribute` with each attribute it checks (ids, anchor names, URLs, event
    /// handlers, `style`, `srcdoc`) and the text of each `<style>`; the rest is skipped without
    /// building strings: a tag's name is read as bytes, and made a string only when one of its
    /// attributes is reported.
    func scan(tag: (String, Int) -> Void, attribute: (Attribute) -> Void) {
        // The hot loops read through a `Span` of the bytes: no retain, and bounds checks the
        // optimiser can see through.
        let span = bytes.span
        var i = 0
        let n = span.count
        while i < n {
            while i < n, span[i] != UInt8(ascii: "<") { i += 1 }
            guard i + 1 < n else { break }
            let next = span[i + 1]
            if next == UInt8(ascii: "!") {
                i = starts(with: Self.commentOpen, at: i) ? skip(past: Self.commentClose, from: i + 4) : skipTag(from: i)
                continue
            }
            if next == UInt8(ascii: "/") || next == UInt8(ascii: "?") {
                i = skipTag(from: i)
                continue
            }
            guard Self.isLetter(next) else { i += 1; continue }
            let start = i
            i += 1
            let nameStart = i
            while i < n, !Self.isSpace(span[i]), span[i] != UInt8(ascii: ">"), span[i] != UInt8(ascii: "/") { i += 1 }
            // The name's first eight bytes, lower-cased, packed (first byte lowest).
            var packed: UInt64 = 0
            for k in nameStart..<min(i, nameStart + 8) { packed |= UInt64(span[k] | 0x20) << (8 * (k - nameStart)) }
            let length = i - nameStart
            let known = Self.knownElement(length: length, packed: packed)
            if let known, known == "script" || known == "base" { tag(known, start) }
            var element = known
            i = attributes(of: &element, named: nameStart..<i, from: i, in: span, attribute)
            if let rawText = known, Self.isRawText(rawText) {
                let text = i
                i = skipRawText(rawText, from: i)
                if rawText == "style" {
                    attribute(Attribute(element: rawText, name: "", kind: .css, raw: bytes[min(text, i)..<i], offset: text))
                }
            }
        }
    }

    /// The elements publish tells apart by name, from a name's length and packed bytes (`| 0x20`
    /// on every byte is exact for letters; a name with other bytes that packs alike is checked
    /// again as a string).
    private static func knownElement(length: Int, packed: UInt64) -> String? {
        switch (length, packed) {
        case (6, 0x7470_6972_6373): "script"
        case (4, 0x6573_6162): "base"
        case (5, 0x65_6c79_7473): "style"
        case (5, 0x65_6c74_6974): "title"
        case (8, 0x6165_7261_7478_6574): "textarea"
        case (3, 0x70_6d78): "xmp"
        case (7, 0x64_6562_6d65_6f6e): "noembed"
        case (8, 0x7365_6d61_7266_6f6e): "noframes"
        default: nil
        }
    }

    /// Reads attributes up to the end of the tag; returns the offset after `>`. `element` is the
    /// tag's name when known, made from `name` when the first attribute is reported.
    private func attributes(of element: inout String?, named name: Range<Int>, from start: Int, in span: Span<UInt8>,
                            _ attribute: (Attribute) -> Void) -> Int {
        var i = start
        let n = span.count
        while i < n {
            while i < n, Self.isSpace(span[i]) || span[i] == UInt8(ascii: "/") { i += 1 }
            guard i < n, span[i] != UInt8(ascii: ">") else { return i + 1 }
            let nameStart = i
            while i < n, !Self.isSpace(span[i]), span[i] != UInt8(ascii: "="), span[i] != UInt8(ascii: ">"),
                  !(span[i] == UInt8(ascii: "/") && i + 1 < n && span[i + 1] == UInt8(ascii: ">")) { i += 1 }
            if i == nameStart { i += 1; continue }  // a stray `=`
            let nameEnd = i
            while i < n, Self.isSpace(span[i]) { i += 1 }
            var value = i..<i
            if i < n, span[i] == UInt8(ascii: "=") {
                i += 1
                while i < n, Self.isSpace(span[i]) { i += 1 }
                if i < n, span[i] == UInt8(ascii: "\"") || span[i] == UInt8(ascii: "'") {
                    let quote = span[i]
                    i += 1
                    let valueStart = i
                    while i < n, span[i] != quote { i += 1 }
                    value = valueStart..<min(i, n)
                    i += 1
                } else {
                    let valueStart = i
                    while i < n, !Self.isSpace(span[i]), span[i] != UInt8(ascii: ">") { i += 1 }
                    value = valueStart..<i
                }
            }
            guard let (checked, kind) = checkedName(from: nameStart, to: nameEnd) else { continue }
            if element == nil { element = Self.lowercased(bytes[name]) }
            attribute(Attribute(element: element!, name: checked, kind: kind, raw: bytes[value], offset: nameStart))
        }
        return n
    }

    /// An element whose content is text up to its end tag, not markup.
    static func isRawText(_ element: String) -> Bool {
        switch element {
        case "script", "style", "textarea", "title", "xmp", "noembed", "noframes": true
        default: false
        }
    }

    /// The lower-case name and kind of an attribute publish checks (an id or anchor name, a URL,
    /// `srcset`, `style`, an event handler), read from the page's bytes in place, without making a
    /// string or a slice of the others (`class`, `aria-…` and `data-…`, the bulk of a page): the
    /// name's first eight bytes, lower-cased, packed into one integer and compared with each
    /// name's (little-endian, first byte lowest).
    private func checkedName(from start: Int, to end: Int) -> (name: String, kind: Attribute.Kind)? {
        let count = end - start
        guard count >= 2, count <= 10 || bytes[start] | 0x20 == UInt8(ascii: "o") else { return nil }
        var packed: UInt64 = 0
        for k in 0..<min(count, 8) {
            let b = bytes[start + k]
            packed |= UInt64(b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") ? b | 0x20 : b) << (8 * k)
        }
        switch (count, packed) {
        case (2, 0x6469): return ("id", .id)
        case (3, 0x637273): return ("src", .url)
        case (4, 0x6665_7268): return ("href", .url)
        case (4, 0x656d_616e): return ("name", .name)
        case (4, 0x6174_6164): return ("data", .url)
        case (4, 0x6574_6963): return ("cite", .url)
        case (5, 0x65_6c79_7473): return ("style", .style)
        case (6, 0x7465_7363_7273): return ("srcset", .srcset)
        case (6, 0x6e6f_6974_6361): return ("action", .url)
        case (6, 0x636f_6463_7273): return ("srcdoc", .srcdoc)
        case (6, 0x7265_7473_6f70): return ("poster", .url)
        case (10, 0x7268_3a6b_6e69_6c78), (10, 0x6974_6361_6d72_6f66), (10, 0x756f_7267_6b63_6162):
            let name = Self.lowercased(bytes[start..<end])
            return ["xlink:href", "formaction", "background"].contains(name) ? (name, .url) : nil
        default:
            guard count > 2, packed & 0xffff == 0x6e6f else { return nil }  // "on"
            return (Self.lowercased(bytes[start..<end]), .eventHandler)
        }
    }

    private static let commentOpen = Array("<!--".utf8)
    private static let commentClose = Array("-->".utf8)

    /// The offset after the next `>`.
    private func skipTag(from start: Int) -> Int {
        var i = start
        while i < bytes.count, bytes[i] != UInt8(ascii: ">") { i += 1 }
        return min(i + 1, bytes.count)
    }

    private func skipRawText(_ element: String, from start: Int) -> Int {
        let closing = Array("</\(element)".utf8)
        var i = start
        while i + closing.count <= bytes.count {
            if bytes[i] == UInt8(ascii: "<"), starts(with: closing, at: i, caseInsensitive: true) { return i }
            i += 1
        }
        return bytes.count
    }

    private func skip(past marker: [UInt8], from start: Int) -> Int {
        var i = start
        while i + marker.count <= bytes.count {
            if bytes[i] == marker[0], starts(with: marker, at: i) { return i + marker.count }
            i += 1
        }
        return bytes.count
    }

    private func starts(with marker: [UInt8], at i: Int, caseInsensitive: Bool = false) -> Bool {
        guard i + marker.count <= bytes.count else { return false }
        for (k, byte) in marker.enumerated() {
            let b = bytes[i + k]
            if b != byte, !(caseInsensitive && Self.isLetter(b) && b | 0x20 == byte | 0x20) { return false }
        }
        return true
    }

    static func isLetter(_ b: UInt8) -> Bool {
        (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z")
    }

    static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D
    }

    /// The name as a lower-case string; names are short, so this rarely allocates.
    static func lowercased(_ slice: ArraySlice<UInt8>) -> String {
        let text = String(decoding: slice, as: UTF8.self)
        return slice.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) ? text.lowercased() : text
    }

    /// Character references in an attribute value: the named ones a template escapes with, and
    /// numeric ones.
    static func decodeEntities(_ slice: ArraySlice<UInt8>) -> String {
        guard slice.contains(UInt8(ascii: "&")) else { return String(decoding: slice, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(slice.count)
        var i = slice.startIndex
        let end = slice.endIndex
        func isDigit(_ b: UInt8, hex: Bool) -> Bool {
            (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || (hex && (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "f"))
        }
        while i < end {
            guard slice[i] == UInt8(ascii: "&"), i + 1 < end else {
                out.append(slice[i])
                i += 1
                continue
            }
            if slice[i + 1] == UInt8(ascii: "#") {
                // A numeric reference: any number of digits (leading zeros too), its `;` optional,
                // as a browser reads one in an attribute.
                let hex = i + 2 < end && slice[i + 2] | 0x20 == UInt8(ascii: "x")
                var k = i + (hex ? 3 : 2)
                var value: UInt32 = 0
                let digits = k
                while k < end, isDigit(slice[k], hex: hex) {
                    let digit = UInt32(slice[k] <= UInt8(ascii: "9") ? slice[k] - UInt8(ascii: "0") : (slice[k] | 0x20) - UInt8(ascii: "a") + 10)
                    value = min(value &* (hex ? 16 : 10) &+ digit, 0x11_0000)
                    k += 1
                }
                if k > digits {
                    if k < end, slice[k] == UInt8(ascii: ";") { k += 1 }
                    let scalar = value == 0 ? nil : Unicode.Scalar(value)
                    out.append(contentsOf: String(Character(scalar ?? "\u{FFFD}")).utf8)
                    i = k
                    continue
                }
            } else if let semi = slice[(i + 1)..<min(end, i + 34)].firstIndex(of: UInt8(ascii: ";")),
                      let decoded = decode(String(decoding: slice[(i + 1)..<semi], as: UTF8.self)) {
                out.append(contentsOf: String(decoded).utf8)
                i = semi + 1
                continue
            }
            out.append(slice[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The named references a template escapes with, and those that hide a URL's scheme.
    private static func decode(_ name: String) -> Character? {
        switch name {
        case "amp": "&"
        case "lt": "<"
        case "gt": ">"
        case "quot": "\""
        case "apos": "'"
        case "colon": ":"
        case "sol": "/"
        case "num": "#"
        case "Tab": "\t"
        case "NewLine": "\n"
        case "period": "."
        case "percnt": "%"
        case "quest": "?"
        case "equals": "="
        default: nil
        }
    }
}
