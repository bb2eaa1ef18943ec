import Yams

/// Where a JSON text stops being JSON, and why. The line is 1-based; the column is 1-based and
/// counted in characters (Unicode scalars), as Yams counts its marks.
struct JSONSyntaxError: Error, Sendable, Equatable {
    var message: String
    var line: Int
    var column: Int
}

/// Reads a JSON text (RFC 8259) into the Yams node tree the loader reads YAML into, with the same
/// marks, tags and styles Yams gives the same text read as YAML: strings are double-quoted
/// scalars tagged `str`; numbers, `true`, `false` and `null` are plain scalars that Yams'
/// resolver types as it does for YAML; objects are mappings and arrays sequences, marked at their
/// `{` or `[`. A leading byte order mark is skipped (columns on line 1 count from the character
/// after it, where libyaml counted the mark as one), CRLF line ends are accepted.
///
/// It works on the UTF-8 bytes in one pass, without recursion: the open arrays and objects are a
/// stack, at most `maximumDepth` deep. A duplicate key in an object is an error, reported as Yams
/// reports it (the first-sorting duplicate key, at its first occurrence).
enum JSONReader {
    static let maximumDepth = 512

    static func read(_ text: String) throws(JSONSyntaxError) -> Node {
        precondition(YamsMark.isSound, "Yams' Mark is no longer two Ints: YamsMark needs updating")
        var text = text
        let result = text.withUTF8 { bytes -> Result<Node, JSONSyntaxError> in
            var parser = JSONParser(bytes)
            do throws(JSONSyntaxError) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// The parser behind `JSONReader`, over the bytes of one text.
private struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    private var i = 0
    /// The current line (1-based) and the offset where it starts.
    private var line = 1
    private var lineStart = 0
    /// The last column computed on the current line, and its offset: columns are counted forward
    /// from there, so that a long line (minified JSON) is counted once, not once per mark.
    private var columnOffset = 0
    private var column = 1
    /// One constructor for every tag, as Yams' own parser has (`Constructor.default` builds a new
    /// one, tables and all, each time it is asked).
    private let constructor = Constructor.default
    /// The tags every node of one kind shares: they are resolved already, so Yams never changes them.
    private let strTag: Tag
    private let mapTag: Tag
    private let seqTag: Tag

    /// An array or object being read: where it starts and, for an object, where its keys start
    /// in `keys`.
    private struct Open {
        var isObject: Bool
        var mark: Mark
        var keyBase: Int
    }

    /// The arrays and objects being read, innermost last, with their items so far: each is
    /// appended to in place and moved out whole when it closes, so that no node is copied twice.
    private var open: [Open] = []
    private var sequences: [[Node]] = []
    private var objects: [[(Node, Node)]] = []
    /// The key of each open object whose value is being read.
    private var pendingKeys: [Node] = []
    /// The keys of the open objects as text, for finding a duplicate without taking nodes apart.
    private var keys: [(text: String, mark: Mark)] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        strTag = Tag(.str, .default, constructor)
        mapTag = Tag(.map, .default, constructor)
        seqTag = Tag(.seq, .default, constructor)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            i = 3
            lineStart = 3
            columnOffset = 3
        }
    }

    // MARK: Structure

    mutating func parseDocument() throws(JSONSyntaxError) -> Node {
        skipWhitespace()
        guard i < bytes.count else { throw error(at: i, "the file holds no JSON value") }
        readValue: while true {
            // A value starts at `i` (whitespace skipped).
            var value: Node
            guard i < bytes.count else { throw error(at: i, "expected a value, found the end of the file") }
            switch bytes[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[i] == UInt8(ascii: "{")
                guard open.count < JSONReader.maximumDepth else {
                    throw error(at: i, "too deeply nested: more than \(JSONReader.maximumDepth) arrays and objects inside one another")
                }
                open.append(Open(isObject: isObject, mark: mark(at: i), keyBase: keys.count))
                if isObject { objects.append([]) } else { sequences.append([]) }
                i += 1
                skipWhitespace()
                if i < bytes.count, bytes[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    i += 1
                    value = try close()
                } else if isObject {
                    try readKey(after: "'{'")
                    continue readValue
                } else {
                    continue readValue
                }
            case UInt8(ascii: "\""):
                let start = i
                value = .scalar(Node.Scalar(try readString(), strTag, .doubleQuoted, mark(at: start)))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = try readNumber()
            default:
                value = try readLiteral()
            }
            // A value is complete: it ends the document, or is put in its array or object, which
            // goes on or closes.
            while true {
                guard let parent = open.last else {
                    skipWhitespace()
                    if i < bytes.count { throw error(at: i, "unexpected \(describe(i)) after the JSON value") }
                    return value
                }
                if parent.isObject {
                    objects[objects.count - 1].append((pendingKeys.removeLast(), value))
                } else {
                    sequences[sequences.count - 1].append(value)
                }
                skipWhitespace()
                let end = parent.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                let what = parent.isObject ? "expected ',' or '}' after an object member"
                    : "expected ',' or ']' after an array element"
                guard i < bytes.count else { throw error(at: i, what + ", found the end of the file") }
                if bytes[i] == end {
                    i += 1
                    value = try close()
                    continue
                }
                guard bytes[i] == UInt8(ascii: ",") else { throw error(at: i, what + ", found \(describe(i))") }
                let comma = i
                i += 1
                skipWhitespace()
                if i < bytes.count, bytes[i] == end {
                    throw error(at: comma, "trailing comma: nothing follows it before '\(Character(UnicodeScalar(end)))'")
                }
                if parent.isObject {
                    try readKey(after: "','")
                }
                continue readValue
            }
        }
    }

