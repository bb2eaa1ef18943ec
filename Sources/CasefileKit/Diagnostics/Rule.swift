/// A validation rule (the README lists them under `casefile validate`): its id, what it checks, and its default severity.
public struct Rule: Sendable, Hashable {
    public let id: String
    public let defaultSeverity: Severity
    public let summary: String

    init(_ id: String, _ defaultSeverity: Severity, _ summary: String) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.summary = summary
    }
}

extension Rule {
    static let syntax = Rule("syntax", .error, "A data file or site.yaml does not parse.")
    static let outsideLink = Rule("outside-link", .error,
        "A file of the case is reached through a symbolic link that leads outside the case folder.")
    static let notAFile = Rule("not-a-file", .error, "A data file or note is a folder, pipe or device, not a regular file.")
    static let fileTooLarge = Rule("file-too-large", .error, "A data file or note is larger than its limit (site.yaml `limits`).")
    static let missingField = Rule("missing-field", .error, "A required field is absent.")
    static let typeMismatch = Rule("type-mismatch", .error, "A field has the wrong type.")
    static let unknownField = Rule("unknown-field", .warning, "A field the format does not know.")
    static let duplicateID = Rule("duplicate-id", .error, "An id is used twice in one collection.")
    static let invalidID = Rule("invalid-id", .error, "An id is not a slug ([a-z0-9][a-z0-9-]*).")
    static let blankName = Rule("blank-name", .error, "name, species or location is empty or only spaces.")
    static let suspicionRange = Rule("suspicion-range", .error, "suspicionLevel is outside 0…1.")
    static let pawSize = Rule("paw-size", .error, "pawSize is not small, medium or large.")
    static let unknownFruit = Rule("unknown-fruit", .error, "A fruit id that the catalog lacks.")
    static let unknownAnimal = Rule("unknown-animal", .error, "reportedBy names no animal.")
    static let invalidTime = Rule("invalid-time", .error, "A sleep or wake time that is not HH:MM (24 h).")
    static let invalidDate = Rule("invalid-date", .error, "nibbledAt is not an ISO 8601 date-time with an offset.")
    static let invalidColor = Rule("invalid-color", .error, "A fruit colour that is not a CSS named colour or hex.")
    static let brokenReference = Rule("broken-reference", .error, "A case link to an unknown record.")
    static let duplicateFruit = Rule("duplicate-fruit", .warning, "The same fruit twice in favoriteFruits.")
    static let sleepEqualsWake = Rule("sleep-equals-wake", .warning, "Sleep and wake times are equal.")
    static let emoji = Rule("emoji", .warning, "emoji is not a single grapheme cluster.")
    static let orphanNote = Rule("orphan-note", .warning, "A note file whose id matches no record.")
    static let missingInterview = Rule("missing-interview", .warning,
        "Extremely suspicious (≥ 0.9) with neither an alibi nor a note.")
    static let unsupportedSuspicion = Rule("unsupported-suspicion", .warning,
        "Suspicion ≥ 0.5, yet the animal was asleep at every bulletin about its favourite fruits.")
    static let reporterIsSuspect = Rule("reporter-is-suspect", .note,
        "A bulletin reported by one of its own awake suspects.")
    static let unusedFruit = Rule("unused-fruit", .note, "A fruit that no animal favours and no bulletin names.")

    /// Every rule, in the order of the README's rule table.
    public static let all: [Rule] = [
        .syntax, .outsideLink, .notAFile, .fileTooLarge, .missingField, .typeMismatch, .unknownField, .duplicateID, .invalidID, .blankName,
        .suspicionRange, .pawSize, .unknownFruit, .unknownAnimal, .invalidTime, .invalidDate,
        .invalidColor, .brokenReference, .duplicateFruit, .sleepEqualsWake, .emoji, .orphanNote,
        .missingInterview, .unsupportedSuspicion, .reporterIsSuspect, .unusedFruit,
    ]

    public static let byID: [String: Rule] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })
}
