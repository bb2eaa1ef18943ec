import Foundation
import Testing
@testable import CasefileModel
@testable import CasefileValidation
import CasefileLoadingTestSupport
import CasefileValidationTestSupport

/// A small valid case, with `changes` on top (a nil value removes a file).
func validate(_ changes: [String: String?]) async throws -> ValidatedCase {
    var files = ["site.yaml": minimalSite, "fruits.yaml": twoFruitsYAML, "animals.yaml": twoAnimalsYAML]
    for (path, text) in changes { files[path] = text }
    return try await validateCase(files, displayPath: "Case")
}

@Suite("Validator rules")
struct ValidatorRuleTests {
    @Test func theBaseCaseIsClean() async throws {
        let validated = try await validate([:])
        #expect(validated.diagnostics.isEmpty, "\(validated.diagnostics.map(\.message))")
    }

    @Test func brokenCaseLinkInANote() async throws {
        let validated = try await validate(["notes/animals/fox.md": """
            # Fox

            Saw [the owl](animal:owl) and [someone](animal:owel) by the
            pond, eating [an apple](fruit:elstar).
            """])
        let d = try only("broken-reference", in: validated)
        #expect(d.severity == .error)
        // "Saw [the owl](animal:owl) and " is 30 characters: the second `[` is line 3, column 31.
        #expect(d.location == place("notes/animals/fox.md", 3, 31))
        #expect(d.message.contains(#"no animal with id "owel""#))
        #expect(d.message.contains(#"did you mean "owl""#))
        #expect(d.recordID == "fox")
        #expect(d.collection == .animals)
        // The note is compiled: the good links located (the owl is animal 1, the apple fruit 0),
        // to be placed, the broken one left as text.
        let note = try #require(validated.animalNotes[0])
        #expect(note.html.contains("someone by the"))
        #expect(!note.html.contains("animal:owl"))
        #expect(!note.html.contains("fruit:elstar"))
        #expect(note.slots.map(\.kind) == [.animal, .fruit])
        #expect(note.slots.map(\.target) == [1, 0])
        #expect(note.slots.allSatisfy { note.html.utf8.dropFirst($0.offset - #"<a href=""#.utf8.count).starts(with: #"<a href="""#.utf8) })
        // Its text is kept for the validation page's excerpt.
        #expect(validated.sources["notes/animals/fox.md"]?.contains("animal:owel") == true)
    }

    /// The validated case keeps the text of the files its problems point into, for the
    /// validation page's excerpts, and of no other: a 100k case's data files are 54 MB.
    @Test func onlyTheFilesProblemsPointIntoAreKept() async throws {
        let validated = try await validate(["notes/animals/fox.md": "Saw [someone](animal:owel).\n"])
        #expect(validated.diagnostics.compactMap(\.location?.path) == ["notes/animals/fox.md"])
        #expect(Array(validated.sources.keys) == ["notes/animals/fox.md"])
        let clean = try await validate([:])
        #expect(clean.sources.isEmpty)
        // A problem in a data file keeps that file's text, as read.
        let renamed = try await validate(["fruits.yaml": twoFruitsYAML + "- id: elstar\n  name: Again\n  color: \"#ff0000\"\n"])
        let paths = Set(renamed.diagnostics.compactMap(\.location?.path))
        #expect(paths == ["fruits.yaml"], "\(renamed.diagnostics.map(\.message))")
        #expect(Set(renamed.sources.keys) == paths)
        #expect(renamed.sources["fruits.yaml"]?.hasSuffix("name: Again\n  color: \"#ff0000\"\n") == true)
    }

