import CasefileLocalization

/// A diagnostic's message or fix as a key of the string tables and the values of its
/// placeholders, so that the pages can show it in the site's language. (`Diagnostic.message` and
/// `fix` hold the English, which the terminal and the reports print; the English table gives the
/// same text, which the test suite checks for every rule.)
public struct Phrase: Sendable, Hashable {
    /// A placeholder's value: text as written (an id, a name, a number), or a word the tables
    /// translate too (a suspicion label).
    public enum Value: Sendable, Hashable {
        case text(String)
        case word(UIText)
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
        for (name, value) in phrase.values {
            switch value {
            case let .text(text): values[name] = text
            case let .word(key): values[name] = text(key)
            }
        }
        return text(phrase.key, values) + (phrase.nearest.map { text(.didYouMean, ["id": $0]) } ?? "")
    }
}
