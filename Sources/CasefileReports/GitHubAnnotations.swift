import CasefileModel

/// Diagnostics as GitHub Actions workflow commands (`::error file=…,line=…,col=…::message`), which
/// a workflow step prints on standard output to annotate the files of a pull request.
///
/// A command is one line: `::`, the command (`error`, `warning` or `notice`), a space, the
/// `key=value` properties joined by `,`, `::`, and the message. So that a message cannot end its
/// line nor a value its property, in the message `%`, CR and LF become `%25`, `%0D` and `%0A`;
/// in a property value `:` and `,` also become `%3A` and `%2C`.
public enum GitHubAnnotations {
    /// One line per problem, each ending in a newline; paths below `folder` (the case folder as
    /// the workflow named it, so that they are paths of the repository).
    public static func lines(_ diagnostics: [Diagnostic], under folder: String = "") -> String {
        diagnostics.map { line($0.under(folder)) + "\n" }.joined()
    }

    /// One problem as one command, without a newline: its place as `file`, `line` and `col` when
    /// it has one, its rule (and record) as the `title`, its message and fix as the message.
    public static func line(_ d: Diagnostic) -> String {
        var properties: [(String, String)] = []
        if let place = d.location {
            properties += [("file", place.path), ("line", String(place.line)), ("col", String(place.column))]
        }
        properties.append(("title", "\(d.ruleID)" + (d.recordID.map { " (\($0))" } ?? "")))
        let list = properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        var message = d.message
        if let fix = d.fix { message += "\n" + fix }
        return "::\(command(d.severity)) \(list)::\(escapeData(message))"
    }

    /// GitHub has `error`, `warning` and `notice`; a note is a notice.
    static func command(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    /// A message made safe for a command's message.
    public static func escapeData(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A value made safe for a command's property.
    public static func escapeProperty(_ text: String) -> String {
        var out = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
