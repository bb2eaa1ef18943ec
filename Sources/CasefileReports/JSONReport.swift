import CasefileModel

/// The JSON report, written by every build as `validation/report.json` and by
/// `validate --format json`: the counts, the rules that ran, the files read, every problem, and,
/// after a publish that found the last one's report and digest, what changed since.
public struct JSONReport: Sendable {
    public let findings: ValidationFindings
    public let since: SinceLastPublish?

    public init(_ findings: ValidationFindings, since: SinceLastPublish? = nil) {
        self.findings = findings
        self.since = since
    }

    /// The report's text: one object, keys sorted, indented, a newline at the end.
    public func render() -> String {
        let f = findings
        var document = Document(
            errors: f.errors, warnings: f.warnings, notes: f.notes, rulesRun: f.rulesRun.map(\.id), files: f.files,
            problems: f.diagnostics.map {
                .init(rule: $0.ruleID, severity: $0.severity, message: $0.message, file: $0.location?.path,
                      line: $0.location?.line, column: $0.location?.column, collection: $0.collection,
                      record: $0.recordID, field: $0.field?.key, value: $0.value, fix: $0.fix,
                      related: $0.related.isEmpty ? nil : $0.related.map { .init(file: $0.path, line: $0.line, column: $0.column) })
            })
        if let since {
            document.sinceLastPublish = Changes(
                newProblems: since.newProblems.map { document.problems[$0] }, fixedProblems: since.fixedProblems,
                records: Dictionary(uniqueKeysWithValues: since.records.map {
                    ($0.collection.rawValue, Changes.Records(added: $0.added, changed: $0.changed, removed: $0.removed))
                }))
        }
        return ReportEncoding.text(document)
    }

    /// The report as written; an absent value is left out.
    struct Document: Encodable {
        struct Problem: Encodable {
            var rule: String
            var severity: Severity
            var message: String
            var file: String?
            var line: Int?
            var column: Int?
            var collection: CaseCollection?
            var record: String?
            var field: String?
            var value: String?
            var fix: String?
            /// Other places that take part (a duplicate id's first definition).
            var related: [Place]?
        }

        struct Place: Encodable {
            var file: String
            var line: Int
            var column: Int
        }

        var tool = "casefile"
        var version = CasefileVersion.current
        var errors: Int
        var warnings: Int
        var notes: Int
        var rulesRun: [String]
        var files: [String]
        var problems: [Problem]
        /// Present after a publish that found the previous one's report and digest.
        var sinceLastPublish: Changes?
    }

    /// `sinceLastPublish`: problems as `problems` lists them, records by collection.
    struct Changes: Encodable {
        struct Records: Encodable { var added, changed, removed: [String] }
        /// Problems of this report (as above) that the last publish did not have.
        var newProblems: [Document.Problem]
        /// Problems of the last publish that are gone.
        var fixedProblems: [ReportedProblem]
        var records: [String: Records]
    }
}
