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
        return records(ContentLoader.decodeCollection(collection, file, path: "x", problems: problems))
    }

    static func records(_ result: ContentLoader.CollectionResult) -> [Record] {
        switch result.records {
        case let .animals(list): list.map(Record.animal)
        case let .bulletins(list): list.map(Record.bulletin)
        case let .fruits(list): list.map(Record.fruit)
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

    /// A case made by Scripts/make-case.py with `arguments`, in a new temporary folder.
    static func generatedCase(_ arguments: [String]) throws -> URL {
        try GeneratedCase.make(arguments, prefix: "casefile-edit")
    }

    @Test func generatedJSONCase() throws {
        let folder = try Self.generatedCase(["--animals", "60", "--bulletins", "60", "--fruits", "20", "--notes", "0"])
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, collection) in [("animals.json", CaseCollection.animals), ("bulletins.json", .bulletins)] {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
            try Self.run(bytes, collection, json: true, steps: 60, seed: 7)
        }
    }
}

/// The property test on the 10k case: Scripts/make-case.py at its defaults (10,000 animals,
/// 10,000 bulletins, 200 fruits) but for the notes, which the script draws after every record,
/// so that the data files are byte for byte those of the defaults. Each step edits a field of a
/// record at the start, in the middle or at the end of the file, renames a record's id, deletes
/// one or appends one, every kind once in each round of six; the file is written, read back from
/// the folder by the loader and compared with the records changed the same way in memory; and
/// every byte outside the record edited (or deleted, with the separator before or after it, or
/// outside the place of the one appended) is checked unchanged.
///
/// A step reads the file three times (the editor's parse, its read-back, the loader): in a debug
/// build some 6 s for animals.json (3.6 MB), 3 s for bulletins.json (1.8 MB), so the two large
/// files get a round or so each, running side by side.
extension PropertyTests {
    enum LargeStep: CaseIterable { case editStart, editMiddle, editEnd, rename, delete, append }

    @Test(arguments: [("animals.json", CaseCollection.animals, 6), ("bulletins.json", .bulletins, 8), ("fruits.json", .fruits, 30)])
    func largeGeneratedCase(_ name: String, _ collection: CaseCollection, _ steps: Int) throws {
        let folder = try Self.generatedCase(["--notes", "0"])
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.runLarge(folder, name, collection, steps: steps, seed: 0x10_000 + UInt64(steps))
    }

