import CasefileModel

extension Diagnostic {
    /// A problem whose message and fix are phrases of the string tables. The model holds the
    /// phrases as data; the English the terminal and the reports print (`message`, `fix`) is the
    /// built-in English table's text of them, made here, where the tables are.
    public init(rule: Rule, phrase: Phrase, location: SourceLocation?, collection: CaseCollection? = nil,
                recordID: String? = nil, field: FieldName? = nil, value: String? = nil, fix: Phrase? = nil,
                related: [SourceLocation] = []) {
        self.init(rule: rule, message: UIStrings.english.text(phrase), location: location, collection: collection,
                  recordID: recordID, field: field, value: value, fix: fix.map(UIStrings.english.text), related: related,
                  phrase: phrase, fixPhrase: fix)
    }
}
