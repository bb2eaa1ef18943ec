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
    case templateMissingHook = "template-missing-hook"
    case reporterIsSuspect = "reporter-is-suspect"
    case unusedFruit = "unused-fruit"
    case templateUnchanged = "template-unchanged"
    case templateOutdated = "template-outdated"

    /// The id diagnostics, reports and site.yaml use (`suspicion-range`).
    public var id: String { rawValue }

    public var defaultSeverity: Severity {
        switch self {
        case .syntax, .outsideLink, .notAFile, .fileTooLarge, .missingField, .typeMismatch, .duplicateID, .invalidID, .blankName, .suspicionRange, .pawSize, .unknownFruit, .unknownAnimal, .invalidTime, .invalidDate, .invalidColor, .brokenReference: .error
        case .unknownField, .duplicateFruit, .sleepEqualsWake, .emoji, .orphanNote, .unknownLanguage, .missingTranslation, .missingInterview, .unsupportedSuspicion, .templateMissingHook: .warning
        case .reporterIsSuspect, .unusedFruit, .templateUnchanged, .templateOutdated: .note
        }
    }

    /// Whether the rule checks a case's own template overrides (its templates folder) rather than
    /// its content: those run where templates are loaded (build, serve, publish), and their
    /// problems are printed but never published, so a site does not depend on them.
    public var checksTemplates: Bool {
        switch self {
        case .templateMissingHook, .templateUnchanged, .templateOutdated: true
        default: false
        }
    }

    /// The rules that check the case's content: what `validate` runs and the site's reports list.
    public static let caseRules: [Rule] = allCases.filter { !$0.checksTemplates }

    public static let byID: [String: Rule] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.id, $0) })
}
