import Foundation
import Testing
@testable import CasefileEditing
import CasefileLoading
import CasefileModel

/// The file read once, when the editor is made, and an edit's result: its bytes with the
/// loader's reading of them, the same reading a fresh load of the bytes gives. And the
/// read-back's two ways of showing that the other records are unchanged.
@Suite struct ResultTests {
    static let animals = """
    # header
    - id: a
      name: Al
      species: Fox
    - id: b
      name: Bo
      species: Owl
      color: red
    - id: c
      name: Cy
      species: Cat

    """

    static let json = """
    [
     {
      "id": "a",
      "name": "Al",
      "species": "Fox",
      "favoriteFruits": ["elstar"]
     },
     {
      "id": "b",
      "name": "Bo",
      "species": "Owl",
      "suspicionLevel": 0.5
     },
     {
      "id": "c",
      "name": "Cy",
      "species": "Cat"
     }
    ]

    """

    /// What the loader makes of `bytes`, read afresh.
    static func fresh(_ bytes: [UInt8], _ collection: CaseCollection, path: String) -> ContentLoader.CollectionResult {
        var problems: [Diagnostic] = []
        let file = DataFile.parse(bytes, path: path, json: path.hasSuffix(".json"), problems: &problems)
        return ContentLoader.decodeCollection(collection, file, path: path, problems: problems)
    }

    static func records(_ result: ContentLoader.CollectionResult) -> [AnyHashable] {
        switch result.records {
        case let .animals(list): return list.map(AnyHashable.init)
        case let .bulletins(list): return list.map(AnyHashable.init)
        case let .fruits(list): return list.map(AnyHashable.init)
        }
    }

    /// Two readings alike: the records, where each was written, the problems, the text.
    static func expectSame(_ a: ContentLoader.CollectionResult?, _ b: ContentLoader.CollectionResult,
                           sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let a else {
            Issue.record("no reading", sourceLocation: sourceLocation)
            return
        }
        #expect(records(a) == records(b), sourceLocation: sourceLocation)
        #expect(a.origins == b.origins, sourceLocation: sourceLocation)
        #expect(a.problems == b.problems, sourceLocation: sourceLocation)
        #expect(a.text == b.text && a.path == b.path && a.unread == b.unread && a.collection == b.collection,
                sourceLocation: sourceLocation)
    }

    @Test func theEditorsReadingIsTheLoaders() throws {
        let bytes = Array(Self.animals.utf8)
        let editor = SourceEditor(bytes: bytes, format: .yaml, collection: .animals, path: "animals.yml")
        #expect(editor.path == "animals.yml")
        Self.expectSame(editor.decoded, Self.fresh(bytes, .animals, path: "animals.yml"))
        // The unknown key's warning names the path given.
        #expect(editor.decoded?.problems.contains { $0.location?.path == "animals.yml" } == true)
        #expect(SourceEditor(bytes: bytes, format: .yaml, collection: .animals).path == "animals.yaml")
        #expect(SourceEditor(bytes: Array("- id: [".utf8), format: .yaml, collection: .animals).decoded == nil)
        #expect(SourceEditor(bytes: Array("id: a\n".utf8), format: .yaml, collection: .animals).decoded == nil)
    }

    @Test(arguments: [false, true])
    func aResultsReadingIsAFreshOne(json: Bool) throws {
        let path = json ? "animals.json" : "animals.yaml"
        let editor = SourceEditor(bytes: Array((json ? Self.json : Self.animals).utf8), format: json ? .json : .yaml,
                                  collection: .animals, path: path)
        let edits: [SourceEditor.Edit] = [
            .set(fields: [FieldChange("name", .text("Bob")), FieldChange("alibi", .text("At home"))], item: 1),
            .set(fields: [FieldChange("species", nil)], item: 2),
            .delete(item: 0),
            .delete(item: 2),
            .append(fields: [EditField("id", .text("d")), EditField("name", .text("Di")), EditField("species", .text("Dog"))]),
        ]
        for edit in edits {
            let result = try editor.apply(edit)
            Self.expectSame(result.decoded, Self.fresh(result.bytes, .animals, path: path))
            // The same bytes as the call that returns bytes alone.
            let bytes: [UInt8] = switch edit {
            case let .set(fields, item, keyOrder): try editor.set(fields: fields, item: item, keyOrder: keyOrder)
            case let .delete(item): try editor.delete(item: item)
            case let .append(fields): try editor.append(fields: fields)
            }
            #expect(result.bytes == bytes)
        }
    }

    /// One editor, used from many tasks at once (its parsed nodes are shared), gives the same
    /// bytes in each.
    @Test func oneEditorFromManyTasks() async throws {
        let editor = SourceEditor(bytes: Array(Self.animals.utf8), format: .yaml, collection: .animals)
        let expected = try editor.set([("name", .text("Bob"))], item: 1)
        let results = await withTaskGroup(of: [UInt8]?.self) { group in
            for _ in 0..<16 {
                group.addTask { try? editor.set([("name", .text("Bob"))], item: 1) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 16 && results.allSatisfy { $0 == expected })
    }

    /// Bytes changed outside the range the edit says it changed: the read-back refuses them, by
    /// the decoded records when the range lies between the other records, and by the nodes
    /// (which see a key the loader leaves out) when it does not.
    @Test func aChangedNeighbourIsRefused() throws {
        let old = Array(Self.animals.utf8)
        let list = try RecordList(old, format: .yaml, collection: .animals, path: "animals.yaml")
        let text = Self.animals
        func offset(_ s: String) -> Int { text.utf8.distance(from: text.startIndex, to: text.range(of: s)!.lowerBound) }
        let keep: ReadBack.Expectation = .set(item: 0, changes: [FieldChange("name", .text("Al"))])

        // Bo → Bx, said to be inside record a: its name decodes differently.
        let renamed = Array(text.replacingOccurrences(of: "name: Bo", with: "name: Bx").utf8)
        let inside = offset("name: Al")..<(offset("name: Al") + 8)
        #expect(throws: EditRefusal.self) {
            try ReadBack.verify(old: list, newBytes: renamed, changed: inside, format: .yaml, collection: .animals,
                                path: "animals.yaml", expecting: keep)
        }
        // A key the loader leaves out changed, with the true range (past record a): the nodes differ.
        let recoloured = Array(text.replacingOccurrences(of: "color: red", with: "color: rex").utf8)
        let colour = offset("color: red")..<(offset("color: red") + 10)
        #expect(throws: EditRefusal("the edit did not read back as asked (record 2 would change too); nothing was written — "
                                        + "this is a fault of the editor, please report it")) {
            try ReadBack.verify(old: list, newBytes: recoloured, changed: colour, format: .yaml, collection: .animals,
                                path: "animals.yaml", expecting: keep)
        }
        // The same bytes as before, with a true range: accepted, the reading returned.
        let same = try ReadBack.verify(old: list, newBytes: old, changed: inside, format: .yaml, collection: .animals,
                                       path: "animals.yaml", expecting: keep)
        Self.expectSame(same.decoded, Self.fresh(old, .animals, path: "animals.yaml"))
    }
}
