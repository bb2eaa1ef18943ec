import Foundation
import Testing
import Yams
@testable import CasefileModel
@testable import CasefileLoading
import CasefileTestSupport

/// The first difference between two node trees — kind, text, style, resolved tag, mark — or nil.
func difference(_ a: Node, _ b: Node, at path: String = "$") -> String? {
    guard a.mark?.line == b.mark?.line, a.mark?.column == b.mark?.column else {
        return "\(path): mark \(a.mark.map(\.description) ?? "nil") vs \(b.mark.map(\.description) ?? "nil")"
    }
    switch (a, b) {
    case let (.scalar(x), .scalar(y)):
        if x.string != y.string { return "\(path): \"\(x.string)\" vs \"\(y.string)\"" }
        if x.style != y.style { return "\(path): style \(x.style) vs \(y.style)" }
        if a.tag.rawValue != b.tag.rawValue { return "\(path): tag \(a.tag) vs \(b.tag)" }
        return nil
    case let (.sequence(x), .sequence(y)):
        if x.style != y.style { return "\(path): style \(x.style) vs \(y.style)" }
        if a.tag.rawValue != b.tag.rawValue { return "\(path): tag \(a.tag) vs \(b.tag)" }
        if x.count != y.count { return "\(path): \(x.count) vs \(y.count) items" }
        for (k, (p, q)) in zip(x, y).enumerated() {
            if let d = difference(p, q, at: "\(path)[\(k)]") { return d }
        }
        return nil
    case let (.mapping(x), .mapping(y)):
        if x.style != y.style { return "\(path): style \(x.style) vs \(y.style)" }
        if a.tag.rawValue != b.tag.rawValue { return "\(path): tag \(a.tag) vs \(b.tag)" }
        if x.count != y.count { return "\(path): \(x.count) vs \(y.count) pairs" }
        for ((k1, v1), (k2, v2)) in zip(x, y) {
            if let d = difference(k1, k2, at: "\(path).key") ?? difference(v1, v2, at: "\(path).\(k1.scalar?.string ?? "?")") {
                return d
            }
        }
        return nil
    default:
        return "\(path): \(a) vs \(b)"
    }
}

func read(_ json: String) throws -> Node {
    try JSONReader.read(json)
}

/// A text that is not JSON, and the error it gives.
struct JSONErrorCase: Sendable, CustomTestStringConvertible {
    var json: String
    var error: JSONSyntaxError
    var testDescription: String { json.debugDescription }

    init(_ json: String, _ message: String, _ line: Int, _ column: Int) {
        self.json = json
        error = JSONSyntaxError(message: message, line: line, column: column)
    }
}

/// The error reading `json` gives, or nil when it reads.
func failure(_ json: String) -> JSONSyntaxError? {
    do {
        _ = try JSONReader.read(json)
        return nil
    } catch {
        return error
    }
}

@Suite("JSON reader")
struct JSONReaderTests {
    /// Valid JSON that libyaml reads too: the trees are the same, marks included.
    static let sameAsYams: [String] = [
        #"[]"#, #"{}"#, #"[[], {}, [[]], {"a": {}}]"#,
        #"{"id": "fox", "n": 1, "f": -0.5, "e": 1e5, "E": 2.5E-3, "p": 1e+2, "z": 0, "m": -0, "t": true, "no": false, "null": null}"#,
        "[\n  {\"id\": \"fox\", \"name\": \"Fox\",\n   \"favoriteFruits\": [\"elstar\", \"pink-pearl\"]},\n  {\"id\": \"owl\"}\n]\n",
        #"{"emoji": "🦊🦉", "name": "Ölwen", "after": [1, "é", {"k": "ü"}]}"#,
        #"{"esc": "a\"b\\c\/d\b\f\n\r\t", "u": "\u00e9\u4e2d\u0041", "empty": ""}"#,
        #"  {"spaces"  :  [ 1 ,2,  3 ] , "x":"y"}  "#,
        "{\"key with \\\" quote\": [true, false, null, \"true\", \"null\", \"1\"]}",
        #"[12345678901234567890, 1.7976931348623157e309, "12", -12]"#,
        "[\r\n 1,\r\n \"x\"\r\n]",
    ]

    @Test(arguments: sameAsYams)
    func readsAsYamsComposesIt(json: String) throws {
        let ours = try read(json)
        let yams = try #require(try Yams.compose(yaml: json))
        #expect(difference(ours, yams) == nil, "\(difference(ours, yams) ?? "")")
        #expect(ours == yams)
    }

