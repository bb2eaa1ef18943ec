import Foundation
import Testing
@testable import CasefileModel
@testable import CasefileLoading
import CasefileLoadingTestSupport

@Suite("Field diagnostics")
struct FieldDiagnosticTests {
    @Test func missingRequiredFieldPointsAtTheRecord() async throws {
        let loaded = try await loadOverFruits(["animals.yaml": """
            - id: fox
              name: Fox
              species: Fox
            - id: owl
              species: Owl
            """])
        let d = try only("missing-field", in: loaded)
        #expect(d.severity == .error)
        #expect(d.field?.key == "name")
        #expect(d.recordID == "owl")
        #expect(d.collection == .animals)
        #expect(d.message.contains("\"name\""))
        // The second record starts at its first key, `id`, on line 4, column 3.
        #expect(d.location == place("animals.yaml", 4, 3))
    }

    @Test func missingRequiredFieldInJSON() async throws {
        let loaded = try await loadOverFruits(["animals.json": """
            [
              {"id": "fox", "name": "Fox", "species": "Fox"},
                {"id": "owl", "name": "Owl"}
            ]
            """])
        let d = try only("missing-field", in: loaded)
        #expect(d.field?.key == "species")
        #expect(d.recordID == "owl")
        // The object's `{` is line 3, column 5.
        #expect(d.location == place("animals.json", 3, 5))
    }

    @Test func missingIDDropsTheRecord() async throws {
        let loaded = try await loadOverFruits(["animals.yaml": """
            - id: fox
              name: Fox
              species: Fox
            - name: Nameless
              species: Owl
            """])
        let d = try only("missing-field", in: loaded)
        #expect(d.field?.key == "id")
        #expect(d.location == place("animals.yaml", 4, 3))
        #expect(loaded.caseContent.animals.map(\.id) == ["fox"])
    }

    @Test func nullRequiredFieldIsMissingAtItsValue() async throws {
        let loaded = try await loadOverFruits(["animals.yaml": """
            - id: fox
              name: ~
              species: Fox
            """])
        let d = try only("missing-field", in: loaded)
        #expect(d.field?.key == "name")
        // `~` is line 2, column 9.
        #expect(d.location == place("animals.yaml", 2, 9))
    }

    @Test func quotedNumberIsATypeMismatchAtTheValue() async throws {
        let loaded = try await loadOverFruits(["animals.yaml": """
            - id: fox
              name: Fox
              species: Fox
              suspicionLevel: "high"
            """])
        let d = try only("type-mismatch", in: loaded)
        #expect(d.severity == .error)
        #expect(d.field?.key == "suspicionLevel")
        #expect(d.recordID == "fox")
        // `  suspicionLevel: ` is 18 characters: the `"` of "high" is column 19 of line 4.
        #expect(d.location == place("animals.yaml", 4, 19))
        #expect(d.message.contains("high"))
        // The record is kept, with the default.
        #expect(loaded.caseContent.animals.first?.suspicionLevel == 0)
    }

    @Test func scalarWhereAListBelongsIsATypeMismatchAtTheValue() async throws {
        let loaded = try await loadOverFruits(["animals.yaml": """
            - id: fox
              name: Fox
              species: Fox
              emoji: "🦊"
              favoriteFruits: elstar
            """])
        let d = try only("type-mismatch", in: loaded)
        #expect(d.field?.key == "favoriteFruits")
        // `  favoriteFruits: ` is 18 characters: `elstar` starts at column 19 of line 5.
        #expect(d.location == place("animals.yaml", 5, 19))
        #expect(d.message.contains("list"))
    }

    @Test func columnsCountCharactersAfterNonASCII() async throws {
        // "🦊" is one scalar but four UTF-8 bytes; the value after it is still column 13.
        let loaded = try await loadOverFruits(["animals.yaml": """
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
        let loaded = try await loadOverFruits(["animals.json": """
            [{"id": "fox", "name": "Fox", "species": "Fox", "suspicionLevel": "0.5", "favoriteFruits": "elstar"}]
            """, "bulletins.json": """
            [{"id": "b1", "fruit": "elstar", "nibbledAt": "2023-06-05T23:10:00-07:00", "location": "Pond", "bites": 2.5}]
            """])
        let mismatches = loaded.diagnostics.with(rule: "type-mismatch")
        #expect(Set(mismatches.compactMap(\.field?.key)) == ["suspicionLevel", "favoriteFruits", "bites"])
        let level = try #require(mismatches.first { $0.field?.key == "suspicionLevel" })
        // `"0.5"` starts at column 67 of line 1.
        #expect(level.location == place("animals.json", 1, 67))
    }

    @Test func unknownFieldSuggestsTheNearestKnownOne() async throws {
        let loaded = try await loadOverFruits(["animals.yaml": """
            - id: fox
              name: Fox
              speces: Fox
            """])
        let d = try only("unknown-field", in: loaded)
        #expect(d.severity == .warning)
        #expect(d.message.contains(#"did you mean "species""#))
        #expect(d.field?.key == "speces")
        #expect(d.recordID == "fox")
        // The key `speces` is line 3, column 3.
        #expect(d.location == place("animals.yaml", 3, 3))
        // `species` itself is then missing.
        let missing = try only("missing-field", in: loaded)
        #expect(missing.field?.key == "species")
    }

    @Test func unknownNestedFieldNamesItsPath() async throws {
        let loaded = try await loadOverFruits(["animals.yaml": """
            - id: fox
              name: Fox
              species: Fox
              sleepSchedule:
                sleep: "22:00"
                wak: "06:00"
            """])
        let unknown = try only("unknown-field", in: loaded)
        #expect(unknown.field?.key == "sleepSchedule.wak")
        #expect(unknown.message.contains(#"did you mean "wake""#))
        #expect(unknown.location == place("animals.yaml", 6, 5))
        let missing = try only("missing-field", in: loaded)
        #expect(missing.field?.key == "sleepSchedule.wake")
    }

    @Test func unknownFieldFarFromAnyKnownOneHasNoSuggestion() async throws {
        let loaded = try await loadOverFruits(["animals.yaml": "- id: fox\n  name: Fox\n  species: Fox\n  favouriteColour: blue\n"])
        let d = try only("unknown-field", in: loaded)
        #expect(!d.message.contains("did you mean"))
    }
}

