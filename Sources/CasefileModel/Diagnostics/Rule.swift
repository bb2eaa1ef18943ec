/// A validation rule: its id and its default severity. What it checks, in English, is the string
/// table's `rule.ID` (`Rule.summary`, in CasefileValidation). The cases are in the order of the
/// README's table of rules, which a test holds to them.
public enum Rule: String, Sendable, Hashable, CaseIterable {
    case syntax = "syntax"
    case outsideLink = "outside-link"
    case notAFile = "not-a-file"
    case fileTooLarge = "file-too-large"
    case missingField = "missing-field"
    case typeMismatch = "type-mismatch"
    case unknownField = "unknown-field"
    case duplicateID = "duplicate-id"
    case invalidID = "invalid-id"
    case blankName = "blank-name"
    case suspicionRange = "suspicion-range"
    case pawSize = "paw-size"
    case unknownFruit = "unknown-fruit"
    case unknownAnimal = "unknown-animal"
    case invalidTime = "invalid-time"
    case invalidDate = "invalid-date"
    case invalidColor = "invalid-color"
    case brokenReference = "broken-reference"
    case duplicateFruit = "duplicate-fruit"
    case sleepEqualsWake = "sleep-equals-wake"
    case emoji = "emoji"
    case orphanNote = "orphan-note"
    case unknownLanguage = "unknown-language"
    case missingTranslation = "missing-translation"
    case missingInterview = "missing-interview"
    case unsupportedSuspicion = "unsupported-suspicion"
    case reporterIsSuspect = "reporter-is-suspect"
    case unusedFruit = "unused-fruit"

    /// The id diagnostics, reports and site.yaml use (`suspicion-range`).
    public var id: String { rawValue }

    public var defaultSeverity: Severity {
        switch self {
        case .syntax, .outsideLink, .notAFile, .fileTooLarge, .missingField, .typeMismatch, .duplicateID, .invalidID, .blankName, .suspicionRange, .pawSize, .unknownFruit, .unknownAnimal, .invalidTime, .invalidDate, .invalidColor, .brokenReference: .error
        case .unknownField, .duplicateFruit, .sleepEqualsWake, .emoji, .orphanNote, .unknownLanguage, .missingTranslation, .missingInterview, .unsupportedSuspicion: .warning
        case .reporterIsSuspect, .unusedFruit: .note
        }
    }

    public static let byID: [String: Rule] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.id, $0) })
}
