import Foundation
import Testing
@testable import CasefileValidation
import CasefileLoadingTestSupport

@Suite("Garbage never crashes")
struct GarbageInputTests {
    @Test func binaryBytes() async throws {
        let loaded = try await loadOverFruits([:], bytes: ["animals.yaml": Data([0xFF, 0xFE, 0x00, 0x41, 0x80, 0xC3, 0x28, 0x0A])])
        let d = try only("syntax", in: loaded)
        #expect(d.location == place("animals.yaml", 1, 1))
        #expect(loaded.caseContent.animals.isEmpty)
    }

    @Test func invalidUTF8IsAtItsFirstBadByte() async throws {
        // "F" then 0xC3 (a lead byte) followed by "x", which cannot continue it: line 2, column 10.
        var bytes = Data("- id: fox\n  name: F".utf8)
        bytes.append(contentsOf: [0xC3, 0x78, 0x0A])
        let loaded = try await loadOverFruits([:], bytes: ["animals.yaml": bytes])
        let d = try only("syntax", in: loaded)
        #expect(d.location == place("animals.yaml", 2, 10))
        #expect(d.message.contains("not UTF-8"))
    }

    @Test func aNoteThatIsNotUTF8IsReadAndReportedWhereItBreaks() async throws {
        var note = Data("# Fox\n\nSaw é and ".utf8)
        note.append(contentsOf: [0xFF, 0x0A])
        let loaded = try await loadOverFruits([:], bytes: ["notes/animals/fox.md": note])
        let d = try only("syntax", in: loaded)
        #expect(d.location == place("notes/animals/fox.md", 3, 11))
        #expect(loaded.caseContent.notes[.animals]?["fox"]?.source.contains("\u{FFFD}") == true)
    }

    @Test func aByteOrderMarkAndCRLFAreAccepted() async throws {
        let yaml = "\u{FEFF}- id: fox\r\n  name: Fox\r\n  species: Fox\r\n  favoriteFruits: [elstar]\r\n  pawSize: huge\r\n"
        let loaded = try await loadOverFruits(["animals.yaml": yaml])
        #expect(loaded.caseContent.animals.map(\.id) == ["fox"])
        // The mark is not a column: the bad paw size is where an editor shows it.
        let validated = await Validator().validate(loaded)
        let d = try #require(validated.diagnostics.first { $0.ruleID == "paw-size" })
        #expect(d.location == place("animals.yaml", 5, 12))
    }

    @Test func controlCharactersInUTF8Text() async throws {
        let loaded = try await loadOverFruits(["animals.yaml": "- id: fox\n  name: F\u{1}x\n"])
        let d = try only("syntax", in: loaded)
        // The control character is on line 2, column 10.
        #expect(d.location == place("animals.yaml", 2, 10))
    }

    @Test func nulByte() async throws {
        let loaded = try await loadOverFruits([:], bytes: ["animals.yaml": Data("- id: fox\n  name: F\u{0}x\n  species: Fox\n".utf8)])
        // The NUL is not taken for the end of the text: it is a control character at 2:10.
        let d = try only("syntax", in: loaded)
        #expect(d.location == place("animals.yaml", 2, 10))
    }

    @Test func emptySiteYaml() async throws {
        let loaded = try await loadCase(["site.yaml": ""], displayPath: "Cases/small")
        let d = try only("missing-field", in: loaded)
        #expect(d.field?.key == "title")
        #expect(d.location == place("site.yaml", 1, 1))
    }

    @Test func emptyAndCommentOnlyCollectionFiles() async throws {
        // An empty collection file is an empty collection: nothing to load, nothing to crash.
        let loaded = try await loadOverFruits(["animals.yaml": "", "bulletins.yaml": "# nothing yet\n", "fruits.yaml": "[]"])
        #expect(loaded.caseContent.animals.isEmpty)
        #expect(loaded.caseContent.bulletins.isEmpty)
        #expect(loaded.caseContent.fruits.isEmpty)
        #expect(loaded.diagnostics.allSatisfy { $0.severity != .error })
    }

    @Test func topLevelScalar() async throws {
        let loaded = try await loadOverFruits(["animals.yaml": "just some words\n"])
        let d = try only("type-mismatch", in: loaded)
        #expect(d.location == place("animals.yaml", 1, 1))
        #expect(d.message.contains("list"))
    }

    @Test func topLevelMapping() async throws {
        let loaded = try await loadOverFruits(["animals.json": "{\"id\": \"fox\"}"])
        let d = try only("type-mismatch", in: loaded)
        #expect(d.location == place("animals.json", 1, 1))
    }

