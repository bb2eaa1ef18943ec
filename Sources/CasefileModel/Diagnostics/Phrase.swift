import CasefileLocalization

/// A diagnostic's message or fix as a key of the string tables and the values of its
/// placeholders, so that the pages can show it in the site's language. (`Diagnostic.message` and
/// `fix` hold the English, which the terminal and the reports print; the English table gives the
/// same text, which the test suite checks for every rule.)
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

extension UIStrings {
    /// `phrase` in these strings' language.
    public func text(_ phrase: Phrase) -> String {
        var values: [String: String] = [:]
        var count: Int?
        for (name, value) in phrase.values {
            switch value {
            case let .text(text): values[name] = text
            case let .word(key): values[name] = text(key)
            case let .number(n):
                values[name] = number(n)
                if name == "count" { count = n }
            }
        }
        let said = count.map { self.count(phrase.key, $0, values) } ?? text(phrase.key, values)
        return said + (phrase.nearest.map { text(.didYouMean, ["id": $0]) } ?? "")
    }
}
