/// The keys of the string tables that Casefile's code uses (the templates use theirs as
/// `{{t.key}}`). Each is in every built-in table; the test suite holds the tables to the keys
/// the code and the templates use, no more and no fewer.
public enum UIText: String, CaseIterable, Sendable {
    case grabber, detentMedium, detentLarge, detentHeight, nothingToInspect, inspector
    case errorCount, warningCount, noteCount, problemCount
    case pageTitle, pageTitlePaged, pageOf, chipEverywhere, chipAll, showing, listingAbout, listingRows
    case listingHeading, listingFacetHeading, listingFacetAbout, listingRange
    case ascending, descending, andMore, notRecorded
    case suspects, bulletins, fruits, validation, problems, suspect, bulletin, fruit, problem
    case selectSuspect, selectBulletin, selectFruit, selectProblem
    case suspectsCaption, bulletinsCaption, fruitsCaption, problemsCaption
    case noSuspectsYet, noSuspectsGuidance, noBulletinsYet, noBulletinsGuidance, noFruitsYet, noFruitsGuidance
    case noProblems, everyRulePassed, pageNotFound
    case when, location, message, rule, record, field, severity, fans, favouriteFruits, suspicion, bites
    case awakeCount, asleepCount, moreBulletins, moreSuspects, moreFans, noFixSuggested
}
