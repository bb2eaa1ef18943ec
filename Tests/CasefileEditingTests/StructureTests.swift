import Testing
import CasefileEditing
import CasefileModel

/// Keys added and removed, records appended and deleted; refusals.
@Suite struct StructureTests {
    static let animals = """
    # header
    - id: a
      name: Al
      species: Fox
      favoriteFruits:
        - elstar
        - lapins
      suspicionLevel: 0.5
    # about b
    # more about b
    - id: b
      name: Bo
      species: Owl
    """

    @Test func addKeyInSchemaOrder() throws {
        let new = try Fixture.editor(Self.animals, .animals).set([("pawSize", .text("large")), ("emoji", .text("🦊"))], item: 0)
        #expect(String(decoding: new, as: UTF8.self)
                == Fixture.replacing(Self.animals, "species: Fox\n", "species: Fox\n  emoji: 🦊\n  pawSize: large\n"))
    }

    @Test func addKeyAtEndWithoutFinalNewline() throws {
        let new = try Fixture.editor(Self.animals, .animals).set([("alibi", .text("Home"))], item: 1)
        #expect(String(decoding: new, as: UTF8.self) == Self.animals + "\n  alibi: Home")
    }

    @Test func addNestedMapping() throws {
        let new = try Fixture.editor(Self.animals, .animals).set(
            [("sleepSchedule", .mapping([EditField("sleep", .text("22:00")), EditField("wake", .text("06:00"))]))], item: 0)
        #expect(String(decoding: new, as: UTF8.self) == Fixture.replacing(Self.animals, "suspicionLevel: 0.5\n",
                                                                            "suspicionLevel: 0.5\n  sleepSchedule:\n    sleep: \"22:00\"\n    wake: \"06:00\"\n"))
    }

    @Test func removeKeys() throws {
        let editor = Fixture.editor(Self.animals, .animals)
        let list = try editor.set([("favoriteFruits", nil)], item: 0)
        #expect(String(decoding: list, as: UTF8.self) == Fixture.replacing(Self.animals, "  favoriteFruits:\n    - elstar\n    - lapins\n", ""))
        let blockList = try editor.set([("favoriteFruits", .list(["mariposa"]))], item: 0)
        #expect(String(decoding: blockList, as: UTF8.self) == Fixture.replacing(Self.animals, "- elstar\n    - lapins", "- mariposa"))
    }

    @Test func deleteRecords() throws {
        let editor = Fixture.editor(Self.animals, .animals)
        let first = try editor.delete(item: 0)
        #expect(String(decoding: first, as: UTF8.self)
                == Fixture.replacing(Self.animals, "- id: a\n  name: Al\n  species: Fox\n  favoriteFruits:\n    - elstar\n    - lapins\n  suspicionLevel: 0.5\n", ""))
        let last = try editor.delete(item: 1)
        #expect(String(decoding: last, as: UTF8.self) == "# header\n- id: a\n  name: Al\n  species: Fox\n  favoriteFruits:\n    - elstar\n    - lapins\n  suspicionLevel: 0.5")
        let only = try Fixture.editor("- id: a\n  name: A\n  species: S\n", .animals).delete(item: 0)
        #expect(only.isEmpty)
    }

    static let json = "[\n {\n  \"id\": \"a\",\n  \"name\": \"A\",\n  \"color\": \"red\"\n },\n {\n  \"id\": \"b\",\n  \"name\": \"B\",\n  \"color\": \"blue\"\n },\n {\n  \"id\": \"c\",\n  \"name\": \"C\",\n  \"color\": \"tan\"\n }\n]\n"

    @Test func jsonKeysAndCommas() throws {
        let editor = Fixture.editor(Self.json, .fruits, json: true)
        let removed = try editor.set([("name", nil)], item: 0)
        #expect(String(decoding: removed, as: UTF8.self) == Fixture.replacing(Self.json, "\"a\",\n  \"name\": \"A\"", "\"a\""))
        let removedFirst = try editor.set([("id", nil)], item: 2)
        #expect(String(decoding: removedFirst, as: UTF8.self) == Fixture.replacing(Self.json, "\"id\": \"c\",\n  ", ""))
        let middle = try editor.delete(item: 1)
        #expect(String(decoding: middle, as: UTF8.self) == Fixture.replacing(Self.json, ",\n {\n  \"id\": \"b\",\n  \"name\": \"B\",\n  \"color\": \"blue\"\n }", ""))
        let first = try editor.delete(item: 0)
        #expect(String(decoding: first, as: UTF8.self) == Fixture.replacing(Self.json, "{\n  \"id\": \"a\",\n  \"name\": \"A\",\n  \"color\": \"red\"\n },\n ", ""))
        let added = try Fixture.editor(Self.json, .animals, json: true).set([("species", .text("Owl"))], item: 1)
        #expect(String(decoding: added, as: UTF8.self) == Fixture.replacing(Self.json, "\"name\": \"B\",", "\"name\": \"B\",\n  \"species\": \"Owl\","))
    }

    @Test func appendEverywhere() throws {
        let fields = [EditField("id", .text("d")), EditField("name", .text("D")), EditField("color", .text("#fff"))]
        let json = try Fixture.editor(Self.json, .fruits, json: true).append(fields: fields)
        #expect(String(decoding: json, as: UTF8.self)
                == Fixture.replacing(Self.json, "\"tan\"\n }\n]", "\"tan\"\n },\n {\n  \"id\": \"d\",\n  \"name\": \"D\",\n  \"color\": \"#fff\"\n }\n]"))
        let flow = try Fixture.editor("- {id: a, name: A, color: red}\n", .fruits).append(fields: fields)
        #expect(String(decoding: flow, as: UTF8.self) == "- {id: a, name: A, color: red}\n- {id: d, name: D, color: \"#fff\"}\n")
        let empty = try Fixture.editor("", .fruits).append(fields: fields)
        #expect(String(decoding: empty, as: UTF8.self) == "- id: d\n  name: D\n  color: \"#fff\"\n")
        let emptyList = try Fixture.editor("[]\n", .fruits, json: true).append(fields: fields)
        #expect(String(decoding: emptyList, as: UTF8.self) == "[\n  {\n    \"id\": \"d\",\n    \"name\": \"D\",\n    \"color\": \"#fff\"\n  }\n]\n")
        let yamlList = try Fixture.editor("# none yet\n[]\n", .fruits).append(fields: fields)
        #expect(String(decoding: yamlList, as: UTF8.self) == "# none yet\n- id: d\n  name: D\n  color: \"#fff\"\n")
        let block = try Fixture.editor(StyleTests.styled, .fruits).append(fields: fields)
        #expect(String(decoding: block, as: UTF8.self) == StyleTests.styled + "\n- id: d\n  name: D\n  color: \"#fff\"")
    }

    @Test func refusals() throws {
        let anchored = "- &base\n  id: a\n  name: A\n  color: red\n- id: b\n  name: *n\n  color: blue\n"
        #expect(throws: EditRefusal.self) { try Fixture.editor(anchored, .fruits).set([("name", .text("X"))], item: 0) }
        let alias = "- id: a\n  name: &n A\n  color: red\n- id: b\n  name: *n\n  color: blue\n"
        do {
            _ = try Fixture.editor(alias, .fruits).set([("name", .text("X"))], item: 1)
            Issue.record("an alias was edited")
        } catch {
            #expect(error.message.contains("anchors or aliases"))
            #expect(error.field == "name")
        }
        do {
            _ = try Fixture.editor(Self.json, .fruits, json: true).set([("name", .text("X"))], item: 3)
            Issue.record("a record past the end was edited")
        } catch {
            #expect(error.message.contains("no record 4"))
        }
        #expect(throws: EditRefusal.self) { try Fixture.editor("- id: a\n  name: [\n", .fruits).delete(item: 0) }
        #expect(Fixture.editor(Self.json, .fruits, json: true).span(item: 9) == nil)
    }

    @Test func spanIsTheRecord() throws {
        let editor = Fixture.editor(Self.animals, .animals)
        let span = try #require(editor.span(item: 1))
        #expect(String(decoding: editor.bytes[span], as: UTF8.self) == "- id: b\n  name: Bo\n  species: Owl")
    }
}
