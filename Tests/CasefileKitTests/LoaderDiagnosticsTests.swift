import Foundation
import Testing
@testable import CasefileKit

/// Loads site.yaml, fruits.yaml and `files` (the folder shown as `Cases/small`, which diagnostics do not carry).
private func load(_ files: [String: String], bytes: [String: Data] = [:]) async throws -> LoadedCase {
    var all = ["site.yaml": minimalSite, "fruits.yaml": twoFruitsYAML]
    all.merge(files) { _, new in new }
    return try await loadCase(all, displayPath: "Cases/small", bytes: bytes)
}

private func only(_ rule: String, in loaded: LoadedCase,
                  sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Diagnostic {
    try onlyOne(rule, in: loaded.diagnostics, sourceLocation: sourceLocation)
}

private func place(_ file: String, _ line: Int, _ column: Int) -> CasefileKit.SourceLocation {
    CasefileKit.SourceLocation(path: file, line: line, column: column)
}

@Suite("Syntax errors")
struct SyntaxDiagnosticTests {
    @Test func yamlBadIndentation() async throws {
        let loaded = try await load(["animals.yaml": """
            - id: fox
              name: Fox
               species: Fox
            """])
        // Line 3 is indented one column deeper than `name:`, so "Fox species" reads as one
        // multi-line plain scalar, and the `:` after it (column 11) cannot start a value.
        let d = try only("syntax", in: loaded)
        #expect(d.severity == .error)
        #expect(d.location == place("animals.yaml", 3, 11))
        #expect(d.message.contains("mapping values are not allowed"))
        #expect(loaded.caseContent.animals.isEmpty)
        // The other files still load.
        #expect(loaded.caseContent.fruits.count == 2)
    }

    @Test func yamlUnclosedFlowSequence() async throws {
        let loaded = try await load(["animals.yaml": """
            - id: fox
              name: Fox
              species: Fox
              favoriteFruits: [elstar, pink-pearl
            - id: owl
              name: Owl
              species: Owl
            """])
        let d = try only("syntax", in: loaded)
        #expect(d.severity == .error)
        #expect(d.location?.path == "animals.yaml")
        // The `[` opened on line 4 is never closed, so the plain scalar `pink-pearl` runs on
        // into line 5 (`pink-pearl - id`); the `:` after it, line 5 column 5, is where libyaml
        // wanted a `,` or `]`.
        #expect(d.location == place("animals.yaml", 5, 5))
        #expect(d.message.contains("did not find expected ',' or ']'"))
        #expect(d.message.contains("flow sequence"))
        #expect(loaded.caseContent.animals.isEmpty)
    }

    @Test func yamlUnclosedFlowSequenceAtTheEnd() async throws {
        let loaded = try await load(["animals.yaml": "- id: fox\n  name: Fox\n  species: Fox\n  favoriteFruits: [elstar, pink-pearl\n"])
        let d = try only("syntax", in: loaded)
        #expect(d.location?.path == "animals.yaml")
        // The file ends inside the list: the end of the stream is line 5, column 1.
        #expect(d.location == place("animals.yaml", 5, 1))
        #expect(d.message.contains("did not find expected ',' or ']'"))
    }

    @Test func jsonMissingCommaBetweenObjects() async throws {
        let loaded = try await load(["animals.json": """
            [
              {"id": "fox", "name": "Fox", "species": "Fox"}
              {"id": "owl", "name": "Owl", "species": "Owl"}
            ]
            """])
        let d = try only("syntax", in: loaded)
        #expect(d.severity == .error)
        // The second object's `{` on line 3, column 3 is where a `,` or `]` was expected.
        #expect(d.location == place("animals.json", 3, 3))
        #expect(d.message == "expected ',' or ']' after an array element, found '{'")
        #expect(loaded.caseContent.animals.isEmpty)
    }

    @Test func jsonTrailingGarbageAndTruncation() async throws {
        let truncated = try await load(["animals.json": "[\n  {\"id\": \"fox\", \"name\": \"Fox\",\n"])
        let d = try only("syntax", in: truncated)
        #expect(d.location?.path == "animals.json")
        #expect(d.location?.line == 3)
        #expect(d.message == "expected a key in double quotes after ',', found the end of the file")

        let unterminated = try await load(["animals.json": "[\n  {\"id\": \"fox\", \"name\": \"Fox}\n]\n"])
        let u = try only("syntax", in: unterminated)
        // The string opened at `"Fox}` (line 2, column 25) runs into the end of its line.
        #expect(u.location == place("animals.json", 2, 25))
        #expect(u.message == "unterminated string: the line ends before its closing '\"'")
    }

    @Test func duplicateKeyIsASyntaxError() async throws {
        let loaded = try await load(["animals.yaml": """
            - id: fox
              name: Fox
              species: Fox
              name: Vixen
            """])
        let d = try only("syntax", in: loaded)
        #expect(d.message.contains("\"name\""))
        #expect(d.location?.path == "animals.yaml")
    }

    @Test func syntaxErrorInSiteYaml() async throws {
        let loaded = try await loadCase(["site.yaml": "title: [Unclosed\n"], displayPath: "Cases/small")
        let d = try only("syntax", in: loaded)
        #expect(d.location?.path == "site.yaml")
        #expect(d.location?.line == 2)
        // The default title stands in.
        #expect(!loaded.caseContent.site.title.isEmpty)
    }

    /// Diagnostics name files below the case folder, however the user named it (an absolute
    /// path of their machine included): that is what reports and pages publish. The terminal
    /// shows them below the folder as typed.
    @Test func pathsAreRelativeToTheCaseFolderWhateverItWasCalled() async throws {
        let absolute = FileManager.default.temporaryDirectory.appendingPathComponent("home/someone/case").path
        for (display, shown) in [("Content", "Content/animals.yaml"), ("some/where/Case", "some/where/Case/animals.yaml"),
                                 (".", "animals.yaml"), (absolute, absolute + "/animals.yaml")] {
            let loaded = try await loadCase(["site.yaml": minimalSite, "animals.yaml": "- id: [\n"], displayPath: display)
            #expect(loaded.diagnostics.map { $0.location?.path } == ["animals.yaml"])
            #expect(loaded.files == ["site.yaml", "animals.yaml"])
            let line = DiagnosticFormatter(colour: false, folder: display).line(try #require(loaded.diagnostics.first))
            #expect(line.hasPrefix(shown + ":2:1: error:"), "\(line)")
        }
    }
}

@Suite("Field diagnostics")
struct FieldDiagnosticTests {
    @Test func missingRequiredFieldPointsAtTheRecord() async throws {
        let loaded = try await load(["animals.yaml": """
            - id: fox
              name: Fox
              species: Fox
            - id: owl
              species: Owl
            """])
        let d = try only("missing-field", in: loaded)
        #expect(d.severity == .error)
        #expect(d.field == "name")
        #expect(d.recordID == "owl")
        #expect(d.collection == .animals)
        #expect(d.message.contains("\"name\""))
        // The second record starts at its first key, `id`, on line 4, column 3.
        #expect(d.location == place("animals.yaml", 4, 3))
    }

    @Test func missingRequiredFieldInJSON() async throws {
        let loaded = try await load(["animals.json": """
            [
              {"id": "fox", "name": "Fox", "species": "Fox"},
                {"id": "owl", "name": "Owl"}
            ]
            """])
        let d = try only("missing-field", in: loaded)
        #expect(d.field == "species")
        #expect(d.recordID == "owl")
        // The object's `{` is line 3, column 5.
        #expect(d.location == place("animals.json", 3, 5))
    }

    @Test func missingIDDropsTheRecord() async throws {
        let loaded = try await load(["animals.yaml": """
            - id: fox
              name: Fox
              species: Fox
            - name: Nameless
              species: Owl
            """])
        let d = try only("missing-field", in: loaded)
        #expect(d.field == "id")
        #expect(d.location == place("animals.yaml", 4, 3))
        #expect(loaded.caseContent.animals.map(\.id) == ["fox"])
    }

    @Test func nullRequiredFieldIsMissingAtItsValue() async throws {
        let loaded = try await load(["animals.yaml": """
            - id: fox
              name: ~
              species: Fox
            """])
        let d = try only("missing-field", in: loaded)
        #expect(d.field == "name")
        // `~` is line 2, column 9.
        #expect(d.location == place("animals.yaml", 2, 9))
    }

    @Test func quotedNumberIsATypeMismatchAtTheValue() async throws {
        let loaded = try await load(["animals.yaml": """
            - id: fox
              name: Fox
              species: Fox
              suspicionLevel: "high"
            """])
        let d = try only("type-mismatch", in: loaded)
        #expect(d.severity == .error)
        #expect(d.field == "suspicionLevel")
        #expect(d.recordID == "fox")
        // `  suspicionLevel: ` is 18 characters: the `"` of "high" is column 19 of line 4.
        #expect(d.location == place("animals.yaml", 4, 19))
        #expect(d.message.contains("high"))
        // The record is kept, with the default.
        #expect(loaded.caseContent.animals.first?.suspicionLevel == 0)
    }

    @Test func scalarWhereAListBelongsIsATypeMismatchAtTheValue() async throws {
        let loaded = try await load(["animals.yaml": """
            - id: fox
              name: Fox
              species: Fox
              emoji: "🦊"
              favoriteFruits: elstar
            """])
        let d = try only("type-mismatch", in: loaded)
        #expect(d.field == "favoriteFruits")
        // `  favoriteFruits: ` is 18 characters: `elstar` starts at column 19 of line 5.
        #expect(d.location == place("animals.yaml", 5, 19))
        #expect(d.message.contains("list"))
    }

    @Test func columnsCountCharactersAfterNonASCII() async throws {
        // "🦊" is one scalar but four UTF-8 bytes; the value after it is still column 13.
        let loaded = try await load(["animals.yaml": """
            - id: fox
              name: Fox
              species: Fox
              alibi: 🦊 x
              pawSize: [huge]
            - {id: owl, name: "Ölwen", species: Owl, bites: 1}
            """])
        let mismatch = try only("type-mismatch", in: loaded)
        #expect(mismatch.location == place("animals.yaml", 5, 12))
        let unknown = try only("unknown-field", in: loaded)
        // `- {id: owl, name: "Ölwen", species: Owl, ` is 41 scalars: `bites` is column 42.
        #expect(unknown.location == place("animals.yaml", 6, 42))
    }

    @Test func typeMismatchesInJSON() async throws {
        let loaded = try await load(["animals.json": """
            [{"id": "fox", "name": "Fox", "species": "Fox", "suspicionLevel": "0.5", "favoriteFruits": "elstar"}]
            """, "bulletins.json": """
            [{"id": "b1", "fruit": "elstar", "nibbledAt": "2023-06-05T23:10:00-07:00", "location": "Pond", "bites": 2.5}]
            """])
        let mismatches = loaded.diagnostics.with(rule: "type-mismatch")
        #expect(Set(mismatches.compactMap(\.field)) == ["suspicionLevel", "favoriteFruits", "bites"])
        let level = try #require(mismatches.first { $0.field == "suspicionLevel" })
        // `"0.5"` starts at column 67 of line 1.
        #expect(level.location == place("animals.json", 1, 67))
    }

    @Test func unknownFieldSuggestsTheNearestKnownOne() async throws {
        let loaded = try await load(["animals.yaml": """
            - id: fox
              name: Fox
              speces: Fox
            """])
        let d = try only("unknown-field", in: loaded)
        #expect(d.severity == .warning)
        #expect(d.message.contains(#"did you mean "species""#))
        #expect(d.field == "speces")
        #expect(d.recordID == "fox")
        // The key `speces` is line 3, column 3.
        #expect(d.location == place("animals.yaml", 3, 3))
        // `species` itself is then missing.
        let missing = try only("missing-field", in: loaded)
        #expect(missing.field == "species")
    }

    @Test func unknownNestedFieldNamesItsPath() async throws {
        let loaded = try await load(["animals.yaml": """
            - id: fox
              name: Fox
              species: Fox
              sleepSchedule:
                sleep: "22:00"
                wak: "06:00"
            """])
        let unknown = try only("unknown-field", in: loaded)
        #expect(unknown.field == "sleepSchedule.wak")
        #expect(unknown.message.contains(#"did you mean "wake""#))
        #expect(unknown.location == place("animals.yaml", 6, 5))
        let missing = try only("missing-field", in: loaded)
        #expect(missing.field == "sleepSchedule.wake")
    }

    @Test func unknownFieldFarFromAnyKnownOneHasNoSuggestion() async throws {
        let loaded = try await load(["animals.yaml": "- id: fox\n  name: Fox\n  species: Fox\n  favouriteColour: blue\n"])
        let d = try only("unknown-field", in: loaded)
        #expect(!d.message.contains("did you mean"))
    }
}

@Suite("Garbage never crashes")
struct GarbageInputTests {
    @Test func binaryBytes() async throws {
        let loaded = try await load([:], bytes: ["animals.yaml": Data([0xFF, 0xFE, 0x00, 0x41, 0x80, 0xC3, 0x28, 0x0A])])
        let d = try only("syntax", in: loaded)
        #expect(d.location == place("animals.yaml", 1, 1))
        #expect(loaded.caseContent.animals.isEmpty)
    }

    @Test func invalidUTF8IsAtItsFirstBadByte() async throws {
        // "F" then 0xC3 (a lead byte) followed by "x", which cannot continue it: line 2, column 10.
        var bytes = Data("- id: fox\n  name: F".utf8)
        bytes.append(contentsOf: [0xC3, 0x78, 0x0A])
        let loaded = try await load([:], bytes: ["animals.yaml": bytes])
        let d = try only("syntax", in: loaded)
        #expect(d.location == place("animals.yaml", 2, 10))
        #expect(d.message.contains("not UTF-8"))
    }

    @Test func aNoteThatIsNotUTF8IsReadAndReportedWhereItBreaks() async throws {
        var note = Data("# Fox\n\nSaw é and ".utf8)
        note.append(contentsOf: [0xFF, 0x0A])
        let loaded = try await load([:], bytes: ["notes/animals/fox.md": note])
        let d = try only("syntax", in: loaded)
        #expect(d.location == place("notes/animals/fox.md", 3, 11))
        #expect(loaded.caseContent.notes[.animals]?["fox"]?.source.contains("\u{FFFD}") == true)
    }

    @Test func aByteOrderMarkAndCRLFAreAccepted() async throws {
        let yaml = "\u{FEFF}- id: fox\r\n  name: Fox\r\n  species: Fox\r\n  favoriteFruits: [elstar]\r\n  pawSize: huge\r\n"
        let loaded = try await load(["animals.yaml": yaml])
        #expect(loaded.caseContent.animals.map(\.id) == ["fox"])
        // The mark is not a column: the bad paw size is where an editor shows it.
        let validated = await Validator().validate(loaded)
        let d = try #require(validated.diagnostics.first { $0.ruleID == "paw-size" })
        #expect(d.location == place("animals.yaml", 5, 12))
    }

    @Test func controlCharactersInUTF8Text() async throws {
        let loaded = try await load(["animals.yaml": "- id: fox\n  name: F\u{1}x\n"])
        let d = try only("syntax", in: loaded)
        // The control character is on line 2, column 10.
        #expect(d.location == place("animals.yaml", 2, 10))
    }

    @Test func nulByte() async throws {
        let loaded = try await load([:], bytes: ["animals.yaml": Data("- id: fox\n  name: F\u{0}x\n  species: Fox\n".utf8)])
        // The NUL is not taken for the end of the text: it is a control character at 2:10.
        let d = try only("syntax", in: loaded)
        #expect(d.location == place("animals.yaml", 2, 10))
    }

    @Test func emptySiteYaml() async throws {
        let loaded = try await loadCase(["site.yaml": ""], displayPath: "Cases/small")
        let d = try only("missing-field", in: loaded)
        #expect(d.field == "title")
        #expect(d.location == place("site.yaml", 1, 1))
    }

    @Test func emptyAndCommentOnlyCollectionFiles() async throws {
        // An empty collection file is an empty collection: nothing to load, nothing to crash.
        let loaded = try await load(["animals.yaml": "", "bulletins.yaml": "# nothing yet\n", "fruits.yaml": "[]"])
        #expect(loaded.caseContent.animals.isEmpty)
        #expect(loaded.caseContent.bulletins.isEmpty)
        #expect(loaded.caseContent.fruits.isEmpty)
        #expect(loaded.diagnostics.allSatisfy { $0.severity != .error })
    }

    @Test func topLevelScalar() async throws {
        let loaded = try await load(["animals.yaml": "just some words\n"])
        let d = try only("type-mismatch", in: loaded)
        #expect(d.location == place("animals.yaml", 1, 1))
        #expect(d.message.contains("list"))
    }

    @Test func topLevelMapping() async throws {
        let loaded = try await load(["animals.json": "{\"id\": \"fox\"}"])
        let d = try only("type-mismatch", in: loaded)
        #expect(d.location == place("animals.json", 1, 1))
    }

    @Test func listOfNumbers() async throws {
        let loaded = try await load(["animals.json": "[1, 2,\n 3]"])
        let mismatches = loaded.diagnostics.with(rule: "type-mismatch")
        #expect(mismatches.count == 3)
        #expect(mismatches.map(\.location) == [place("animals.json", 1, 2), place("animals.json", 1, 5),
                                                place("animals.json", 2, 2)])
        #expect(loaded.caseContent.animals.isEmpty)
    }

    @Test func recordThatIsNotAMappingIsNamedInItsMessage() async throws {
        let loaded = try await load(["animals.json": "[1]", "bulletins.json": "[\"b\"]"])
        let messages = loaded.diagnostics.with(rule: "type-mismatch").map(\.message)
        #expect(messages.contains { $0.hasPrefix("an animal must be a mapping of fields") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("a bulletin must be a mapping of fields") }, "\(messages)")
    }

    @Test func deepNesting() async throws {
        let depth = 50_000
        let flow = try await load(["animals.json": String(repeating: "[", count: depth) + String(repeating: "]", count: depth)])
        #expect(!flow.diagnostics.isEmpty)
        let block = try await load(["animals.yaml": String(repeating: "- ", count: depth) + "x\n"])
        #expect(!block.diagnostics.isEmpty)
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
        #expect(loaded.diagnostics.contains { $0.ruleID == "type-mismatch" && $0.field == "title" })
    }

    @Test func siteYamlThatIsAList() async throws {
        let loaded = try await loadCase(["site.yaml": "- title\n- x\n"], displayPath: "Cases/small")
        let d = try only("type-mismatch", in: loaded)
        #expect(d.location?.path == "site.yaml")
    }

    @Test func recordsOfTheWrongShape() async throws {
        let loaded = try await load(["animals.yaml": """
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
        #expect(!loaded.diagnostics.isEmpty)
        #expect(loaded.caseContent.animals.map(\.id) == ["ok"])
    }

    @Test func anchorsAndAliases() async throws {
        let loaded = try await load(["animals.yaml": """
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
            - *undefined
            """])
        #expect(!loaded.diagnostics.isEmpty)
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
