import CasefileModel
import CasefileReports

/// Problems made by hand for the report tests: what each format must say of them is written out
/// in the tests from the format's rules.
enum Examples {
    /// An error with everything a problem can have: a place (in a folder, with a space in its
    /// name), a record and field, the offending value, a fix, and a place that takes part.
    static let duplicate = Diagnostic(
        rule: .duplicateID, message: "id \"crow\" is used twice",
        location: SourceLocation(path: "data/wild animals.yaml", line: 12, column: 7),
        collection: .animals, recordID: "crow", field: .id, value: "crow", fix: "Rename one of them.",
        related: [SourceLocation(path: "data/wild animals.yaml", line: 3, column: 7)])

    /// A warning about a record, with no place in a file.
    static let interview = Diagnostic(rule: .missingInterview, message: "Extremely suspicious, with neither an alibi nor a note",
                                      location: nil, collection: .animals, recordID: "fox")

    /// A note with neither a place nor a record.
    static let unused = Diagnostic(rule: .unusedFruit, message: "No animal favours it", location: nil)

    /// The two first, found by two rules in two files of three records.
    static let findings = ValidationFindings(diagnostics: [duplicate, interview], rulesRun: [.duplicateID, .missingInterview],
                                             files: ["data/wild animals.yaml", "site.yaml"], records: 3)
}
