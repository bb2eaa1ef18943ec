import Foundation
import Testing
@testable import CasefileModel
import CasefileTemplates
import CasefileTestSupport
import CasefileLoadingTestSupport
import CasefileValidationTestSupport

/// One planted fault per rule of the README's table: the rule fires once, with the table's
/// default severity, at the file, line and column where the fault was written. The expected
/// place is found by searching the planted file as written on disk, never copied from output.
struct PlantedFault: Sendable, CustomTestStringConvertible {
    var rule: String
    /// The severity the README's table gives the rule.
    var severity: Severity
    /// Files written over the clean base case.
    var files: [String: String]
    /// The file the problem sits in, and the text whose first character is the expected place
    /// (its `occurrence`-th appearance, 1-based, plus `offset` characters).
    var file: String
    var needle: String
    var occurrence = 1
    var offset = 0
    /// Makes what a string cannot (a link, a pipe) in the case folder; the problem is then at the
    /// start of `file` (`needle` is empty).
    var prepare: (@Sendable (URL) throws -> Void)?

    var testDescription: String { rule }
}

private let base = ["site.yaml": "title: Planted faults\n", "fruits.yaml": twoFruitsYAML, "animals.yaml": twoAnimalsYAML]

/// An animals.yaml with `extra` lines added to the fox (indented as its fields).
private func fox(_ extra: String, favourites: String = "[elstar]") -> String {
    """
    - id: fox
      name: Fox
      species: Fox
      favoriteFruits: \(favourites)
    \(extra.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n"))
    - id: owl
      name: Owl
      species: Owl
      favoriteFruits: [pink-pearl]

    """
}

private let bulletin = """
    - id: b1
      fruit: elstar
      nibbledAt: "2023-06-05T23:10:00Z"
      location: Pond

    """

