/// Diagnostics in the compiler form editors and CI understand
/// (`Content/animals.yaml:12:22: error: … [suspicion-range]`), and the closing summary.
public struct DiagnosticFormatter: Sendable {
    public var colour: Bool
    /// The case folder as the user named it: paths are shown below it.
    public var folder: String

    public init(colour: Bool, folder: String = "") {
        self.colour = colour
        self.folder = folder
    }

    public func line(_ d: Diagnostic) -> String {
        let place = d.location.map { $0.under(folder) }.map { "\($0): " } ?? (d.recordID.map { "\(d.collection?.rawValue ?? "case") \"\($0)\": " } ?? "")
        let severity = paint(d.severity.rawValue, d.severity)
        return "\(place)\(severity): \(d.message) [\(d.ruleID)]"
    }

    private func paint(_ text: String, _ severity: Severity) -> String {
        guard colour else { return text }
        let code = switch severity {
        case .error: "1;31"
        case .warning: "1;33"
        case .note: "1;36"
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }

    /// "3 errors, 1 warning in 5 files" (notes counted when there are any).
    public static func summary(_ diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count { $0.severity == .warning }
        let notes = diagnostics.count { $0.severity == .note }
        let files = Set(diagnostics.compactMap { $0.location?.path }).count
        var parts = [count(errors, "error"), count(warnings, "warning")]
        if notes > 0 { parts.append(count(notes, "note")) }
        return parts.joined(separator: ", ") + " in \(count(files, "file"))"
    }

    /// The last line of `validate`: the summary when there are problems, else what passed
    /// ("No problems: 23 rules passed on 37 records in 15 files").
    public static func closingLine(_ validated: ValidatedCase) -> String {
        if !validated.diagnostics.isEmpty { return summary(validated.diagnostics) }
        let c = validated.caseContent
        return "No problems: \(count(validated.rulesRun.count, "rule")) passed on "
            + "\(count(c.fruits.count + c.animals.count + c.bulletins.count, "record")) in \(count(validated.files.count, "file"))"
    }

    public static func count(_ n: Int, _ word: String) -> String {
        "\(grouped(n)) \(word)\(n == 1 ? "" : "s")"
    }
}

/// 20401 → "20,401": thousands grouped, whatever the locale (Foundation's `formatted()` follows it).
func grouped(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return (n < 0 ? "-" : "") + out
}
