/// How much a problem matters. `off` exists only as a setting; no diagnostic carries it.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable, Codable {
    case error, warning, note

    /// Errors first: the order of the validation table and its filter chips.
    package var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }

    /// "Error", "Warning", "Note": as the pages show it.
    public var label: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}
