import CasefileModel
import CasefileValidation

/// What a validation found and what it looked at: everything a report says, as plain values, so
/// that a report can be made of a validated case or of problems made by hand.
public struct ValidationFindings: Sendable {
    /// Every problem, in report order, with the case's severities applied.
    public var diagnostics: [Diagnostic]
    /// The rules that ran (not turned off).
    public var rulesRun: [Rule]
    /// The files read, as paths below the case folder.
    public var files: [String]
    /// How many records were checked.
    public var records: Int
    /// How many problems of each severity.
    public let errors: Int, warnings: Int, notes: Int

    public init(diagnostics: [Diagnostic], rulesRun: [Rule], files: [String], records: Int) {
        self.diagnostics = diagnostics
        self.rulesRun = rulesRun
        self.files = files
        self.records = records
        errors = diagnostics.count { $0.severity == .error }
        warnings = diagnostics.count { $0.severity == .warning }
        notes = diagnostics.count { $0.severity == .note }
    }

    /// A validated case's problems, rules, files and records (its counts, already made, reused).
    public init(_ v: ValidatedCase) {
        let c = v.caseContent
        diagnostics = v.diagnostics
        rulesRun = v.rulesRun
        files = v.files
        records = c.fruits.count + c.animals.count + c.bulletins.count
        (errors, warnings, notes) = (v.errorCount, v.warningCount, v.noteCount)
    }
}
