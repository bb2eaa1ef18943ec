/// A diagnostic's message or fix as a key of the string tables and the values of its
/// placeholders: data, so that the pages can say it in the site's language. The text of a phrase
/// in a language is `UIStrings.text(_:)`'s (CasefileLocalization, which has the tables); a
/// diagnostic made of phrases holds their English there too (`Diagnostic.message` and `fix`,
/// which the terminal and the reports print), made by `Diagnostic.init(rule:phrase:…)` in
/// CasefileLocalization. The test suite checks the English of every rule.
public struct Phrase: Sendable, Hashable {
    /// A placeholder's value: text as written (an id, a name), a word the tables translate too
    /// (a suspicion label), or a number, written as the language writes numbers; a phrase whose
    /// key has plural forms takes the form for its `count` value.
    public enum Value: Sendable, Hashable {
        case text(String)
        case word(UIText)
        case number(Int)
    }

    public var key: UIText
    public var values: [String: Value]
    /// The known id nearest to a misspelt one, said after the text (`didYouMean`).
    public var nearest: String?

    public init(_ key: UIText, _ values: [String: Value] = [:], nearest: String? = nil) {
        self.key = key
        self.values = values
        self.nearest = nearest
    }
}

extension Phrase.Value: ExpressibleByStringLiteral, ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) { self = .text(value) }
}
