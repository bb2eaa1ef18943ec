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
        var parts = [Numbers.count(errors, "error"), Numbers.count(warnings, "warning")]
        if notes > 0 { parts.append(Numbers.count(notes, "note")) }
        return parts.joined(separator: ", ") + " in \(Numbers.count(files, "file"))"
    }
}
