import Foundation
import Testing
@testable import CasefileModel
@testable import CasefileValidation
import CasefileLoadingTestSupport
import CasefileValidationTestSupport

@Suite("Severity overrides in site.yaml")
struct SeverityOverrideTests {
    private static let misspelt = """
        - id: fox
          name: Fox
          species: Fox
          speces: Fox
          favoriteFruits: [elstar, pink-pearl]
        """

    @Test func defaultSeverityOfUnknownField() async throws {
        let validated = try await validate(["animals.yaml": Self.misspelt])
        let d = try only("unknown-field", in: validated)
        #expect(d.severity == .warning)
        #expect(validated.warningCount == 1)
        #expect(validated.errorCount == 0)
    }

    @Test func overrideRaisesASeverity() async throws {
        let validated = try await validate([
            "site.yaml": "title: T\nvalidation: {rules: {unknown-field: error}}\n",
            "animals.yaml": Self.misspelt,
        ])
        let d = try only("unknown-field", in: validated)
        #expect(d.severity == .error)
        #expect(validated.errorCount == 1)
        #expect(validated.warningCount == 0)
    }

    @Test func overrideLowersASeverity() async throws {
        let validated = try await validate([
            "site.yaml": "title: T\nvalidation:\n  rules:\n    unknown-fruit: note\n",
            "animals.yaml": "- id: fox\n  name: Fox\n  species: Fox\n  favoriteFruits: [durian]\n",
        ])
        let d = try only("unknown-fruit", in: validated)
        #expect(d.severity == .note)
        #expect(validated.errorCount == 0)
    }

    @Test func offRemovesTheRule() async throws {
        let validated = try await validate([
            "site.yaml": "title: T\nvalidation: {rules: {unknown-field: off}}\n",
            "animals.yaml": Self.misspelt,
        ])
        #expect(validated.diagnostics.with(rule: "unknown-field").isEmpty)
        #expect(validated.diagnostics.isEmpty, "\(validated.diagnostics.map(\.message))")
        #expect(!validated.rulesRun.contains { $0.id == "unknown-field" })
        #expect(validated.rulesRun.contains { $0.id == "unknown-fruit" })
    }

    @Test func offInJSONSyntax() async throws {
        let validated = try await validate([
            "site.yaml": #"{"title": "T", "validation": {"rules": {"unknown-field": "off"}}}"#,
            "animals.yaml": Self.misspelt,
        ])
        #expect(validated.diagnostics.with(rule: "unknown-field").isEmpty)
    }

    @Test func aMisspeltSeveritySuggestsTheNearest() async throws {
        let validated = try await validate(["site.yaml": "title: T\nvalidation: {rules: {emoji: wraning}}\n"])
        let mismatch = try only("type-mismatch", in: validated)
        #expect(mismatch.fix == #"Did you mean "warning"?"#)
        #expect(mismatch.field?.key == "validation.rules.emoji")
    }

    @Test func badSeverityAndUnknownRuleAreReported() async throws {
        let validated = try await validate([
            "site.yaml": "title: T\nvalidation:\n  rules:\n    unknown-field: loud\n    unknown-feild: off\n",
        ])
        let mismatch = try only("type-mismatch", in: validated)
        #expect(mismatch.location == place("site.yaml", 4, 20))
        #expect(mismatch.message.contains("loud"))
        #expect(mismatch.fix == "Write error, warning, note or off.")
        let unknown = try only("unknown-field", in: validated)
        #expect(unknown.location == place("site.yaml", 5, 5))
        #expect(unknown.message.contains(#"did you mean "unknown-field""#))
    }
}
