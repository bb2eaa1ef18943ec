/// How much a problem matters. `off` exists only as a setting; no diagnostic carries it.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable, Codable {
    case error, warning, note

    var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
