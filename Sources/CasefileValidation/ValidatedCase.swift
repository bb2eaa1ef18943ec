import CasefileMarkdown
import CasefileModel

/// A case after validation: its records, how they refer to each other, its notes compiled and
/// every problem found, complete. What comes after (placing records on pages, rendering them)
/// reads it and cannot fail: every note is already parsed, every case link already checked.
public struct ValidatedCase: Sendable {
    public let caseContent: CaseContent
    public let sourceMap: SourceMap
    public let index: CaseIndex
    /// Each note compiled, by the position of its record: its HTML with its case links to be
    /// placed (each slot's target is the linked record's position in its collection).
    public let animalNotes: [Int: NoteHTML]
    public let bulletinNotes: [Int: NoteHTML]
    /// Every problem, in report order, with the case's severities applied (rules turned off are gone).
    public let diagnostics: [Diagnostic]
    /// The rules that ran (not turned off).
    public let rulesRun: [Rule]
    /// The files read.
    public let files: [String]
    /// Source text of each data file and note that a problem points into, by path, for the
    /// excerpts of the validation page.
    public let sources: [String: String]
    /// What the rules on the records (ids, references, record-level rules) found, before
    /// severities: a preview whose edit changed only notes' text reuses it.
    let recordProblems: [Diagnostic]

    /// How many problems of each severity (counted once: every page shows them).
    public let errorCount: Int
    public let warningCount: Int
    public let noteCount: Int
}