let plantedFaults: [PlantedFault] = [
    PlantedFault(rule: "syntax", severity: .error,
                 files: ["animals.yaml": "- id: fox\n  name: F\u{1}x\n  species: Fox\n"],
                 file: "animals.yaml", needle: "\u{1}"),
    PlantedFault(rule: "outside-link", severity: .error, files: [:], file: "notes/animals/fox.md", needle: "",
                 prepare: { case_ in
                     let outside = case_.deletingLastPathComponent().appendingPathComponent("outside-\(UUID().uuidString).md")
                     try Data("A secret of the author's machine.\n".utf8).write(to: outside)
                     try FileManager.default.createDirectory(at: case_.appendingPathComponent("notes/animals"),
                                                             withIntermediateDirectories: true)
                     try FileManager.default.createSymbolicLink(at: case_.appendingPathComponent("notes/animals/fox.md"),
                                                                withDestinationURL: outside)
                 }),
    PlantedFault(rule: "not-a-file", severity: .error, files: [:], file: "notes/animals/fox.md", needle: "",
                 prepare: { case_ in
                     try FileManager.default.createDirectory(at: case_.appendingPathComponent("notes/animals/fox.md"),
                                                             withIntermediateDirectories: true)
                 }),
    PlantedFault(rule: "file-too-large", severity: .error,
                 files: ["site.yaml": "title: Planted faults\nlimits:\n  noteMB: 1\n",
                         "notes/animals/fox.md": String(repeating: "Nibbles. ", count: 120_000)],
                 file: "notes/animals/fox.md", needle: ""),
    PlantedFault(rule: "missing-field", severity: .error,
                 files: ["animals.yaml": fox("") + "- id: mole\n  species: Mole\n"],
                 file: "animals.yaml", needle: "id: mole"),
    PlantedFault(rule: "type-mismatch", severity: .error,
                 files: ["animals.yaml": fox("suspicionLevel: \"high\"")],
                 file: "animals.yaml", needle: "\"high\""),
    PlantedFault(rule: "unknown-field", severity: .warning,
                 files: ["animals.yaml": fox("speces: Fox")],
                 file: "animals.yaml", needle: "speces"),
    PlantedFault(rule: "duplicate-id", severity: .error,
                 files: ["animals.yaml": fox("") + "- id: fox\n  name: Second fox\n  species: Fox\n  favoriteFruits: [elstar]\n"],
                 file: "animals.yaml", needle: "id: fox", occurrence: 2, offset: 4),
    PlantedFault(rule: "invalid-id", severity: .error,
                 files: ["fruits.yaml": base["fruits.yaml"]! + "- id: Big_Berry\n  name: Big berry\n  color: purple\n",
                         "bulletins.yaml": "- id: b1\n  fruit: Big_Berry\n  nibbledAt: \"2023-06-05T23:10:00Z\"\n  location: Pond\n"],
                 file: "fruits.yaml", needle: "Big_Berry"),
    PlantedFault(rule: "blank-name", severity: .error,
                 files: ["bulletins.yaml": bulletin.replacingOccurrences(of: "location: Pond", with: "location: \"   \"")],
                 file: "bulletins.yaml", needle: "\"   \""),
    PlantedFault(rule: "suspicion-range", severity: .error,
                 files: ["animals.yaml": fox("alibi: Fishing\nsuspicionLevel: 1.4")],
                 file: "animals.yaml", needle: "1.4"),
    PlantedFault(rule: "paw-size", severity: .error,
                 files: ["animals.yaml": fox("pawSize: huge")],
                 file: "animals.yaml", needle: "huge"),
    PlantedFault(rule: "unknown-fruit", severity: .error,
                 files: ["animals.yaml": fox("", favourites: "\n    - elstar\n    - durian")],
                 file: "animals.yaml", needle: "durian"),
    PlantedFault(rule: "unknown-animal", severity: .error,
                 files: ["bulletins.yaml": bulletin + "  reportedBy: badger\n"],
                 file: "bulletins.yaml", needle: "badger"),
    PlantedFault(rule: "invalid-time", severity: .error,
                 files: ["animals.yaml": fox("sleepSchedule:\n  sleep: \"22:00\"\n  wake: \"25:61\"")],
                 file: "animals.yaml", needle: "\"25:61\""),
    PlantedFault(rule: "invalid-date", severity: .error,
                 files: ["bulletins.yaml": bulletin.replacingOccurrences(of: "2023-06-05T23:10:00Z", with: "June 5th, late")],
                 file: "bulletins.yaml", needle: "\"June"),
    PlantedFault(rule: "invalid-color", severity: .error,
                 files: ["fruits.yaml": base["fruits.yaml"]!.replacingOccurrences(of: "color: pink", with: "color: blurple")],
                 file: "fruits.yaml", needle: "blurple"),
    PlantedFault(rule: "broken-reference", severity: .error,
                 files: ["notes/animals/owl.md": "# Owl\n\nHoots at [the fox](animal:fox) and at\n[a badger](animal:badger).\n"],
                 file: "notes/animals/owl.md", needle: "[a badger]"),
    PlantedFault(rule: "duplicate-fruit", severity: .warning,
                 files: ["animals.yaml": fox("", favourites: "[elstar, pink-pearl, elstar]")],
                 file: "animals.yaml", needle: "elstar", occurrence: 2),
    PlantedFault(rule: "sleep-equals-wake", severity: .warning,
                 files: ["animals.yaml": fox("sleepSchedule:\n  sleep: \"22:00\"\n  wake: \"22:00\"")],
                 file: "animals.yaml", needle: "sleep: \"22:00\""),
    PlantedFault(rule: "emoji", severity: .warning,
                 files: ["animals.yaml": fox("emoji: \"🦊🦊\"")],
                 file: "animals.yaml", needle: "\"🦊🦊\""),
    PlantedFault(rule: "orphan-note", severity: .warning,
                 files: ["notes/animals/foxx.md": "Who is this?\n"],
                 file: "notes/animals/foxx.md", needle: "Who"),
    PlantedFault(rule: "unknown-language", severity: .warning,
                 files: ["site.yaml": "title: Planted faults\nlanguage: tlh\n"],
                 file: "site.yaml", needle: "tlh"),
    PlantedFault(rule: "missing-translation", severity: .warning,
                 // A language Casefile has no table for, with every English key but one.
                 files: ["site.yaml": "title: Planted faults\nlanguage: it\n",
                         "i18n/it.yaml": BuiltinTemplates.stringTables["en"]!.split(separator: "\n", omittingEmptySubsequences: false)
                            .filter { !$0.hasPrefix("previous:") }.joined(separator: "\n")],
                 file: "i18n/it.yaml", needle: "# English"),
    PlantedFault(rule: "missing-interview", severity: .warning,
                 files: ["animals.yaml": "- {id: fox, name: Fox, species: Fox, favoriteFruits: [elstar], suspicionLevel: 0.95}\n"
                            + "- {id: owl, name: Owl, species: Owl, favoriteFruits: [pink-pearl]}\n"],
                 file: "animals.yaml", needle: "{id: fox"),
    PlantedFault(rule: "unsupported-suspicion", severity: .warning,
                 files: ["animals.yaml": fox("alibi: Asleep\nsuspicionLevel: 0.6\nsleepSchedule: {sleep: \"20:00\", wake: \"08:00\"}"),
                         "bulletins.yaml": bulletin],
                 file: "animals.yaml", needle: "0.6"),
    PlantedFault(rule: "reporter-is-suspect", severity: .note,
                 files: ["bulletins.yaml": bulletin + "  reportedBy: fox\n"],
                 file: "bulletins.yaml", needle: "fox"),
    PlantedFault(rule: "unused-fruit", severity: .note,
                 files: ["fruits.yaml": base["fruits.yaml"]! + "- {id: durian, name: Durian, color: olive}\n"],
                 file: "fruits.yaml", needle: "{id: durian"),
]

