import Testing
import CasefileModel
import CasefileLocalization
import CasefileValidation

@Suite("What each rule checks")
struct RuleSummaryTests {
    @Test("Every rule's summary is a key of the string tables, and every rule key is a rule's")
    func everyRuleHasItsKey() {
        let ruleKeys = UIText.allCases.map(\.rawValue).filter { $0.hasPrefix("rule.") }
        #expect(Set(ruleKeys) == Set(Rule.allCases.map { "rule." + $0.id }))
        #expect(Rule.allCases.map(\.summaryText.rawValue) == Rule.allCases.map { "rule." + $0.id })
    }

    @Test("The English summary is the built-in English table's text, not its key")
    func englishSummaries() {
        #expect(Rule.duplicateFruit.summary == "The same fruit twice in favoriteFruits.")
        for rule in Rule.allCases {
            #expect(!rule.summary.isEmpty && !rule.summary.hasPrefix("rule."), "\(rule.id): \(rule.summary)")
        }
    }

    @Test("A page in another language describes a rule in that language")
    func germanSummary() {
        let german = UIStrings.resolve(language: "de").strings
        #expect(german.text(Rule.duplicateFruit.summaryText) == "Dieselbe Frucht zweimal in favoriteFruits.")
    }
}
