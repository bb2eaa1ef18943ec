import Foundation
import Testing
import CasefileEditing
import CasefileLoading
import CasefileModel
import CasefileTestSupport

/// Random edits, appends and deletes applied one after another to the sample's three files and
/// to a generated JSON case; after each step the file is loaded again and its records compared
/// with records changed the same way in memory.
@Suite struct PropertyTests {
    static let texts = StyleTests.needQuotes + ["Plain words", "O'Brien", "Zoë 🐈", String(repeating: "long ", count: 60)]

    enum Record: Hashable { case animal(Animal), bulletin(Bulletin), fruit(Fruit) }

    static func load(_ bytes: [UInt8], _ collection: CaseCollection, json: Bool) -> [Record] {
        var problems: [Diagnostic] = []
        let file = DataFile.parse(bytes, path: "x", json: json, problems: &problems)
        let result = ContentLoader.decodeCollection(collection, file, path: "x", problems: problems)
        switch result.records {
        case let .animals(list): return list.map(Record.animal)
        case let .bulletins(list): return list.map(Record.bulletin)
        case let .fruits(list): return list.map(Record.fruit)
        }
    }

    /// One random change of a record's fields, made to the bytes and to the model alike.
    static func change(_ record: inout Record, _ rng: inout SeededGenerator) -> [(key: String, value: EditValue?)] {
        let text = texts.randomElement(using: &rng) ?? "x"
        switch record {
        case var .animal(a):
            var changes: [(key: String, value: EditValue?)] = []
            switch Int.random(in: 0..<6, using: &rng) {
            case 0: a.name = text; changes = [("name", .text(text))]
            case 1:
                let alibi: String? = Bool.random(using: &rng) ? text : nil
                a.alibi = alibi; changes = [("alibi", alibi.map(EditValue.text))]
            case 2:
                let level = Double(Int.random(in: 0...100, using: &rng)) / 100
                a.suspicionLevel = level; changes = [("suspicionLevel", .number(String(level)))]
            case 3:
                let fruits = ["elstar", "lapins", "mariposa", "pink-pearl"].shuffled(using: &rng).prefix(Int.random(in: 0...3, using: &rng))
                a.favoriteFruits = fruits.map { Fruit.ID($0) }; changes = [("favoriteFruits", .list(Array(fruits)))]
            case 4:
                let size = Animal.PawSize.allCases.randomElement(using: &rng) ?? .small
                a.pawSize = size; changes = [("pawSize", .text(size.rawValue))]
            default:
                let emoji: String? = Bool.random(using: &rng) ? text : nil
                a.emoji = emoji; changes = [("emoji", emoji.map(EditValue.text))]
            }
            record = .animal(a)
            return changes
        case var .bulletin(b):
            var changes: [(key: String, value: EditValue?)] = []
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: b.location = text; changes = [("location", .text(text))]
            case 1:
                let bites: Int? = Bool.random(using: &rng) ? Int.random(in: 1...9, using: &rng) : nil
                b.bites = bites; changes = [("bites", bites.map { .number(String($0)) })]
            default:
                let by: String? = Bool.random(using: &rng) ? text : nil
                b.reportedBy = by.map { Animal.ID($0) }; changes = [("reportedBy", by.map(EditValue.text))]
            }
            record = .bulletin(b)
            return changes
        case var .fruit(f):
            if Bool.random(using: &rng) { f.name = text; record = .fruit(f); return [("name", .text(text))] }
            f.color = text; record = .fruit(f)
            return [("color", .text(text))]
        }
    }

    static func newRecord(_ collection: CaseCollection, _ n: Int) -> (Record, [EditField]) {
        switch collection {
        case .animals:
            return (.animal(Animal(id: Animal.ID("new-\(n)"), name: "New \(n)", species: "yes")),
                    [EditField("id", .text("new-\(n)")), EditField("name", .text("New \(n)")), EditField("species", .text("yes"))])
        case .bulletins:
            return (.bulletin(Bulletin(id: Bulletin.ID("new-\(n)"), fruit: Fruit.ID("elstar"), nibbledAt: Timestamp(iso8601: "2024-01-01T10:00:00Z"),
                                       location: "a: b")),
                    [EditField("id", .text("new-\(n)")), EditField("fruit", .text("elstar")),
                     EditField("nibbledAt", .text("2024-01-01T10:00:00Z")), EditField("location", .text("a: b"))])
        case .fruits:
            return (.fruit(Fruit(id: Fruit.ID("new-\(n)"), name: "#\(n)", color: "red")),
                    [EditField("id", .text("new-\(n)")), EditField("name", .text("#\(n)")), EditField("color", .text("red"))])
        }
    }

    static func run(_ start: [UInt8], _ collection: CaseCollection, json: Bool, steps: Int, seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var bytes = start
        var expected = load(bytes, collection, json: json)
        try #require(!expected.isEmpty)
        for step in 0..<steps {
            let editor = SourceEditor(bytes: bytes, format: json ? .json : .yaml, collection: collection)
            let roll = Int.random(in: 0..<10, using: &rng)
            if roll == 0 || expected.isEmpty {
                let (record, fields) = newRecord(collection, step)
                bytes = try editor.append(fields: fields)
                expected.append(record)
            } else if roll == 1, expected.count > 1 {
                let item = Int.random(in: 0..<expected.count, using: &rng)
                bytes = try editor.delete(item: item)
                expected.remove(at: item)
            } else {
                let item = Int.random(in: 0..<expected.count, using: &rng)
                let changes = change(&expected[item], &rng)
                bytes = try editor.set(changes, item: item)
            }
            let loaded = load(bytes, collection, json: json)
            #expect(loaded == expected, "step \(step) of \(collection)")
            if loaded != expected { return }
        }
    }

    @Test(arguments: [("animals.yaml", CaseCollection.animals), ("bulletins.yaml", .bulletins), ("fruits.yaml", .fruits)])
    func sampleFiles(_ name: String, _ collection: CaseCollection) throws {
        let bytes = Array(try Data(contentsOf: Repository.sample.appendingPathComponent(name)))
        try Self.run(bytes, collection, json: false, steps: 80, seed: 0xCA5E + UInt64(name.count))
    }

    @Test func generatedJSONCase() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-edit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Repository.root.appendingPathComponent("Scripts/make-case.py").path, folder.path,
                             "--animals", "60", "--bulletins", "60", "--fruits", "20", "--notes", "0"]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        for (name, collection) in [("animals.json", CaseCollection.animals), ("bulletins.json", .bulletins)] {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            try Self.run(bytes, collection, json: true, steps: 60, seed: 7)
        }
    }
}
