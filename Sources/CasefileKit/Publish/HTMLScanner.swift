/// A small scanner over a page's bytes that finds what publish checks: every element id (and
/// `<a name>`), every URL-valued attribute, and anything executable — a `<script>` element, an
/// `on…=` attribute. It reads tags, not a DOM: attributes in any order, quoted with `"` or `'` or
/// not at all; comments and the raw text of `<style>`, `<script>`, `<textarea>` and `<title>`
/// are skipped. One pass, linear in the page's size.
struct HTMLScanner {
    struct Attribute {
        var element: String
        var name: String
        var value: String
        /// Byte offset of the attribute in the page, for line and column.
        var offset: Int
    }

    /// The attributes whose values are URLs a browser follows or loads.
    static let urlAttributes: Set<String> = ["href", "src", "xlink:href", "action", "formaction", "poster", "data",
                                             "cite", "background"]
    static let rawTextElements: Set<String> = ["script", "style", "textarea", "title", "xmp", "noembed", "noframes"]

    let bytes: [UInt8]

    /// Calls `tag` with each start tag's name and offset, and `attribute` with each of its
    /// attributes that publish checks (ids, anchor names, URLs, event handlers); others are
    /// skipped without building strings.
    func scan(tag: (String, Int) -> Void, attribute: (Attribute) -> Void) {
        var i = 0
        let n = bytes.count
        while i < n {
            guard bytes[i] == UInt8(ascii: "<"), i + 1 < n else { i += 1; continue }
            let next = bytes[i + 1]
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
            while i < n, !Self.isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">"), bytes[i] != UInt8(ascii: "/") { i += 1 }
            let element = Self.lowercased(bytes[nameStart..<i])
            tag(element, start)
            i = attributes(of: element, from: i, attribute)
            if Self.rawTextElements.contains(element) {
                i = skipRawText(element, from: i)
            }
        }
    }

    /// Reads attributes up to the end of the tag; returns the offset after `>`.
    private func attributes(of element: String, from start: Int, _ attribute: (Attribute) -> Void) -> Int {
        var i = start
        let n = bytes.count
        while i < n {
            while i < n, Self.isSpace(bytes[i]) || bytes[i] == UInt8(ascii: "/") { i += 1 }
            guard i < n, bytes[i] != UInt8(ascii: ">") else { return i + 1 }
            let nameStart = i
            while i < n, !Self.isSpace(bytes[i]), bytes[i] != UInt8(ascii: "="), bytes[i] != UInt8(ascii: ">"),
                  !(bytes[i] == UInt8(ascii: "/") && i + 1 < n && bytes[i + 1] == UInt8(ascii: ">")) { i += 1 }
            if i == nameStart { i += 1; continue }  // a stray `=`
            let nameEnd = i
            while i < n, Self.isSpace(bytes[i]) { i += 1 }
            var value = i..<i
            if i < n, bytes[i] == UInt8(ascii: "=") {
                i += 1
                while i < n, Self.isSpace(bytes[i]) { i += 1 }
                if i < n, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") {
                    let quote = bytes[i]
                    i += 1
                    let valueStart = i
                    while i < n, bytes[i] != quote { i += 1 }
                    value = valueStart..<min(i, n)
                    i += 1
                } else {
                    let valueStart = i
                    while i < n, !Self.isSpace(bytes[i]), bytes[i] != UInt8(ascii: ">") { i += 1 }
                    value = valueStart..<i
                }
            }
            guard Self.mayMatter(bytes[nameStart..<nameEnd]) else { continue }
            let name = Self.lowercased(bytes[nameStart..<nameEnd])
            guard name == "id" || name == "name" || name == "srcset" || name == "style" || Self.urlAttributes.contains(name)
                    || (name.utf8.count > 2 && name.hasPrefix("on")) else { continue }
            attribute(Attribute(element: element, name: name, value: Self.decodeEntities(bytes[value]), offset: nameStart))
        }
        return n
    }

    /// A cheap first look at an attribute name: could it be one publish checks? (`class`,
    /// `aria-…` and `data-…` attributes, the bulk of a page, are not.)
    private static func mayMatter(_ name: ArraySlice<UInt8>) -> Bool {
        let first = name.first.map { $0 | 0x20 } ?? 0
        if first == UInt8(ascii: "o") { return name.count > 2 }
        if first == UInt8(ascii: "c") { return name.count == 4 }  // cite, not class
        if first == UInt8(ascii: "d") { return name.count == 4 }  // data, not data-…
        if first == UInt8(ascii: "a") { return name.count == 6 }  // action, not aria-…
        if first == UInt8(ascii: "s") { return name.count == 3 || name.count == 5 || name.count == 6 }  // src, style, srcset
        return [2, 3, 4, 6, 10].contains(name.count)
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
        let text = String(decoding: slice, as: UTF8.self)
        guard slice.contains(UInt8(ascii: "&")) else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semi = after.prefix(12).firstIndex(of: ";") else {
                out += "&"
                rest = after
                continue
            }
            let name = after[..<semi]
            if let decoded = decode(String(name)) {
                out.append(decoded)
                rest = after[after.index(after: semi)...]
            } else {
                out += "&"
                rest = after
            }
        }
        return out + rest
    }

    private static func decode(_ name: String) -> Character? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case "colon": return ":"
        case "sol": return "/"
        case "num": return "#"
        case "Tab", "NewLine": return nil
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            return value.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }
}
