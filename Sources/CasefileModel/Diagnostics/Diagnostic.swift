/// One problem in a case: which rule, how severe, what is wrong, and where — a place in a file,
/// and the record and field it concerns.
public struct Diagnostic: Sendable, Hashable {
    public var rule: Rule
    public var severity: Severity
    public var message: String
    public var location: SourceLocation?
    /// The collection and record the problem concerns, when it concerns one.
    public var collection: CaseCollection?
    public var recordID: String?
    /// The field it concerns, as the file writes its key (`sleepSchedule.wake` for a nested one).
    public var field: FieldName?
    /// The offending value as written, when there is one.
    public var value: String?
    /// How to fix it.
    public var fix: String?
    /// Other places that take part (the first definition, for a duplicate id).
    public var related: [SourceLocation]
    /// The message and the fix as string-table phrases, for pages in the site's language; nil
    /// where only the English exists (a parser's message, a setting of site.yaml). A problem made
    /// of phrases is made by `init(rule:phrase:…)`, in CasefileLocalization: the English of its
    /// phrases, `message` and `fix`, is the built-in English table's, which the model does not hold.
    public var phrase: Phrase?
    public var fixPhrase: Phrase?

    public init(rule: Rule, message: String, location: SourceLocation?, collection: CaseCollection? = nil,
                recordID: String? = nil, field: FieldName? = nil, value: String? = nil, fix: String? = nil,
                related: [SourceLocation] = [], phrase: Phrase? = nil, fixPhrase: Phrase? = nil) {
        self.rule = rule
        self.severity = rule.defaultSeverity
        self.message = message
        self.location = location
        self.collection = collection
        self.recordID = recordID
        self.field = field
        self.value = value
        self.fix = fix
        self.related = related
        self.phrase = phrase
        self.fixPhrase = fixPhrase
    }

    /// The rule's id, as reports print it.
    public var ruleID: String { rule.id }

    /// The field's key, or nothing, as reports print it.
    public var fieldKey: String { field?.key ?? "" }

    /// The same problem with its places below `folder` as the user named it (`SourceLocation.under`).
    public func under(_ folder: String) -> Diagnostic {
        var shown = self
        shown.location = location?.under(folder)
        shown.related = related.map { $0.under(folder) }
        return shown
    }
}

extension Diagnostic {
    /// The order reports list problems in: by file, line and column, then by rule; problems with
    /// no place last.
    package static func reportOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        switch (a.location, b.location) {
        case let (l?, r?) where l != r: return l < r
        case (nil, _?): return false
        case (_?, nil): return true
        default:
            return (a.ruleID, a.recordID ?? "", a.fieldKey, a.message) < (b.ruleID, b.recordID ?? "", b.fieldKey, b.message)
        }
    }
}