    @Test func everyValueKind() throws {
        let node = try read(#"{"s": "text", "i": 42, "neg": -7, "f": 0.25, "e": 6.02e23, "t": true, "f2": false, "n": null, "a": [1, "1"], "o": {"k": "v"}}"#)
        let m = try #require(node.mapping)
        #expect(m["s"]?.string == "text")
        #expect(m["s"]?.scalar?.style == .doubleQuoted)
        #expect(m["s"]?.tag.rawValue == Tag.Name.str.rawValue)
        #expect(m["i"]?.int == 42)
        #expect(m["neg"]?.int == -7)
        #expect(m["f"]?.float == 0.25)
        #expect(m["e"]?.float == 6.02e23)
        #expect(m["t"]?.bool == true)
        #expect(m["f2"]?.bool == false)
        #expect(m["n"]?.isNull == true)
        #expect(m["i"]?.scalar?.style == .plain)
        #expect(m["a"]?.sequence?.map(\.tag.rawValue) == [Tag.Name.int.rawValue, Tag.Name.str.rawValue])
        #expect(m["o"]?.mapping?["k"]?.string == "v")
        // Quoted, a number or a boolean is text.
        let quoted = try read(#"["1", "true", "null"]"#)
        #expect(quoted.sequence?.allSatisfy { $0.tag.rawValue == Tag.Name.str.rawValue && !$0.isNull } == true)
    }

    @Test func escapesAndSurrogatePairs() throws {
        let node = try read(#"["\"\\\/\b\f\n\r\t", "\u00e9\u00E9", "\ud83e\udd8a\uD83E\uDD89", "a\u0000b", "\u2028"]"#)
        let strings = try #require(node.sequence).map { $0.string }
        #expect(strings == ["\"\\/\u{8}\u{C}\n\r\t", "éé", "🦊🦉", "a\u{0}b", "\u{2028}"])
        // An escaped backslash before `ud83e` is a backslash and text, not an escape.
        #expect(try read(#"["\\ud83e"]"#).sequence?.first?.string == "\\ud83e")
    }

    @Test func placesAfterMultiByteCharactersAndEscapedEmojiAreInCharacters() throws {
        let json = #"{"a": "é🦊", "b": 1, "c": "\ud83e\udd8a", "d": [true]}"#
        let m = try #require(try read(json).mapping)
        for key in ["b", "c", "d"] {
            let p = try #require(place(of: "\"\(key)\": ", in: json, offset: 5))
            #expect(m[key]?.mark?.line == p.line)
            #expect(m[key]?.mark?.column == p.column, "\(key)")
        }
        // The key's own mark is its opening quote.
        let bKey = try #require(m.keys.first { $0.string == "b" })
        let bPlace = try #require(place(of: "\"b\"", in: json))
        #expect(bKey.mark?.column == bPlace.column)
    }

    @Test func aByteOrderMarkAndCRLFChangeNothing() throws {
        let lf = "[\n  {\"id\": \"fox\",\n   \"n\": 1}\n]\n"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let plain = try read(lf)
        #expect(difference(try read(crlf), plain) == nil)
        #expect(difference(try read("\u{FEFF}" + lf), plain) == nil)
        #expect(difference(try read("\u{FEFF}" + crlf), plain) == nil)
        #expect(plain.sequence?.first?.mapping?["n"]?.mark.map(\.description) == "3:9")
        // An error's place too: after the mark, the first column is 1.
        #expect(failure("\u{FEFF}[x]") == JSONSyntaxError(message: failure("[x]")?.message ?? "", line: 1, column: 2))
        #expect(failure("[1,\r\n 2 3]")?.line == 2)
        #expect(failure("[1,\r\n 2 3]")?.column == 4)
        // Tabs are whitespace too (libyaml refused them before a token).
        let tabbed = try read("\t[\t1\t]\t"), untabbed = try read("[1]")
        #expect(tabbed == untabbed)
        #expect(tabbed.sequence?.first?.mark.map(\.description) == "1:4")
    }

    /// Each error, with the line and column of the character it is about.
    static let errors: [JSONErrorCase] = [
        JSONErrorCase("", "the file holds no JSON value", 1, 1),
        JSONErrorCase("  \n ", "the file holds no JSON value", 2, 2),
        JSONErrorCase("[1 2]", "expected ',' or ']' after an array element, found '2'", 1, 4),
        JSONErrorCase("{\"a\": 1 \"b\": 2}", "expected ',' or '}' after an object member, found '\"'", 1, 9),
        JSONErrorCase("[\n  {\"id\": \"fox\"}\n  {\"id\": \"owl\"}\n]", "expected ',' or ']' after an array element, found '{'", 3, 3),
        JSONErrorCase("{\"a\" 1}", "expected ':' after an object key, found '1'", 1, 6),
        JSONErrorCase("{a: 1}", "expected a key in double quotes after '{', found 'a'", 1, 2),
        JSONErrorCase("{\"a\": 1, b: 2}", "expected a key in double quotes after ',', found 'b'", 1, 10),
        JSONErrorCase("[1, 2,]", "trailing comma: nothing follows it before ']'", 1, 6),
        JSONErrorCase("{\"a\": 1,\n}", "trailing comma: nothing follows it before '}'", 1, 8),
        JSONErrorCase("[\"abc]", "unterminated string: the file ends before its closing '\"'", 1, 2),
        JSONErrorCase("[\"é\",\n \"abc\n]", "unterminated string: the line ends before its closing '\"'", 2, 2),
        JSONErrorCase(#"["a\qb"]"#, #"invalid escape \q: the escapes are \" \\ \/ \b \f \n \r \t and \uXXXX"#, 1, 4),
        JSONErrorCase(#"["\u12G4"]"#, #"invalid escape \u12G4: \u takes four hexadecimal digits"#, 1, 3),
        JSONErrorCase(#"["\ud83e"]"#, #"invalid escape \ud83e: a high surrogate must be followed by a low surrogate escape (\uDC00 to \uDFFF)"#, 1, 3),
        JSONErrorCase(#"["\ud83e\u0041"]"#, #"invalid escape \ud83e: a high surrogate must be followed by a low surrogate escape (\uDC00 to \uDFFF)"#, 1, 3),
        JSONErrorCase(#"["🦊\udd8a"]"#, #"invalid escape \udd8a: a low surrogate without a high surrogate before it"#, 1, 4),
        JSONErrorCase("[\"a\tb\"]", #"control character U+0009 in a string: write it as \t"#, 1, 4),
        JSONErrorCase("{\"bites\": two}", #"unexpected word two: text is written in double quotes ("two"); the bare words are true, false and null"#, 1, 11),
        JSONErrorCase("[True]", #"unexpected word True: text is written in double quotes ("True"); the bare words are true, false and null"#, 1, 2),
        JSONErrorCase("['a']", "unexpected \"'\": JSON strings are written in double quotes", 1, 2),
        JSONErrorCase("[1] // note", "unexpected '/' after the JSON value", 1, 5),
        JSONErrorCase("[1]]", "unexpected ']' after the JSON value", 1, 4),
        JSONErrorCase("[01]", "a number cannot start with 0 unless it is 0 (write 01 without its leading zeros)", 1, 2),
        JSONErrorCase("[-]", "expected a digit after '-', found ']'", 1, 3),
        JSONErrorCase("[1.]", "expected a digit after '.', found ']'", 1, 4),
        JSONErrorCase("[1e]", "expected a digit in the exponent, found ']'", 1, 4),
        JSONErrorCase("[.5]", "expected a value, found '.'", 1, 2),
        JSONErrorCase("{\"a\": }", "expected a value, found '}'", 1, 7),
        JSONErrorCase("[", "expected a value, found the end of the file", 1, 2),
        JSONErrorCase("[1", "expected ',' or ']' after an array element, found the end of the file", 1, 3),
        JSONErrorCase("{\"a\": 1,\n", "expected a key in double quotes after ',', found the end of the file", 2, 1),
        JSONErrorCase("{\"a\": 1, \"b\": 2, \"a\": 3, \"b\": 4}", "duplicate key \"a\", \"b\"", 1, 2),
        JSONErrorCase("[{\"x\": 1}, {\"k\": 1,\n \"k\": 2}]", "duplicate key \"k\"", 1, 13),
    ]

    @Test(arguments: errors)
    func syntaxErrorsSayWhatAndWhere(_ given: JSONErrorCase) {
        #expect(failure(given.json) == given.error)
    }

    @Test func duplicateKeysInALargeObject() {
        let members = (0..<100).map { "\"k\($0)\": \($0)" } + ["\"k7\": 0"]
        #expect(failure("{" + members.joined(separator: ", ") + "}")?.message == "duplicate key \"k7\"")
    }

    @Test func nestingIsBounded() throws {
        let limit = JSONReader.maximumDepth
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        var node = try read(deepest)
        for _ in 1..<limit { node = try #require(node.sequence?.first) }
        #expect(node.sequence?.isEmpty == true)
        let tooDeep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        #expect(failure(tooDeep) == JSONSyntaxError(
            message: "too deeply nested: more than \(limit) arrays and objects inside one another",
            line: 1, column: limit + 1))
        // Far deeper input is the same error, not a crash.
        #expect(failure(String(repeating: "{\"a\": [", count: 100_000))?.column == 7 * 256 + 1)
    }

    @Test func aLongMinifiedLineIsReadInOnePass() throws {
        let records = (0..<20_000).map { #"{"id": "a\#($0)", "emoji": "🦊", "n": \#($0)}"# }
        let json = "[" + records.joined(separator: ",") + "]"
        let list = try #require(try read(json).sequence)
        #expect(list.count == 20_000)
        let last = try #require(list.last?.mapping?["n"])
        #expect(last.mark?.line == 1)
        #expect(last.mark?.column == (json.unicodeScalars.count - 1) - "19999}".count + 1)
    }

    @Test func marksMadeForYamsReadBack() {
        #expect(YamsMark.isSound)
        #expect(YamsMark.make(line: 3, column: 14).description == "3:14")
    }
}