    /// A build's validation lets the notes' Markdown go once they are compiled: their HTML is
    /// what it renders, and which notes exist and where they are stay. A note a problem points
    /// into is still quoted.
    @Test func aBuildLetsTheNotesMarkdownGo() async throws {
        let folder = try TempCase(["site.yaml": minimalSite, "fruits.yaml": twoFruitsYAML, "animals.yaml": twoAnimalsYAML,
                                   "notes/animals/fox.md": "Saw [someone](animal:owel).\n",
                                   "notes/animals/owl.md": "# Owl\n\nAte [an apple](fruit:elstar).\n"], displayPath: "Case")
        defer { folder.remove() }
        let loaded = try await folder.load()
        let kept = await Validator().validate(loaded)
        let built = await Validator(keepsNoteText: false).validate(loaded)
        #expect(kept.caseContent.notes[.animals]?["owl"]?.source == "# Owl\n\nAte [an apple](fruit:elstar).\n")
        #expect(built.caseContent.notes[.animals]?["owl"]?.source == "")
        #expect(built.caseContent.notes[.animals]?["owl"]?.path == kept.caseContent.notes[.animals]?["owl"]?.path)
        #expect(built.caseContent.notes.mapValues { Set($0.keys) } == [.animals: ["fox", "owl"]])
        #expect(built.animalNotes.mapValues(\.html) == kept.animalNotes.mapValues(\.html))
        #expect(built.animalNotes.values.contains { $0.html.contains(">Owl</h") && $0.html.contains("an apple") })
        #expect(built.sources == kept.sources)
        #expect(built.sources["notes/animals/fox.md"] == "Saw [someone](animal:owel).\n")
    }

