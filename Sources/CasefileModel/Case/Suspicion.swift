/// How suspicious an animal looks, as the original app shows it: a label and a colour.
public struct Suspicion: Sendable, Hashable {
    public enum Label: String, Sendable, CaseIterable {
        case unlikely = "Unlikely"
        case fishy = "Fishy"
        case verySuspicious = "Very suspicious"
        case extremelySuspicious = "Extremely suspicious!"
        case suspiciouslyUnsuspicious = "Suspiciously Unsuspicious"

        /// The colour's name, also the CSS class suffix the templates use.
        public var tone: String {
            switch self {
            case .unlikely: "green"
            case .fishy: "mint"
            case .verySuspicious: "orange"
            case .extremelySuspicious: "red"
            case .suspiciouslyUnsuspicious: "blue"
            }
        }
    }

    public var level: Double

    public init(level: Double) { self.level = level }

    public var label: Label {
        switch level {
        case 0..<0.2: .unlikely
        case 0.2..<0.5: .fishy
        case 0.5..<0.9: .verySuspicious
        case 0.9...1: .extremelySuspicious
        default: .suspiciouslyUnsuspicious
        }
    }

    /// How many of four signal bars are filled: one per label step, none out of range.
    public var filledBars: Int {
        switch label {
        case .unlikely: 1
        case .fishy: 2
        case .verySuspicious: 3
        case .extremelySuspicious: 4
        case .suspiciouslyUnsuspicious: 0
        }
    }
}

extension Suspicion.Label {
    /// The label's key in the string tables.
    public var word: UIText {
        switch self {
        case .unlikely: .suspicionUnlikely
        case .fishy: .suspicionFishy
        case .verySuspicious: .suspicionVerySuspicious
        case .extremelySuspicious: .suspicionExtremelySuspicious
        case .suspiciouslyUnsuspicious: .suspicionSuspiciouslyUnsuspicious
        }
    }
}
