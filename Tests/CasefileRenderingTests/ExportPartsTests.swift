import Testing
import CasefileLoading
import CasefileModel
import CasefileSite
import CasefileValidation
@testable import CasefileRendering

/// The preview's exports, patched record by record after each edit, against the exports of the
/// edited case rendered whole: byte for byte, after every step of random edits that change a
/// record's own values and the counts other records derive from it (favourites, sleep, a
/// bulletin's fruit and time).
struct ExportPartsTests {
    static let fruitIDs = (0..<12).map { "fruit-\($0)" }

    static func makeCase(_ rng: inout SplitMix) -> CaseContent {
        var c = CaseContent(site: SiteSettings(title: "Parts"))
        c.fruits = fruitIDs.enumerated().map { Fruit(id: Fruit.ID($1), name: "Fruit \($0)", color: "red") }
        c.animals = (0..<50).map { i in
            var a = Animal(id: Animal.ID("animal-\(i)"), name: "Animal \(i)", species: "cat")
            a.favoriteFruits = fruitIDs.shuffled(using: &rng).prefix(Int.random(in: 0...3, using: &rng)).map { Fruit.ID($0) }
            a.sleepSchedule = SleepSchedule(sleep: ClockTime(hour: Int.random(in: 0..<24, using: &rng), minute: 0)!,
                                            wake: ClockTime(hour: Int.random(in: 0..<24, using: &rng), minute: 30)!)
            return a
        }
        c.bulletins = (0..<60).map { i in
            Bulletin(id: Bulletin.ID("bulletin-\(i)"), fruit: Fruit.ID(fruitIDs.randomElement(using: &rng)!),
                     nibbledAt: Timestamp(iso8601: "2024-03-0\(i % 9 + 1)T\(10 + i % 12):15:00Z"), location: "Place \(i)")
        }
        return c
    }

    /// One random edit of one record.
    static func edit(_ c: inout CaseContent, _ rng: inout SplitMix) {
        switch Int.random(in: 0..<7, using: &rng) {
        case 0: c.animals[Int.random(in: 0..<c.animals.count, using: &rng)].name = "Renamed \"\(rng.next() % 100)\", again"
        case 1:
            let i = Int.random(in: 0..<c.animals.count, using: &rng)
            c.animals[i].favoriteFruits = fruitIDs.shuffled(using: &rng).prefix(Int.random(in: 0...4, using: &rng)).map { Fruit.ID($0) }
        case 2:
            let i = Int.random(in: 0..<c.animals.count, using: &rng)
            c.animals[i].sleepSchedule = SleepSchedule(sleep: ClockTime(hour: Int.random(in: 0..<24, using: &rng), minute: 5)!,
                                                       wake: ClockTime(hour: Int.random(in: 0..<24, using: &rng), minute: 45)!)
        case 3: c.bulletins[Int.random(in: 0..<c.bulletins.count, using: &rng)].fruit = Fruit.ID(fruitIDs.randomElement(using: &rng)!)
        case 4:
            c.bulletins[Int.random(in: 0..<c.bulletins.count, using: &rng)].nibbledAt =
                Timestamp(iso8601: "2024-04-02T0\(Int.random(in: 0...9, using: &rng)):00:00Z")
        case 5: c.fruits[Int.random(in: 0..<c.fruits.count, using: &rng)].name = "Fruit, ünïcödé \(rng.next() % 10)"
        default: c.animals[Int.random(in: 0..<c.animals.count, using: &rng)].suspicionLevel = Double(rng.next() % 101) / 100
        }
    }

    /// The case validated as if loaded from three JSON files, one record a line.
    static func validate(_ c: CaseContent) async -> ValidatedCase {
        var map = SourceMap()
        func origins(_ count: Int, _ file: String) -> [RecordOrigin] {
            (0..<count).map { RecordOrigin(location: SourceLocation(path: file, line: $0 + 2, column: 3), item: $0) }
        }
        (map.fruits, map.animals, map.bulletins) = (origins(c.fruits.count, "fruits.json"), origins(c.animals.count, "animals.json"),
                                                    origins(c.bulletins.count, "bulletins.json"))
        map.files = [.fruits: "fruits.json", .animals: "animals.json", .bulletins: "bulletins.json"]
        return await Validator().validate(LoadedCase(caseContent: c, sourceMap: map, diagnostics: [], files: [], dataTexts: [:]))
    }

    @Test(arguments: [1, 2, 3])
    func patchedExportsEqualWholeOnes(seed: UInt64) async throws {
        var rng = SplitMix(seed: seed)
        var content = Self.makeCase(&rng)
        var before = await Self.validate(content)
        var parts = ExportParts()
        let paths = ExportParts.paths.sorted()
        #expect(paths.count == 7)
        let first = parts.render(paths, from: nil, to: before)
        for file in first { #expect(file.bytes == DataExports(validated: before).render(file.path), "\(file.path)") }
        var patchedSteps = 0
        for step in 0..<40 {
            for _ in 0..<Int.random(in: 1...3, using: &rng) { Self.edit(&content, &rng) }
            let after = await Self.validate(content)
            let whole = DataExports(validated: after)
            let patched = parts.render(paths, from: before, to: after)
            try #require(patched.map(\.path) == paths)
            for file in patched {
                let expected = whole.render(file.path) ?? []
                let differ = (0..<min(file.bytes.count, expected.count)).first { file.bytes[$0] != expected[$0] } ?? min(file.bytes.count, expected.count)
                #expect(file.bytes.count == expected.count && differ == expected.count,
                        "step \(step): \(file.path) differs from byte \(differ): \(String(decoding: file.bytes.dropFirst(max(0, differ - 60)).prefix(120), as: UTF8.self)) | \(String(decoding: expected.dropFirst(max(0, differ - 60)).prefix(120), as: UTF8.self))")
                if file.bytes != DataExports(validated: before).render(file.path) { patchedSteps += 1 }
            }
            before = after
        }
        // The edits did change the exports (else the comparison above proves little).
        #expect(patchedSteps > 40)
    }

    @Test func aPartIsTheBytesTheWholeExportHasThere() async {
        var rng = SplitMix(seed: 9)
        let v = await Self.validate(Self.makeCase(&rng))
        let exports = DataExports(validated: v)
        var parts: DataExports.Parts? = [:]
        let bytes = exports.render(SiteLayout.caseJSON, parts: &parts) ?? []
        #expect(parts?.keys.count == 3)
        for (collection, ranges) in parts ?? [:] {
            #expect(ranges.count == (collection == .fruits ? 12 : collection == .animals ? 50 : 60))
            for (i, range) in ranges.enumerated() {
                #expect(Array(bytes[range]) == exports.part(SiteLayout.caseJSON, collection, i))
                #expect(bytes[range].first == UInt8(ascii: "{") && bytes[range].last == UInt8(ascii: "}"))
            }
        }
    }
}

/// A small seeded generator, so that a failing step can be run again.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
