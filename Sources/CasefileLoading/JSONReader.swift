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
        var parser = JSONParser(Array(text.utf8))
        return try parser.parseDocument()
    }
}

/// The parser behind `JSONReader`, over the bytes of one text.
struct JSONParser {
    let bytes: [UInt8]
    /// The next byte to read.
    var i = 0
    /// The current line (1-based) and the offset where it starts.
    var line = 1
    var lineStart = 0
    /// The last column computed on the current line, and its offset: columns are counted forward
    /// from there, so that a long line (minified JSON) is counted once, not once per mark.
    var columnOffset = 0
    var column = 1
    /// One constructor for every tag, as Yams' own parser has (`Constructor.default` builds a new
    /// one, tables and all, each time it is asked).
    let constructor = Constructor.default
    /// The tags every node of one kind shares: they are resolved already, so Yams never changes them.
    let strTag: Tag
    let mapTag: Tag
    let seqTag: Tag

    /// An array or object being read: where it starts and, for an object, where its keys start
    /// in `keys`.
    struct Open {
        var isObject: Bool
        var mark: Mark
        var keyBase: Int
    }

    /// The arrays and objects being read, innermost last, with their items so far: each is
    /// appended to in place and moved out whole when it closes, so that no node is copied twice.
    var open: [Open] = []
    var sequences: [[Node]] = []
    var objects: [[(Node, Node)]] = []
    /// The key of each open object whose value is being read.
    var pendingKeys: [Node] = []
    /// The keys of the open objects as text, for finding a duplicate without taking nodes apart.
    var keys: [(text: String, mark: Mark)] = []

    init(_ bytes: [UInt8]) {
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

    /// When set, the value read is one of a larger text (a record read again alone): reading
    /// stops after it, at `i`, whatever follows.
    var fragment = false

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
                    if fragment { return value }
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
    mutating func readKey(after: String) throws(JSONSyntaxError) {
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
    mutating func close() throws(JSONSyntaxError) -> Node {
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
    func duplicateKeyError(from base: Int) -> JSONSyntaxError? {
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

    // MARK: Places

    /// Skips spaces, tabs and line ends, counting lines.
    mutating func skipWhitespace() {
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
    mutating func mark(at p: Int) -> Mark {
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
    func error(at p: Int, _ message: String) -> JSONSyntaxError {
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
    func describe(_ p: Int) -> String {
        guard p < bytes.count else { return "the end of the file" }
        return "'\(describeCharacter(p))'"
    }

    func describeCharacter(_ p: Int) -> String {
        guard p < bytes.count else { return "" }
        let b = bytes[p]
        if b < 0x20 || b == 0x7F { return "U+00" + hex2(b) }
        var end = p + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[p..<end], as: UTF8.self)
    }

    /// Up to `count` bytes from `p` as written (cut at the end of the text or of the line).
    func written(_ p: Int, _ count: Int) -> String {
        var end = p
        while end < min(p + count, bytes.count), bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") {
            end += 1
        }
        return String(decoding: bytes[p..<end], as: UTF8.self)
    }

    func hex2(_ b: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(b >> 4)], digits[Int(b & 0xF)]])
    }
}