    @Test func brokenCaseLinksOfEveryKindInABulletinNote() async throws {
        let validated = try await validate([
            "bulletins.yaml": "- id: b1\n  fruit: elstar\n  nibbledAt: 2023-06-05T23:10:00-07:00\n  location: Pond\n",
            "notes/bulletins/b1.md": "- [a](animal:nobody)\n- [b](bulletin:b2)\n- [c](fruit:durian)\n- [ok](bulletin:b1)\n",
        ])
        let broken = validated.diagnostics.with(rule: "broken-reference")
        #expect(broken.map(\.location) == [place("notes/bulletins/b1.md", 1, 3), place("notes/bulletins/b1.md", 2, 3),
                                           place("notes/bulletins/b1.md", 3, 3)])
        #expect(broken.map(\.value) == ["animal:nobody", "bulletin:b2", "fruit:durian"])
    }

    @Test func duplicateIDPointsAtBoth() async throws {
        let validated = try await validate(["animals.yaml": """
            - id: fox
              name: Fox
              species: Fox
            - id: owl
              name: Owl
              species: Owl
            - id: fox
              name: Another fox
              species: Fox
            """])
        let d = try only("duplicate-id", in: validated)
        #expect(d.severity == .error)
        // The second `fox` is the value at line 7, column 7; the first at line 1, column 7.
        #expect(d.location == place("animals.yaml", 7, 7))
        #expect(d.related == [place("animals.yaml", 1, 7)])
        #expect(d.recordID == "fox")
        #expect(d.message.contains("animals.yaml:1:7"))
    }

    @Test func duplicateIDsInEachCollection() async throws {
        let validated = try await validate([
            "fruits.yaml": twoFruitsYAML + "- id: elstar\n  name: Again\n  color: red\n",
            "bulletins.json": """
                [{"id": "b1", "fruit": "elstar", "nibbledAt": "2023-06-05T23:10:00Z", "location": "Pond"},
                 {"id": "b1", "fruit": "elstar", "nibbledAt": "2023-06-05T23:11:00Z", "location": "Pond"}]
                """,
        ])
        let duplicates = validated.diagnostics.with(rule: "duplicate-id")
        #expect(Set(duplicates.compactMap(\.collection)) == [.fruits, .bulletins])
        let bulletin = try #require(duplicates.first { $0.collection == .bulletins })
        // Line 2 is ` {"id": "b1", …`: the second "b1" starts at column 9, as the first on line 1.
        #expect(bulletin.location == place("bulletins.json", 2, 9))
        #expect(bulletin.related == [place("bulletins.json", 1, 9)])
    }

    @Test func unknownFavouriteFruitSuggestsTheNearest() async throws {
        let validated = try await validate(["animals.yaml": """
            - id: fox
              name: Fox
              species: Fox
              favoriteFruits: [elstr]
            """])
        let d = try only("unknown-fruit", in: validated)
        #expect(d.severity == .error)
        #expect(d.message.contains(#"no fruit with id "elstr""#))
        #expect(d.message.contains(#"did you mean "elstar""#))
        #expect(d.value == "elstr")
        #expect(d.field?.key == "favoriteFruits")
        #expect(d.location?.path == "animals.yaml")
        #expect(d.location?.line == 4)
    }

    @Test func unknownFavouriteFruitPointsAtItsOwnListItem() async throws {
        let validated = try await validate(["animals.yaml": """
            - id: fox
              name: Fox
              species: Fox
              favoriteFruits:
                - elstar
                - pink-pearl
                - granny-smith
            """])
        let d = try only("unknown-fruit", in: validated)
        // The problem sits at `granny-smith`, line 7, column 7 (as duplicate-fruit points at its item).
        #expect(d.location == place("animals.yaml", 7, 7))
        #expect(!d.message.contains("did you mean"))
    }

    @Test func unknownBulletinFruitAndReporter() async throws {
        let validated = try await validate(["bulletins.yaml": """
            - id: b1
              fruit: pink-perl
              nibbledAt: 2023-06-05T23:10:00-07:00
              location: Pond
              reportedBy: fax
            """])
        let fruit = try only("unknown-fruit", in: validated)
        #expect(fruit.location == place("bulletins.yaml", 2, 10))
        #expect(fruit.message.contains(#"did you mean "pink-pearl""#))
        let animal = try only("unknown-animal", in: validated)
        #expect(animal.location == place("bulletins.yaml", 5, 15))
        #expect(animal.message.contains(#"did you mean "fox""#))
    }

    @Test func aCatalogThatDoesNotParseIsUnknownNotEmpty() async throws {
        // fruits.yaml stops parsing at its second record: no fruit is known, and none is said to
        // be missing — not by the animals, the bulletin, nor the note's case link.
        let validated = try await validate([
            "fruits.yaml": "- id: elstar\n  name: Elstar\n  color: red\n- id: pink-pearl\n  name: Pink: Pearl\n  color: pink\n",
            "bulletins.yaml": "- id: b1\n  fruit: elstar\n  nibbledAt: \"2023-06-05T23:10:00Z\"\n  location: Pond\n  reportedBy: fax\n",
            "notes/animals/fox.md": "Likes [apples](fruit:elstar).\n",
        ])
        #expect(validated.diagnostics.map(\.ruleID).sorted() == ["syntax", "unknown-animal"],
                "\(validated.diagnostics.map { "\($0.ruleID): \($0.message)" })")
    }

    @Test func animalsThatAreNotAListAreUnknownNotEmpty() async throws {
        let validated = try await validate([
            "animals.yaml": "fox: {name: Fox}\n",
            "bulletins.yaml": "- id: b1\n  fruit: elstar\n  nibbledAt: \"2023-06-05T23:10:00Z\"\n  location: Pond\n  reportedBy: fox\n",
            "notes/bulletins/b1.md": "Reported by [the fox](animal:fox), who likes [pears](fruit:pear).\n",
        ])
        // The list is the problem; reportedBy and the note's animal link are not checked, its
        // fruit link still is, and with no animals to favour them the fruits are not called unused.
        #expect(validated.diagnostics.map(\.ruleID).sorted() == ["broken-reference", "type-mismatch"],
                "\(validated.diagnostics.map { "\($0.ruleID): \($0.message)" })")
    }

    @Test func orphanNote() async throws {
        let validated = try await validate(["notes/animals/foxx.md": "Who is this?\n"])
        let d = try only("orphan-note", in: validated)
        #expect(d.severity == .warning)
        #expect(d.location == place("notes/animals/foxx.md", 1, 1))
        #expect(d.message.contains(#"did you mean "fox""#))
    }
}