    static func runLarge(_ folder: URL, _ name: String, _ collection: CaseCollection, steps: Int, seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let url = folder.appendingPathComponent(name)
        let loader = ContentLoader(directory: folder, displayPath: "case")
        func reload() throws -> [Record] { records(try loader.loadCollection(collection, limit: ReadLimits().dataFileBytes)) }
        var bytes = Array(try Data(contentsOf: url))
        var expected = try reload()
        try #require(expected.count == (collection == .fruits ? 200 : 10_000))
        var round: [LargeStep] = []
        for step in 0..<steps {
            if round.isEmpty { round = LargeStep.allCases.shuffled(using: &rng) }
            let kind = round.removeLast()
            let editor = SourceEditor(bytes: bytes, format: .json, collection: collection, path: name)
            let count = expected.count, near = Int.random(in: 0..<5, using: &rng)
            let new: [UInt8]
            switch kind {
            case .append:
                let last = try #require(editor.span(item: count - 1))
                let (record, fields) = newRecord(collection, step)
                new = try editor.append(fields: fields)
                expected.append(record)
                #expect(Bytes.inserted(old: bytes, new: new, at: last.upperBound), "step \(step) of \(name): append")
            case .delete:
                let item = [near, count / 2 + near, count - 1 - near].randomElement(using: &rng) ?? near
                let span = try #require(editor.span(item: item))
                new = try editor.delete(item: item)
                expected.remove(at: item)
                #expect(Bytes.removed(old: bytes, new: new, span: span), "step \(step) of \(name): delete \(item)")
            case .rename, .editStart, .editMiddle, .editEnd:
                let item = switch kind {
                case .editStart: near
                case .editMiddle: count / 2 - 2 + near
                case .editEnd: count - 1 - near
                default: Int.random(in: 0..<count, using: &rng)
                }
                let span = try #require(editor.span(item: item))
                let changes: [(key: String, value: EditValue?)]
                if kind == .rename {
                    let id = "renamed-\(step)"
                    switch expected[item] {
                    case var .animal(a): a.id = Animal.ID(id); expected[item] = .animal(a)
                    case var .bulletin(b): b.id = Bulletin.ID(id); expected[item] = .bulletin(b)
                    case var .fruit(f): f.id = Fruit.ID(id); expected[item] = .fruit(f)
                    }
                    changes = [("id", .text(id))]
                } else {
                    changes = change(&expected[item], &rng)
                }
                new = try editor.set(changes, item: item)
                #expect(Bytes.changedWithin(old: bytes, new: new, span: span), "step \(step) of \(name): \(kind) \(item)")
            }
            try Data(new).write(to: url)
            bytes = new
            let loaded = try reload()
            // The first record that differs, not the 10,000 of each side.
            let differs = loaded.count != expected.count ? min(loaded.count, expected.count)
                : loaded.indices.first { loaded[$0] != expected[$0] }
            let found = differs.flatMap { loaded.indices.contains($0) ? loaded[$0] : nil }
            let wanted = differs.flatMap { expected.indices.contains($0) ? expected[$0] : nil }
            let report = "step \(step) of \(name) (\(kind)): \(loaded.count) records read, \(expected.count) expected; "
                + "at \(differs ?? -1) \(String(describing: found)) for \(String(describing: wanted))"
            #expect(differs == nil, "\(report)")
            if differs != nil { return }
        }
    }
}

/// Checks of what an edit changed in a file's bytes.
enum Bytes {
    /// Whether `a[range]` and `b[range]` hold the same bytes.
    static func same(_ a: [UInt8], _ aStart: Int, _ b: [UInt8], _ bStart: Int, count: Int) -> Bool {
        guard count >= 0, aStart >= 0, bStart >= 0, aStart + count <= a.count, bStart + count <= b.count else { return false }
        guard count > 0 else { return true }
        return a.withUnsafeBytes { a in b.withUnsafeBytes { b in memcmp(a.baseAddress! + aStart, b.baseAddress! + bStart, count) == 0 } }
    }

    /// `new` is `old` with the bytes of `span` replaced: the bytes before and after it kept.
    static func changedWithin(old: [UInt8], new: [UInt8], span: Range<Int>) -> Bool {
        let after = old.count - span.upperBound
        return same(old, 0, new, 0, count: span.lowerBound) && same(old, span.upperBound, new, new.count - after, count: after)
    }

    /// `new` is `old` with bytes inserted at `place` and nothing else changed.
    static func inserted(old: [UInt8], new: [UInt8], at place: Int) -> Bool {
        new.count > old.count && same(old, 0, new, 0, count: place) && same(old, place, new, place + new.count - old.count,
                                                                              count: old.count - place)
    }

    /// `new` is `old` without the bytes of `span` and the separators (white space, a comma)
    /// on either side of it that go with it, and nothing else changed.
    static func removed(old: [UInt8], new: [UInt8], span: Range<Int>) -> Bool {
        let gone = old.count - new.count
        func separator(_ byte: UInt8) -> Bool { byte == 0x2C || byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        var start = span.lowerBound
        while true {
            let end = start + gone
            if end >= span.upperBound, end <= old.count, old[span.upperBound..<end].allSatisfy(separator),
               same(old, 0, new, 0, count: start), same(old, end, new, start, count: old.count - end) {
                return true
            }
            guard start > 0, separator(old[start - 1]) else { return false }
            start -= 1
        }
    }
}