@Suite("Every rule, planted")
struct EveryRuleTests {
    @Test func theBaseCaseIsClean() async throws {
        let validated = try await validateCase(base)
        #expect(validated.diagnostics.isEmpty, "\(validated.diagnostics.map(\.message))")
    }

    /// The rules on a case's templates are planted in CasefileKitTests (TemplateCheckTests).
    @Test func everyRuleOfTheTableHasAPlantedFault() {
        #expect(plantedFaults.map(\.rule) == Rule.caseRules.map(\.id))
        for fault in plantedFaults {
            #expect(Rule.byID[fault.rule]?.defaultSeverity == fault.severity, "\(fault.rule)")
        }
    }

    @Test(arguments: plantedFaults)
    func plantedFaultIsFoundWhereItWasWritten(_ fault: PlantedFault) async throws {
        var files = base
        files.merge(fault.files) { _, planted in planted }
        let folder = try TempCase(files, displayPath: "Case")
        defer { folder.remove() }
        try fault.prepare?(folder.url)
        let validated = try await folder.validate()

        let found = validated.diagnostics.with(rule: fault.rule)
        #expect(found.count == 1, "\(validated.diagnostics.map { "\($0.ruleID) \($0.location?.description ?? "-"): \($0.message)" })")
        let d = try #require(found.first)
        #expect(d.severity == fault.severity)
        #expect(!d.message.isEmpty)
        #expect(d.fix?.isEmpty == false, "every problem says how to fix it")

        var expected = (line: 1, column: 1)
        if !fault.needle.isEmpty {
            let written = try String(contentsOf: folder.url.appendingPathComponent(fault.file), encoding: .utf8)
            expected = try #require(place(of: fault.needle, in: written, occurrence: fault.occurrence, offset: fault.offset),
                                    "\(fault.needle) not in \(fault.file)")
        }
        #expect(d.location?.path == "" + fault.file)
        #expect(d.location?.line == expected.line)
        #expect(d.location?.column == expected.column)
    }

    @Test func thePlaceHelperCountsScalars() throws {
        let at = try #require(place(of: "x", in: "ab\n🦊é x\n"))
        #expect(at.line == 2)
        #expect(at.column == 4)
        #expect(place(of: "y", in: "x") == nil)
    }
}
