import CasefileModel
import CasefileLocalization

extension Rule {
    /// The string tables' key for what this rule checks (`rule.suspicion-range`). The built-in
    /// English table holds the one definition of each rule's summary; the README's table of rules
    /// and the other languages' tables are held to it by tests.
    public var summaryText: UIText {
        guard let text = UIText(rawValue: "rule." + id) else {
            preconditionFailure("the string tables have no rule.\(id)")
        }
        return text
    }

    /// What this rule checks, in English (SARIF's rule descriptions).
    public var summary: String {
        UIStrings.english.text(summaryText)
    }
}
