import Foundation
import Testing
import CasefileTestSupport
@testable import CasefileKit
@testable import CasefileModel
@testable import CasefileOutput

/// The preview's rebuild after an edit of a collection's file (what the editor saves): it reads
/// that file alone and renders only the pages the changed records can change, and its folder must
/// still hold exactly what a full build of the edited case writes. Random edits of one record's
/// field, appends and deletes, each compared with a fresh full build.
@Suite struct PreviewRecordEditTests {
    /// A generated case: a few dozen records of each collection, some with notes that link other
    /// records, 4 records a page, written as JSON the test rewrites after each edit.
    struct GeneratedCase {
        let w: PreviewBuildTests.Workspace
        var fruits: [[String: Any]] = []
        var animals: [[String: Any]] = []
        var bulletins: [[String: Any]] = []
        var rng: SeededGenerator
        /// Records that notes or bulletins name, or that have a note: never deleted (that would
        /// be an error, and a case with errors keeps its last good pages).
        var kept: Set<String> = []
        var nextID = 100
        static let species = ["Fox", "Owl", "Crow", "Snail", "Badger", "Fish"]
        static let names = ["Agnes", "Basil", "Cosima", "Dmitri", "Esme", "Florin", "Greta", "Horace", "Ilse", "Jasper"]
        static let places = ["the pond", "Orchard 2", "the roof", "the café", "the gate"]

        init(seed: UInt64, defaultOrder: Bool) throws {
            w = try PreviewBuildTests.Workspace()
            rng = SeededGenerator(seed: seed)
            for name in ["animals.yaml", "bulletins.yaml", "fruits.yaml"] {
                try FileManager.default.removeItem(at: w.content.appendingPathComponent(name))
            }
            for folder in ["notes/animals", "notes/bulletins"] {
                let url = w.content.appendingPathComponent(folder)
                try? FileManager.default.removeItem(at: url)
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            }
            var site = "title: Generated\ntimeZone: America/Los_Angeles\npageSize: 4\n"
            if defaultOrder {
                site += "defaultOrder:\n  suspects: suspicion desc\n  bulletins: when\n  fruits: fans desc\n"
            }
            try w.write("site.yaml", site)
            for k in 0..<10 { fruits.append(fruit(k)) }
            for k in 0..<30 { animals.append(animal(k)) }
            for k in 0..<30 { bulletins.append(bulletin(k)) }
            for k in stride(from: 0, to: 30, by: 3) {
                kept.formUnion(["\(animals[k]["id"]!)", "\(animals[(k + 7) % 30]["id"]!)", "bulletin-\((k + 5) % 30)",
                                "bulletin-\(k)", "\(animals[(k + 3) % 30]["id"]!)"])
                try w.write("notes/animals/\(animals[k]["id"]!).md",
                            "About *\(animals[k]["name"]!)*: see [a friend](animal:\(animals[(k + 7) % 30]["id"]!)), "
                                + "[a bulletin](bulletin:bulletin-\((k + 5) % 30)) and [a fruit](fruit:fruit-\(k % 10)).\n")
                try w.write("notes/bulletins/bulletin-\(k).md",
                            "Reported near [\(animals[(k + 3) % 30]["name"]!)](animal:\(animals[(k + 3) % 30]["id"]!)).\n")
            }
            try save("fruits"); try save("animals"); try save("bulletins")
        }

        mutating func fruit(_ k: Int) -> [String: Any] {
            ["id": "fruit-\(k)", "name": "Fruit \(rng.pick(Self.names)) \(k)", "color": rng.pick(["red", "gold", "#6b0f1a", "green"])]
        }

        mutating func animal(_ k: Int) -> [String: Any] {
            let species = rng.pick(Self.species)
            var a: [String: Any] = [
                "id": "\(species.lowercased())-\(k)", "name": "\(rng.pick(Self.names)) the \(species)", "species": species,
                "pawSize": rng.pick(["small", "medium", "large"]), "favoriteFruits": favourites(),
                "suspicionLevel": Double(rng.below(101)) / 100, "alibi": "Was at \(rng.pick(Self.places)).",
            ]
            if rng.below(10) < 7 { a["sleepSchedule"] = ["sleep": "2\(rng.below(4)):00", "wake": "0\(4 + rng.below(5)):30"] }
            return a
        }

