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
    public var field: String?
    /// The offending value as written, when there is one.
    public var value: String?
    /// How to fix it.
    public var fix: String?
    /// Other places that take part (the first definition, for a duplicate id).
    public var related: [SourceLocation]

    public init(rule: Rule, message: String, location: SourceLocation?, collection: CaseCollection? = nil,
                recordID: String? = nil, field: String? = nil, value: String? = nil, fix: String? = nil,
                related: [SourceLocation] = []) {
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
    }

    /// The rule's id, as reports print it.
    public var ruleID: String { rule.id }

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
            return (a.ruleID, a.recordID ?? "", a.field ?? "", a.message) < (b.ruleID, b.recordID ?? "", b.field ?? "", b.message)
        }
    }
}
