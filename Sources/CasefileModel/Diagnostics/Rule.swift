/// A validation rule (the README lists them under `casefile validate`): its id, what it checks,
/// and its default severity. The cases are in the order of the README's table.
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

    public var summary: String {
        switch self {
        case .syntax: "A data file or site.yaml does not parse."
        case .outsideLink: "A file of the case is reached through a symbolic link that leads outside the case folder."
        case .notAFile: "A data file or note is a folder, pipe or device, not a regular file."
        case .fileTooLarge: "A data file or note is larger than its limit (site.yaml `limits`)."
        case .missingField: "A required field is absent."
        case .typeMismatch: "A field has the wrong type."
        case .unknownField: "A field the format does not know."
        case .duplicateID: "An id is used twice in one collection."
        case .invalidID: "An id is not a slug ([a-z0-9][a-z0-9-]*)."
        case .blankName: "name, species or location is empty or only spaces."
        case .suspicionRange: "suspicionLevel is outside 0…1."
        case .pawSize: "pawSize is not small, medium or large."
        case .unknownFruit: "A fruit id that the catalog lacks."
        case .unknownAnimal: "reportedBy names no animal."
        case .invalidTime: "A sleep or wake time that is not HH:MM (24 h)."
        case .invalidDate: "nibbledAt is not an ISO 8601 date-time with an offset."
        case .invalidColor: "A fruit colour that is not a CSS named colour or hex."
        case .brokenReference: "A case link to an unknown record."
        case .duplicateFruit: "The same fruit twice in favoriteFruits."
        case .sleepEqualsWake: "Sleep and wake times are equal."
        case .emoji: "emoji is not a single grapheme cluster."
        case .orphanNote: "A note file whose id matches no record."
        case .unknownLanguage: "language is not a BCP 47 tag, or no string table has it: the pages are in English."
        case .missingTranslation: "A string table of the site's language lacks a key the pages use: English is shown."
        case .missingInterview: "Extremely suspicious (≥ 0.9) with neither an alibi nor a note."
        case .unsupportedSuspicion: "Suspicion ≥ 0.5, yet the animal was asleep at every bulletin about its favourite fruits."
        case .reporterIsSuspect: "A bulletin reported by one of its own awake suspects."
        case .unusedFruit: "A fruit that no animal favours and no bulletin names."
        }
    }

    /// Every rule, in the order of the README's rule table.
    public static var all: [Rule] { allCases }

    public static let byID: [String: Rule] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.id, $0) })
}
