/// A case after validation: everything rendering needs, complete. Rendering reads it and cannot
/// fail: every note is already HTML, every link already resolved, every problem already found.
public struct ValidatedCase: Sendable {
    public let caseContent: CaseContent
    public let sourceMap: SourceMap
    public let index: CaseIndex
    public let pagePlan: PagePlan
    public let fragments: Fragments
    /// Rendered notes by record index.
    public let animalNotes: [Int: String]
    public let bulletinNotes: [Int: String]
    /// Every problem, in report order, with the case's severities applied (rules turned off are gone).
    public let diagnostics: [Diagnostic]
    /// The rules that ran (not turned off).
    public let rulesRun: [Rule]
    /// The files read.
    public let files: [String]
    /// Source text of each data file and note, by path, for the excerpts of the validation page.
    public let sources: [String: String]
    /// What the rules on the records (ids, references, record-level rules) found, before
    /// severities: a preview whose edit changed only notes' text reuses it.
    let recordProblems: [Diagnostic]

    /// How many problems of each severity (counted once: every page shows them).
    public let errorCount: Int
    public let warningCount: Int
    public let noteCount: Int

    /// The validation-page row id of each problem: `p1`, `p2`, …
    public func problemFragment(_ index: Int) -> String { "p\(index + 1)" }
}
