/// The keys of the string tables that Casefile's code uses (the templates use theirs as
/// `{{t.key}}`). Each is in every built-in table; the test suite holds the tables to the keys
/// the code and the templates use, no more and no fewer.
public enum UIText: String, CaseIterable, Sendable {
    case grabber, detentMedium, detentLarge, detentHeight, nothingToInspect, nothingToInspectDescription, inspector
    case errorCount, warningCount, noteCount, problemCount
    case pageTitle, pageTitlePaged, pageOf, chipEverywhere, chipAll, showing, listingAbout, listingRows
    case listingHeading, listingFacetHeading, listingFacetAbout, listingRange, listingTotal, pageNames
    case ascending, descending, andMore, notRecorded
    case suspects, bulletins, fruits, validation, problems, suspect, bulletin, fruit, problem
    case selectSuspect, selectBulletin, selectFruit, selectProblem
    case selectSuspectDescription, selectBulletinDescription, selectFruitDescription, selectProblemDescription
    case suspectsCaption, bulletinsCaption, fruitsCaption, problemsCaption
    case noSuspectsYet, noSuspectsGuidance, noBulletinsYet, noBulletinsGuidance, noFruitsYet, noFruitsGuidance
    case noProblems, everyRulePassed, pageNotFound, recordRemoved, recordRemovedMessage
    case when, location, message, rule, record, field, severity, fans, favouriteFruits, suspicion, bites
    case awakeCount, asleepCount, moreBulletins, moreSuspects, moreFans, noFixSuggested
    case suspicionUnlikely, suspicionFishy, suspicionVerySuspicious, suspicionExtremelySuspicious
    case suspicionSuspiciouslyUnsuspicious, outOfRange, severityError, severityWarning, severityNote
    case species, pawSize, pawSmall, pawMedium, pawLarge, file, noFile, aSuspectAwake, noSuspectAwake, noOneFavoursIt, favoured, unknownTime
    case chartSuspicionTitle, chartSuspicionCaption, chartHoursTitle, chartHoursCaption, chartHour, chartBar
    case chartSuspects, chartNibbles
    case feedTitle, feedEntryTitle, feedEntrySummary, feedBites, feedReportedBy, timeNotRecorded
    case listSeparator, clauseSeparator, sentenceEnd
    // Field labels that only record descriptions use (RecordSchema).
    case id, name, emoji, alibi, sleepSchedule, sleepAt, awakeAt, colour, nibbledAt, place, reportedBy
    // What a fruit panel's colour swatch is called to a screen reader.
    case swatchLabel
    // The preview's editor (casefile serve only): its sections and the words of its forms.
    case identity, interview, none, note, interviewNotes
    case edit, editTitle, newSuspect, newBulletin, newFruit, save, cancel, deleteRecord, previewNote, notSaved
    case savedRecord, addedRecord, deletedRecord, undo, undoneRecord, edits, noEdits, deleteTitle, deleteReferences
    case deleteNote, conflictTitle, conflictHelp, onDisk, undoConflict, renameReferences
    // What each validation rule checks: `rule.<id>`.
    case ruleSyntax = "rule.syntax"
    case ruleOutsideLink = "rule.outside-link"
    case ruleNotAFile = "rule.not-a-file"
    case ruleFileTooLarge = "rule.file-too-large"
    case ruleMissingField = "rule.missing-field"
    case ruleTypeMismatch = "rule.type-mismatch"
    case ruleUnknownField = "rule.unknown-field"
    case ruleDuplicateID = "rule.duplicate-id"
    case ruleInvalidID = "rule.invalid-id"
    case ruleBlankName = "rule.blank-name"
    case ruleSuspicionRange = "rule.suspicion-range"
    case rulePawSize = "rule.paw-size"
    case ruleUnknownFruit = "rule.unknown-fruit"
    case ruleUnknownAnimal = "rule.unknown-animal"
    case ruleInvalidTime = "rule.invalid-time"
    case ruleInvalidDate = "rule.invalid-date"
    case ruleInvalidColor = "rule.invalid-color"
    case ruleBrokenReference = "rule.broken-reference"
    case ruleDuplicateFruit = "rule.duplicate-fruit"
    case ruleSleepEqualsWake = "rule.sleep-equals-wake"
    case ruleEmoji = "rule.emoji"
    case ruleOrphanNote = "rule.orphan-note"
    case ruleUnknownLanguage = "rule.unknown-language"
    case ruleMissingTranslation = "rule.missing-translation"
    case ruleMissingInterview = "rule.missing-interview"
    case ruleUnsupportedSuspicion = "rule.unsupported-suspicion"
    case ruleTemplateMissingHook = "rule.template-missing-hook"
    case ruleReporterIsSuspect = "rule.reporter-is-suspect"
    case ruleUnusedFruit = "rule.unused-fruit"
    case ruleTemplateUnchanged = "rule.template-unchanged"
    case ruleTemplateOutdated = "rule.template-outdated"
    // Validation messages and fixes: `message.<name>`, `fix.<name>`.
    case didYouMean
    case messageNoAnimal = "message.noAnimal"
    case messageNoBulletin = "message.noBulletin"
    case messageNoFruit = "message.noFruit"
    case messageDuplicateAnimal = "message.duplicateAnimal"
    case messageDuplicateBulletin = "message.duplicateBulletin"
    case messageDuplicateFruit = "message.duplicateFruit"
    case messageOrphanAnimalNote = "message.orphanAnimalNote"
    case messageOrphanBulletinNote = "message.orphanBulletinNote"
    case messageMissingInterview = "message.missingInterview"
    case messageUnsupportedSuspicion = "message.unsupportedSuspicion"
    case messageReporterIsSuspect = "message.reporterIsSuspect"
    case messageUnusedFruit = "message.unusedFruit"
    case messageInvalidColor = "message.invalidColor"
    case messageEmoji = "message.emoji"
    case messagePawSize = "message.pawSize"
    case messageDuplicateFavourite = "message.duplicateFavourite"
    case messageSuspicionRange = "message.suspicionRange"
    case messageSleepEqualsWake = "message.sleepEqualsWake"
    case messageInvalidDate = "message.invalidDate"
    case messageInvalidID = "message.invalidID"
    case messageBlank = "message.blank"
    case messageInvalidTime = "message.invalidTime"
    case messageUnknownField = "message.unknownField"
    case messageMissingField = "message.missingField"
    case fixBrokenAnimalLink = "fix.brokenAnimalLink"
    case fixBrokenBulletinLink = "fix.brokenBulletinLink"
    case fixBrokenFruitLink = "fix.brokenFruitLink"
    case fixDuplicateID = "fix.duplicateID"
    case fixUnknownFruit = "fix.unknownFruit"
    case fixUnknownAnimal = "fix.unknownAnimal"
    case fixOrphanNote = "fix.orphanNote"
    case fixMissingInterview = "fix.missingInterview"
    case fixUnsupportedSuspicion = "fix.unsupportedSuspicion"
    case fixReporterIsSuspect = "fix.reporterIsSuspect"
    case fixUnusedFruit = "fix.unusedFruit"
    case fixInvalidColor = "fix.invalidColor"
    case fixEmoji = "fix.emoji"
    case fixPawSize = "fix.pawSize"
    case fixDuplicateFavourite = "fix.duplicateFavourite"
    case fixSuspicionRange = "fix.suspicionRange"
    case fixSleepEqualsWake = "fix.sleepEqualsWake"
    case fixInvalidDate = "fix.invalidDate"
    case fixInvalidID = "fix.invalidID"
    case fixBlank = "fix.blank"
    case fixInvalidTime = "fix.invalidTime"
    case fixUnknownField = "fix.unknownField"
    case fixMissingField = "fix.missingField"
}