    /// Reads `"key"`, the `:` after it and the whitespace before the value.
    private mutating func readKey(after: String) throws(JSONSyntaxError) {
        guard i < bytes.count else {
            throw error(at: i, "expected a key in double quotes after \(after), found the end of the file")
        }
        guard bytes[i] == UInt8(ascii: "\"") else {
            throw error(at: i, "expected a key in double quotes after \(after), found \(describe(i))")
        }
        let start = i
        let text = try readString()
        let place = mark(at: start)
        keys.append((text, place))
        pendingKeys.append(.scalar(Node.Scalar(text, strTag, .doubleQuoted, place)))
        skipWhitespace()
        guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
            throw error(at: i, "expected ':' after an object key, found \(describe(i))")
        }
        i += 1
        skipWhitespace()
    }

    /// Ends the innermost array or object (its closing bracket read) and gives it as a node.
    private mutating func close() throws(JSONSyntaxError) -> Node {
        let container = open.removeLast()
        guard container.isObject else {
            return .sequence(Node.Sequence(sequences.removeLast(), seqTag, .any, container.mark))
        }
        let pairs = objects.removeLast()
        if let duplicate = duplicateKeyError(from: container.keyBase) { throw duplicate }
        keys.removeSubrange(container.keyBase...)
        return .mapping(Node.Mapping(pairs, mapTag, .any, container.mark))
    }

    /// Yams' report when two keys of the innermost object are equal (as Swift compares strings,
    /// as Yams does): the duplicated keys, sorted, at the first one's first occurrence. Keys are
    /// compared pair by pair in a record-sized object, through a set in a larger one.
    private func duplicateKeyError(from base: Int) -> JSONSyntaxError? {
        let count = keys.count - base
        guard count > 1 else { return nil }
        var found = false
        if count <= 16 {
            search: for a in base..<keys.count {
                for b in (a + 1)..<keys.count where keys[a].text == keys[b].text {
                    found = true
                    break search
                }
            }
        } else {
            var seen = Set<String>(minimumCapacity: count)
            for k in base..<keys.count where !seen.insert(keys[k].text).inserted {
                found = true
                break
            }
        }
        guard found else { return nil }
        var first: [String: Mark] = [:]
        var duplicated: Set<String> = []
        for (text, mark) in keys[base...] {
            if first[text] == nil { first[text] = mark } else { duplicated.insert(text) }
        }
        let sorted = duplicated.sorted()
        let place = sorted.first.flatMap { first[$0] } ?? YamsMark.make(line: 1, column: 1)
        return JSONSyntaxError(message: "duplicate key \(sorted.map { "\"\($0)\"" }.joined(separator: ", "))",
                               line: place.line, column: place.column)
    }

    // MARK: Scalars

    /// A string, its opening quote at `i`; `i` ends after its closing quote.
    private mutating func readString() throws(JSONSyntaxError) -> String {
        let quote = i
        i += 1
        let start = i
        // The common case: no escape, so the string is the bytes as they are.
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                i += 1
                return string
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { break }
            i += 1
        }
        var out: [UInt8] = Array(bytes[start..<i])
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try readEscape(into: &out)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw error(at: quote, "unterminated string: the line ends before its closing '\"'")
            case 0..<0x20:
                let escape = b == 0x09 ? "\\t" : b == 0x08 ? "\\b" : b == 0x0C ? "\\f" : "\\u00" + hex2(b)
                throw error(at: i, "control character U+00\(hex2(b)) in a string: write it as \(escape)")
            default:
                out.append(b)
                i += 1
            }
        }
        throw error(at: quote, "unterminated string: the file ends before its closing '\"'")
    }

    /// One escape, its backslash at `i`, appended to `out` as UTF-8.
    private mutating func readEscape(into out: inout [UInt8]) throws(JSONSyntaxError) {
        let backslash = i
        guard i + 1 < bytes.count else { throw error(at: backslash, "unterminated string: the file ends in an escape") }
        let simple: UInt8?
        switch bytes[i + 1] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            throw error(at: backslash, "invalid escape \\\(describeCharacter(i + 1)): the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX")
        }
        if let simple {
            out.append(simple)
            i += 2
            return
        }
        guard let unit = hex4(at: i + 2) else {
            throw error(at: backslash, "invalid escape \(written(backslash, 6)): \\u takes four hexadecimal digits")
        }
        var scalar = unit
        var length = 6
        if (0xD800...0xDBFF).contains(unit) {
            guard i + 7 < bytes.count, bytes[i + 6] == UInt8(ascii: "\\"), bytes[i + 7] == UInt8(ascii: "u"),
                  let low = hex4(at: i + 8), (0xDC00...0xDFFF).contains(low) else {
                throw error(at: backslash, "invalid escape \(written(backslash, 6)): a high surrogate must be followed by a low surrogate escape (\\uDC00 to \\uDFFF)")
            }
            scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            length = 12
        } else if (0xDC00...0xDFFF).contains(unit) {
            throw error(at: backslash, "invalid escape \(written(backslash, 6)): a low surrogate without a high surrogate before it")
        }
        // A valid scalar by construction: not a surrogate, at most 0x10FFFF.
        out.append(contentsOf: UTF8.encode(UnicodeScalar(scalar)!)!)
        i += length
    }

    private func hex4(at offset: Int) -> UInt32? {
        guard offset + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for k in offset..<(offset + 4) {
            let b = bytes[k]
            let digit: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = b - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value * 16 + UInt32(digit)
        }
        return value
    }

    /// A number as RFC 8259 writes it, kept as written in a plain scalar.
    private mutating func readNumber() throws(JSONSyntaxError) -> Node {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, isDigit(bytes[i]) else { throw error(at: i, "expected a digit after '-', found \(describe(i))") }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, isDigit(bytes[i]) {
                throw error(at: start, "a number cannot start with 0 unless it is 0 (write \(written(start, i + 1 - start)) without its leading zeros)")
            }
        } else {
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { throw error(at: i, "expected a digit after '.', found \(describe(i))") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else {
                throw error(at: i, "expected a digit in the exponent, found \(describe(i))")
            }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        return .scalar(Node.Scalar(text, Tag(.implicit, .default, constructor), .plain, mark(at: start)))
    }

    /// `true`, `false` or `null`; anything else that starts a value is an error.
    private mutating func readLiteral() throws(JSONSyntaxError) -> Node {
        let start = i
        var end = i
        while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
        let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if word.elementsEqual("true".utf8) || word.elementsEqual("false".utf8) || word.elementsEqual("null".utf8) {
            i = end
            return .scalar(Node.Scalar(String(decoding: word, as: UTF8.self), Tag(.implicit, .default, constructor), .plain, mark(at: start)))
        }
        guard end == start else {
            let text = String(decoding: word, as: UTF8.self)
            throw error(at: start, "unexpected word \(text.prefix(40)): text is written in double quotes (\"\(text.prefix(40))\"); the bare words are true, false and null")
        }
        switch bytes[start] {
        case UInt8(ascii: "'"):
            throw error(at: start, "unexpected \"'\": JSON strings are written in double quotes")
        case UInt8(ascii: "/"), UInt8(ascii: "#"):
            throw error(at: start, "unexpected \(describe(start)): JSON has no comments")
        default:
            throw error(at: start, "expected a value, found \(describe(start))")
        }
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// What a bare word is made of, for the message about it: letters, digits, `_`, `-` and any
    /// non-ASCII character.
    private func isWordByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), 0x80...:
            return true
        default:
            return false
        }
    }

    // MARK: Places

    /// Skips spaces, tabs and line ends, counting lines.
    private mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                i += 1
            case UInt8(ascii: "\n"):
                i += 1
                line += 1
                lineStart = i
                columnOffset = i
                column = 1
            default:
                return
            }
        }
    }

    /// The mark of offset `p` on the current line, counted on from the last one computed.
    private mutating func mark(at p: Int) -> Mark {
        if p < columnOffset {
            columnOffset = lineStart
            column = 1
        }
        var c = column
        var k = columnOffset
        while k < p {
            if bytes[k] & 0xC0 != 0x80 { c += 1 }
            k += 1
        }
        columnOffset = p
        column = c
        return YamsMark.make(line: line, column: c)
    }

    /// An error at offset `p`, its line and column counted from the start (errors are rare).
    private func error(at p: Int, _ message: String) -> JSONSyntaxError {
        var line = 1, column = 1
        var k = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        while k < min(p, bytes.count) {
            if bytes[k] == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if bytes[k] & 0xC0 != 0x80 {
                column += 1
            }
            k += 1
        }
        return JSONSyntaxError(message: message, line: line, column: column)
    }

    /// The character at `p` for a message: `'x'`, `U+0007`, or "the end of the file".
    private func describe(_ p: Int) -> String {
        guard p < bytes.count else { return "the end of the file" }
        return "'\(describeCharacter(p))'"
    }

    private func describeCharacter(_ p: Int) -> String {
        guard p < bytes.count else { return "" }
        let b = bytes[p]
        if b < 0x20 || b == 0x7F { return "U+00" + hex2(b) }
        var end = p + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[p..<end]), as: UTF8.self)
    }

    /// Up to `count` bytes from `p` as written (cut at the end of the text or of the line).
    private func written(_ p: Int, _ count: Int) -> String {
        var end = p
        while end < min(p + count, bytes.count), bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") {
            end += 1
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[p..<end]), as: UTF8.self)
    }

    private func hex2(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(b >> 4)], digits[Int(b & 0xF)]])
    }
}
