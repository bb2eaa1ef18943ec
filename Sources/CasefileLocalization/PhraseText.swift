import CasefileModel

extension UIStrings {
    /// `phrase` in these strings' language: its key's text with the placeholders filled (a word
    /// translated, a number written as the language writes numbers, the plural form for a
    /// `count`), then "did you mean" the nearest id when it names one.
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
