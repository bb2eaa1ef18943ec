import Foundation
import Testing
import CasefileEditing
import CasefileLoading
import CasefileModel
import CasefileTestSupport

/// An edit's read-back reads only the edited record again when the rest of the file is
/// unchanged around it. Its reading must be the one the whole file gives: the same records,
/// origins, problems (their lines moved) and text, and an editor made from it must place every
/// record where an editor of the new bytes does. Edits are chained on each result's editor, so
/// that records moved by earlier edits are edited in turn.
@Suite struct ReadAloneTests {
    /// A change to a record, valid or not (a value out of its range, a choice not offered), with
    /// lines added and removed in block YAML.
    static func change(_ collection: CaseCollection, _ rng: inout SeededGenerator) -> [FieldChange] {
        let text = PropertyTests.texts.randomElement(using: &rng) ?? "x"
        switch collection {
        case .animals:
            return [[FieldChange("name", .text(text))],
                    [FieldChange("alibi", Bool.random(using: &rng) ? .text(text) : nil)],
                    [FieldChange("suspicionLevel", .number(["0.5", "7", "-1"].randomElement(using: &rng) ?? "0.5"))],
                    [FieldChange("pawSize", .text(["small", "enormous"].randomElement(using: &rng) ?? "small"))],
                    [FieldChange("favoriteFruits", .list(["elstar", "no-such-fruit"].shuffled(using: &rng)))],
                    [FieldChange("emoji", nil), FieldChange("species", .text(text))]].randomElement(using: &rng) ?? []
        case .bulletins:
            return [[FieldChange("location", .text(text))],
                    [FieldChange("bites", Bool.random(using: &rng) ? .number(["3", "-2"].randomElement(using: &rng) ?? "3") : nil)],
                    [FieldChange("nibbledAt", .text(["2024-02-30T10:00:00Z", "2024-02-03T10:00:00Z"].randomElement(using: &rng) ?? ""))]]
                .randomElement(using: &rng) ?? []
        case .fruits:
            return [[FieldChange("name", .text(text))], [FieldChange("color", .text(["red", "not a colour"].randomElement(using: &rng) ?? ""))]]
                .randomElement(using: &rng) ?? []
        }
    }

    /// Runs `steps` random edits chained on each result's editor; returns how many were read alone.
    @discardableResult
    static func run(_ start: [UInt8], _ collection: CaseCollection, format: SourceFormat, path: String, steps: Int,
                    seed: UInt64) throws -> (alone: Int, steps: Int) {
        var rng = SeededGenerator(seed: seed)
        var editor = SourceEditor(bytes: start, format: format, collection: collection, path: path)
        var count = try #require(editor.decoded?.origins.count)
        var alone = 0
        for step in 0..<steps {
            let roll = Int.random(in: 0..<8, using: &rng)
            let result: SourceEditor.Result
            if roll == 0 {
                result = try editor.apply(.append(fields: PropertyTests.newRecord(collection, step).1))
                count += 1
            } else if roll == 1, count > 2 {
                result = try editor.apply(.delete(item: Int.random(in: 0..<count, using: &rng)))
                count -= 1
            } else {
                result = try editor.apply(.set(fields: change(collection, &rng), item: Int.random(in: 0..<count, using: &rng)))
            }
            if result.readAlone { alone += 1 }
            let found = result.differenceFromWholeReading()
            #expect(found == nil, "step \(step) of \(path) (read alone: \(result.readAlone)): \(found ?? "")")
            if found != nil { break }
            editor = result.editor
        }
        return (alone, steps)
    }

    @Test(arguments: [("animals.yaml", CaseCollection.animals), ("bulletins.yaml", .bulletins), ("fruits.yaml", .fruits)])
    func sampleFiles(_ name: String, _ collection: CaseCollection) throws {
        let bytes = Array(try Data(contentsOf: Repository.sample.appendingPathComponent(name)))
        let (alone, steps) = try Self.run(bytes, collection, format: .yaml, path: name, steps: 60, seed: 0x5A3E + UInt64(name.count))
        #expect(alone * 10 >= steps * 9, "\(alone) of \(steps) edits of \(name) read alone")
    }

    @Test(arguments: [SourceFormat.json, .yaml])
    func generatedCase(_ format: SourceFormat) throws {
        let folder = try PropertyTests.generatedCase(["--animals", "50", "--bulletins", "50", "--fruits", "20", "--notes", "0",
                                                      "--format", format == .json ? "json" : "yaml"])
        defer { try? FileManager.default.removeItem(at: folder) }
        for collection in [CaseCollection.animals, .bulletins, .fruits] {
            let name = "\(collection.rawValue).\(format == .json ? "json" : "yaml")"
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            let (alone, steps) = try Self.run(bytes, collection, format: format, path: name, steps: 50, seed: 11)
            #expect(alone * 10 >= steps * 9, "\(alone) of \(steps) edits of \(name) read alone")
        }
    }

    /// Where a record read alone might read otherwise — a flow list, a neighbour on the edit's
    /// line, a directive before the records — the whole file is read, and the reading is still
    /// the whole file's.
    @Test(arguments: [
        ("[{id: a, name: A}, {id: b, name: B}]\n", 0),
        ("[{\"id\": \"a\", \"name\": \"A\"}, {\"id\": \"b\", \"name\": \"B\"}]\n", 0),
        ("%YAML 1.1\n---\n- id: a\n  name: A\n- id: b\n  name: B\n", 1),
    ])
    func wholeFileWhereAloneCouldMislead(_ text: String, _ item: Int) throws {
        let json = text.hasPrefix("[{\"")
        let format: SourceFormat = json ? .json : .yaml
        let path = json ? "fruits.json" : "fruits.yaml"
        let editor = SourceEditor(bytes: Array(text.utf8), format: format, collection: .fruits, path: path)
        let result = try editor.apply(.set(fields: [FieldChange("name", .text("Changed\nacross lines"))], item: item))
        #expect(!result.readAlone, "\(text)")
        let found = result.differenceFromWholeReading()
        #expect(found == nil, "\(found ?? "")")
    }

    /// A deleted record whose anchor a later record's alias names: the file read alone around
    /// the deletion would keep the later record as it was; read whole, it no longer parses, and
    /// the deletion is refused.
    @Test func aDeletedAnchorIsReadWhole() throws {
        let text = "- id: a\n  name: A\n  color: &c red\n- id: b\n  name: B\n  color: *c\n- id: c\n  name: C\n"
        let editor = SourceEditor(bytes: Array(text.utf8), format: .yaml, collection: .fruits, path: "fruits.yaml")
        #expect(throws: EditRefusal.self) { try editor.apply(.delete(item: 0)) }
        let later = try editor.apply(.delete(item: 2))
        #expect(later.readAlone)
        #expect(String(decoding: later.bytes, as: UTF8.self) == "- id: a\n  name: A\n  color: &c red\n- id: b\n  name: B\n  color: *c\n")
    }
}
