import CasefileModel

/// Problems as text for a person at a terminal, an editor or a CI log: one line each in the
/// compiler form (`Content/animals.yaml:12:22: error: … [suspicion-range]`), with the severity
/// in colour when the terminal shows colour, and the count line that closes a report.
public struct TextReport: Sendable {
    /// Paint each severity (`SeverityColour`); off into a pipe or with NO_COLOR.
    public var colour: Bool
    /// The case folder as the user named it: paths are shown below it.
    public var folder: String

    public init(colour: Bool, folder: String = "") {
        self.colour = colour
        self.folder = folder
    }

    /// One problem, without a newline: its place (`path:line:col`, or the record it concerns when
    /// it has no place), its severity, its message and its rule.
    public func line(_ d: Diagnostic) -> String {
        let place = d.location.map { $0.under(folder) }.map { "\($0): " } ?? (d.recordID.map { "\(d.collection?.rawValue ?? "case") \"\($0)\": " } ?? "")
        let severity = colour ? SeverityColour.paint(d.severity.rawValue, d.severity) : d.severity.rawValue
        return "\(place)\(severity): \(d.message) [\(d.ruleID)]"
    }

    /// "3 errors, 1 warning in 5 files" (notes counted when there are any), never in colour.
    public static func summary(_ diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count { $0.severity == .warning }
        let notes = diagnostics.count { $0.severity == .note }
        let files = Set(diagnostics.compactMap { $0.location?.path }).count
        var parts = [Numbers.count(errors, "error"), Numbers.count(warnings, "warning")]
        if notes > 0 { parts.append(Numbers.count(notes, "note")) }
        return parts.joined(separator: ", ") + " in \(Numbers.count(files, "file"))"
    }

    /// The last line of `validate`: the summary when there are problems, else what passed
    /// ("No problems: 23 rules passed on 37 records in 15 files").
    public static func closingLine(_ findings: ValidationFindings) -> String {
        if !findings.diagnostics.isEmpty { return summary(findings.diagnostics) }
        return "No problems: \(Numbers.count(findings.rulesRun.count, "rule")) passed on "
            + "\(Numbers.count(findings.records, "record")) in \(Numbers.count(findings.files.count, "file"))"
    }
}