        mutating func bulletin(_ k: Int) -> [String: Any] {
            var b: [String: Any] = ["id": "bulletin-\(k)", "fruit": "fruit-\(rng.below(10))", "nibbledAt": time(),
                                    "location": "Apple Park, \(rng.pick(Self.places))"]
            if rng.below(10) < 9 { b["bites"] = 1 + rng.below(12) }
            if rng.below(10) < 6, !animals.isEmpty { b["reportedBy"] = reporter() }
            return b
        }

        mutating func reporter() -> String {
            let id = "\(animals[rng.below(animals.count)]["id"]!)"
            kept.insert(id)
            return id
        }

        /// A record that nothing names.
        mutating func deletable(_ records: [[String: Any]]) -> Int? {
            let free = records.indices.filter { !kept.contains("\(records[$0]["id"]!)") }
            return free.isEmpty ? nil : free[rng.below(free.count)]
        }

        mutating func favourites() -> [String] {
            (0..<(1 + rng.below(3))).map { _ in "fruit-\(rng.below(10))" }.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        }

        mutating func time() -> String {
            String(format: "2023-06-%02dT%02d:%02d:00-07:00", 1 + rng.below(28), rng.below(24), rng.below(60))
        }

        func save(_ collection: String) throws {
            let records = collection == "fruits" ? fruits : collection == "animals" ? animals : bulletins
            let data = try JSONSerialization.data(withJSONObject: records, options: [.prettyPrinted, .sortedKeys])
            try data.write(to: w.content.appendingPathComponent("\(collection).json"))
        }

        /// Makes one random edit, saves its file and says which file and what it did.
        mutating func edit() throws -> (file: String, what: String) {
            let roll = rng.below(20)
            let collection: String, what: String
            switch roll {
            case 0..<4:
                let i = rng.below(animals.count)
                let field = rng.pick(["name", "species", "suspicionLevel", "favoriteFruits", "sleepSchedule"])
                switch field {
                case "name": animals[i]["name"] = "\(rng.pick(Self.names)) \(rng.pick(["Quinn", "Abel", "Zed"]))"
                case "species": animals[i]["species"] = rng.pick(Self.species + ["Heron"])
                case "suspicionLevel": animals[i]["suspicionLevel"] = Double(rng.below(101)) / 100
                case "favoriteFruits": animals[i]["favoriteFruits"] = favourites()
                default: animals[i]["sleepSchedule"] = ["sleep": "2\(rng.below(4)):15", "wake": "0\(4 + rng.below(5)):00"]
                }
                (collection, what) = ("animals", "animal \(i) \(field)")
            case 4..<9:
                let i = rng.below(bulletins.count)
                let field = rng.pick(["fruit", "reportedBy", "nibbledAt", "location", "bites"])
                switch field {
                case "fruit": bulletins[i]["fruit"] = "fruit-\(rng.below(10))"
                case "reportedBy": bulletins[i]["reportedBy"] = reporter()
                case "nibbledAt": bulletins[i]["nibbledAt"] = time()
                case "location": bulletins[i]["location"] = "Apple Park, \(rng.pick(Self.places + ["the lab"]))"
                default: bulletins[i]["bites"] = 1 + rng.below(30)
                }
                (collection, what) = ("bulletins", "bulletin \(i) \(field)")
            case 9..<12:
                let i = rng.below(fruits.count)
                let field = rng.pick(["name", "color"])
                fruits[i][field] = field == "name" ? "Fruit \(rng.pick(Self.names)) \(rng.below(100))" : rng.pick(["blue", "gold", "#123456"])
                (collection, what) = ("fruits", "fruit \(i) \(field)")
            case 12..<14:
                nextID += 1
                animals.append(animal(nextID))
                (collection, what) = ("animals", "an animal appended")
            case 14..<16:
                nextID += 1
                bulletins.append(bulletin(nextID))
                (collection, what) = ("bulletins", "a bulletin appended")
            case 16..<18:
                let i = deletable(animals)
                if let i { animals.remove(at: i) }
                (collection, what) = ("animals", i.map { "animal \($0) deleted" } ?? "animals saved unchanged")
            default:
                let i = deletable(bulletins)
                if let i { bulletins.remove(at: i) }
                (collection, what) = ("bulletins", i.map { "bulletin \($0) deleted" } ?? "bulletins saved unchanged")
            }
            try save(collection)
            return ("\(collection).json", what)
        }
    }

