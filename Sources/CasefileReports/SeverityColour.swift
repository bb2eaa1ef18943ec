import CasefileModel

/// The colour of each severity on a terminal, as ANSI SGR escapes: bold red errors, bold yellow
/// warnings, bold cyan notes, each followed by a reset.
enum SeverityColour {
    /// The SGR parameters of `severity` (`1;31`: bold, red).
    static func code(_ severity: Severity) -> String {
        switch severity {
        case .error: "1;31"
        case .warning: "1;33"
        case .note: "1;36"
        }
    }

    /// `text` in the colour of `severity`, the colour reset after it.
    static func paint(_ text: String, _ severity: Severity) -> String {
        "\u{1B}[\(code(severity))m\(text)\u{1B}[0m"
    }
}
