import Testing
import CasefileEditing
import CasefileModel

/// The file's own style kept around an edit: comments, CRLF, a byte-order mark, flow records,
/// quoting, a missing final newline, blank lines; values that need quotes read back.
@Suite struct StyleTests {
    static let styled = """
    # the header
    - id: a   # first
      name: 'Al''s'   # kept comment
      color: red

    # about b
    - {id: b, name: "Bee", color: blue}

    - id: c
      name: Cee
      color: green
    """

    @Test func trailingCommentKept() throws {
        let new = try Fixture.editor(Self.styled, .fruits).set([("color", .text("teal"))], item: 0)
        #expect(String(decoding: new, as: UTF8.self) == Fixture.replacing(Self.styled, "color: red", "color: teal"))
    }

    @Test func singleQuotedStaysSingle() throws {
        let new = try Fixture.editor(Self.styled, .fruits).set([("name", .text("Bo's"))], item: 0)
        #expect(String(decoding: new, as: UTF8.self) == Fixture.replacing(Self.styled, "'Al''s'", "'Bo''s'"))
    }

    @Test func flowMappingRecord() throws {
        let editor = Fixture.editor(Self.styled, .fruits)
        let changed = try editor.set([("name", .text("yes"))], item: 1)
        #expect(String(decoding: changed, as: UTF8.self) == Fixture.replacing(Self.styled, "\"Bee\"", "\"yes\""))
        let removed = try editor.set([("color", nil)], item: 1)
        #expect(String(decoding: removed, as: UTF8.self) == Fixture.replacing(Self.styled, ", color: blue}", "}"))
    }

    @Test func noFinalNewlineAndLastLine() throws {
        let new = try Fixture.editor(Self.styled, .fruits).set([("color", .text("lime"))], item: 2)
        #expect(String(decoding: new, as: UTF8.self) == Fixture.replacing(Self.styled, "color: green", "color: lime"))
        let removed = try Fixture.editor(Self.styled, .fruits).set([("color", nil)], item: 2)
        #expect(String(decoding: removed, as: UTF8.self) == Fixture.replacing(Self.styled, "  name: Cee\n  color: green", "  name: Cee"))
    }

    @Test func crlfAndByteOrderMark() throws {
        let text = "\u{FEFF}- id: a\r\n  name: Al\r\n  color: red\r\n- id: b\r\n  name: Bo\r\n  color: blue\r\n"
        let editor = Fixture.editor(text, .fruits)
        let new = try editor.set([("name", .text("no"))], item: 1)
        #expect(String(decoding: new, as: UTF8.self) == Fixture.replacing(text, "name: Bo", "name: \"no\""))
        let deleted = try editor.delete(item: 0)
        #expect(String(decoding: deleted, as: UTF8.self) == "\u{FEFF}- id: b\r\n  name: Bo\r\n  color: blue\r\n")
        let appended = try editor.append(fields: [EditField("id", .text("c")), EditField("name", .text("Cy")), EditField("color", .text("tan"))])
        #expect(String(decoding: appended, as: UTF8.self) == text + "- id: c\r\n  name: Cy\r\n  color: tan\r\n")
    }

    /// Texts that plain YAML would read as something else, or not at all.
    static let needQuotes = ["yes", "No", "on", "true", "null", "~", "1e3", "0x1F", ".inf", "12:30", "#x", "a: b", "a #b", " lead",
                             "trail ", "", "two\nlines", "- dash", "? q", ": c", ", c", "[b", "]b", "{b", "}b", "& a", "*a", "!t",
                             "|p", ">f", "'s", "\"d", "%p", "@a", "`b", "tab\there", "42", "-1", "2023-01-01", "=", "é✓🐈‍⬛"]

    @Test(arguments: needQuotes)
    func quotedWhereNeeded(_ value: String) throws {
        let text = "- id: a\n  name: plain\n  color: red\n"
        let new = try Fixture.editor(text, .fruits).set([("name", .text(value))], item: 0)
        let written = String(decoding: new, as: UTF8.self)
        #expect(written.hasPrefix("- id: a\n  name: "))
        #expect(written.hasSuffix("\n  color: red\n"))
        if value == "é✓🐈‍⬛" { #expect(written.contains("name: é✓🐈‍⬛\n")) } else { #expect(written.contains("name: \"")) }
    }

    @Test func longTextAndBackslashes() throws {
        let long = String(repeating: "Très long \"texte\" \\ avec 🐟. ", count: 400)
        let text = "[\n {\n  \"id\": \"elstar\",\n  \"name\": \"E\",\n  \"color\": \"gold\"\n }\n]\n"
        let new = try Fixture.editor(text, .fruits, json: true).set([("name", .text(long))], item: 0)
        let escaped = long.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        #expect(String(decoding: new, as: UTF8.self) == Fixture.replacing(text, "\"E\"", "\"" + escaped + "\""))
    }
}