    @Test func listOfNumbers() async throws {
        let loaded = try await loadOverFruits(["animals.json": "[1, 2,\n 3]"])
        let mismatches = loaded.diagnostics.with(rule: "type-mismatch")
        #expect(mismatches.count == 3)
        #expect(mismatches.map(\.location) == [place("animals.json", 1, 2), place("animals.json", 1, 5),
                                                place("animals.json", 2, 2)])
        #expect(loaded.caseContent.animals.isEmpty)
    }

    @Test func recordThatIsNotAMappingIsNamedInItsMessage() async throws {
        let loaded = try await loadOverFruits(["animals.json": "[1]", "bulletins.json": "[\"b\"]"])
        let messages = loaded.diagnostics.with(rule: "type-mismatch").map(\.message)
        #expect(messages.contains { $0.hasPrefix("an animal must be a mapping of fields") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("a bulletin must be a mapping of fields") }, "\(messages)")
    }

    @Test func deepNestingStopsAtTheReadersLimitWithItsPlace() async throws {
        let depth = 50_000
        let flow = try await loadOverFruits(["animals.json": String(repeating: "[", count: depth) + String(repeating: "]", count: depth)])
        // The JSON reader nests 512 deep: the 513th `[` is the one refused.
        let json = try only("syntax", in: flow)
        #expect(json.location == place("animals.json", 1, 513))
        #expect(json.message.contains("too deeply nested"), "\(json.message)")
        #expect(flow.caseContent.animals.isEmpty)
        let block = try await loadOverFruits(["animals.yaml": String(repeating: "- ", count: depth) + "x\n"])
        // libyaml nests 1,000 deep by default: its 1,000th `- ` starts at column 2 × 1,000 − 1.
        let yaml = try only("syntax", in: block)
        #expect(yaml.location == place("animals.yaml", 1, 1_999))
        #expect(block.caseContent.animals.isEmpty)
    }

    @Test(.timeLimit(.minutes(1)))
    func aliasExpansionBomb() async throws {
        // Nine levels of ten aliases each: a billion `x` if expanded naively.
        var site = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...8 {
            site += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        site += "title: *a8\n"
        let loaded = try await loadCase(["site.yaml": site], displayPath: "Cases/small")
        #expect(loaded.diagnostics.with(rule: "unknown-field").count == 9)
        #expect(loaded.diagnostics.contains { $0.ruleID == "type-mismatch" && $0.field?.key == "title" })
    }

    @Test func siteYamlThatIsAList() async throws {
        let loaded = try await loadCase(["site.yaml": "- title\n- x\n"], displayPath: "Cases/small")
        let d = try only("type-mismatch", in: loaded)
        #expect(d.location?.path == "site.yaml")
    }

    @Test func recordsOfTheWrongShapeAreEachReportedWhereTheyAre() async throws {
        let loaded = try await loadOverFruits(["animals.yaml": """
            - fox
            - [a, b]
            - id: [x]
              name: {a: 1}
              species: Fox
            - id: ok
              name: Ok
              species: Ok
              sleepSchedule: "22:00-06:00"
              favoriteFruits: [[elstar], ~, {a: b}]
            - ~
            """])
        // Each value of the wrong type at its first character; a record whose id is not text is
        // left out unread (its name on line 4 is not reported), as every-field-wrong's records are.
        // A record's fields are read in their description's order: favoriteFruits before sleepSchedule.
        #expect(loaded.diagnostics.map(\.ruleID) == Array(repeating: "type-mismatch", count: 8))
        #expect(loaded.diagnostics.map(\.location) == [
            place("animals.yaml", 1, 3), place("animals.yaml", 2, 3), place("animals.yaml", 3, 7),
            place("animals.yaml", 10, 20), place("animals.yaml", 10, 30), place("animals.yaml", 10, 33),
            place("animals.yaml", 9, 18), place("animals.yaml", 11, 3),
        ])
        #expect(loaded.caseContent.animals.map(\.id) == ["ok"])
    }

    @Test func anAliasReadsAsWhatItsAnchorHolds() async throws {
        let loaded = try await loadOverFruits(["animals.yaml": """
            - &fox
              id: fox
              name: Fox
              species: Fox
              favoriteFruits: &favs [elstar]
            - id: owl
              name: Owl
              species: Owl
              favoriteFruits: *favs
            - *fox
            """])
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
        #expect(loaded.caseContent.animals.first { $0.id == "owl" }?.favoriteFruits == ["elstar"])
        // `*fox` is the fox again (which validation then reports as an id used twice).
        #expect(loaded.caseContent.animals.map(\.id) == ["fox", "owl", "fox"])
    }

    @Test func anUndefinedAliasIsASyntaxErrorOfItsFile() async throws {
        let loaded = try await loadOverFruits(["animals.yaml": """
            - id: fox
              name: Fox
              species: Fox
            - *undefined
            """])
        let d = try only("syntax", in: loaded)
        #expect(d.location == place("animals.yaml", 4, 3))
        #expect(d.message.contains("undefined alias"), "\(d.message)")
        #expect(loaded.caseContent.animals.isEmpty)
    }

    /// Token soup from a fixed seed: every input loads to a result (problems allowed), never a trap.
    @Test func randomTokenSoup() async throws {
        let tokens = ["- ", "id: ", "name: ", "species: ", "favoriteFruits: ", "sleepSchedule:", "nibbledAt: ",
                      "\n", "\n  ", "\n    ", "[", "]", "{", "}", ",", ":", "\"", "'", "&a ", "*a", "!!str ",
                      "? ", "|\n", ">-\n", "#", "fox", "0.5", "1e999", "-", "~", "null", "\t", "🦊", "é", "%YAML 1.2\n",
                      "---\n", "...\n", "\\", "\u{FEFF}", "2023-06-05T23:10:00-07:00", "22:30", "elstar"]
        var state: UInt64 = 0x5EED
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        let folder = try TempCase(["site.yaml": minimalSite])
        defer { folder.remove() }
        for round in 0..<200 {
            let text = (0..<(5 + next() % 60)).map { _ in tokens[next() % tokens.count] }.joined()
            let name = ["animals.yaml", "bulletins.json", "fruits.yml", "site.yaml"][round % 4]
            try folder.write(name, Data(text.utf8))
            let loaded = try await folder.load()
            for d in loaded.diagnostics {
                if let location = d.location {
                    #expect(location.line >= 1 && location.column >= 1, "\(text)")
                }
            }
            if name == "site.yaml" {
                try folder.write(name, Data(minimalSite.utf8))
            } else {
                try FileManager.default.removeItem(at: folder.url.appendingPathComponent(name))
            }
        }
    }
}