    /// Random edits, each followed by the preview's update and a comparison with a full build;
    /// single-field edits must be incremental and render fewer files than a full build.
    @Test(arguments: [(UInt64(1), false), (UInt64(2), true)])
    func randomRecordEditsMatchAFullBuild(seed: UInt64, defaultOrder: Bool) async throws {
        var g = try GeneratedCase(seed: seed, defaultOrder: defaultOrder)
        defer { try? FileManager.default.removeItem(at: g.w.root) }
        let build = PreviewBuild(options: g.w.options(output: g.w.preview))
        let first = await build.buildAll()
        #expect(first.failure == nil && first.errorCount == 0)
        try await g.w.expectSameAsFullBuild()
        var incremental = 0, readAlone = 0
        for step in 0..<20 {
            let (file, what) = try g.edit()
            let update = await build.update(changed: [g.w.path(file)])
            #expect(update.failure == nil, "step \(step): \(what)")
            if update.scope == .records([file]) {
                incremental += 1
                if update.readAlone == [file] { readAlone += 1 }
                #expect(update.rendered < first.rendered || update.pages.everything, "step \(step): \(what)")
            }
            try await g.w.expectSameAsFullBuild("step \(step): \(what)")
        }
        #expect(incremental >= 8, "most edits change fields only")
        // A file's first change is read whole; a later one-field change, by its record alone.
        #expect(readAlone >= incremental / 2, "\(readAlone) of \(incremental) edits read by their record alone")
    }

    /// A suspect renamed so that it keeps its place, its initial and its page's first and last
    /// name in the name order (ascending and descending): the order's index and page titles say
    /// the same, so only the page of each order that lists it is rendered, not all of them.
    @Test func aNameInsideItsPageRendersThatPageOfTheNameOrderOnly() async throws {
        var g = try GeneratedCase(seed: 5, defaultOrder: false)
        defer { try? FileManager.default.removeItem(at: g.w.root) }
        // 31 suspects, 4 a page: a place inside a page of one direction is inside one of the other.
        g.animals.append(g.animal(31))
        try g.save("animals")
        let build = PreviewBuild(options: g.w.options(output: g.w.preview))
        #expect(await build.buildAll().errorCount == 0)
        let names = g.animals.map { "\($0["name"]!)".lowercased() }, count = names.count
        let order = names.indices.sorted { (names[$0], $0) < (names[$1], $1) }
        func inside(_ place: Int) -> Bool { place % 4 != 0 && place % 4 != 3 && place != count - 1 }
        let place = try #require((1..<(count - 1)).first { p in
            inside(p) && inside(count - 1 - p) && names[order[p + 1]] > names[order[p]]
                && !names[order[p + 1]].hasPrefix(names[order[p]])
        })
        g.animals[order[place]]["name"] = "\(g.animals[order[place]]["name"]!)a"
        try g.save("animals")
        let update = await build.update(changed: [g.w.path("animals.json")])
        #expect(update.scope == .records(["animals.json"]))
        let pages = update.pages.paths.filter { $0.hasPrefix("suspects/by/suspect-") }
        func page(_ descending: Bool, _ n: Int) -> String {
            SiteLayout.listing(SiteLayout.orderListing(.suspects, column: "suspect", descending: descending), page: n)
        }
        #expect(pages == [page(false, place / 4 + 1), page(true, (count - 1 - place) / 4 + 1)])
        try await g.w.expectSameAsFullBuild()
    }
}

extension SeededGenerator {
    mutating func below(_ n: Int) -> Int { Int.random(in: 0..<n, using: &self) }
    mutating func pick<T>(_ list: [T]) -> T { list[below(list.count)] }
}
