import CasefileMustache
import CasefileLocalization
import CasefileModel
import CasefileReports
import CasefileValidation
import CasefileSite

/// The rows of one page of the Validation table, and the summary above it.
struct ValidationPage {
    let frame: PageFrame
    /// Each source file's lines, split once for all the excerpts on this page.
    let lines: [String: SourceLines]
    /// The summary above the table, made once per build (`summary(of:)`).
    let summary: MustacheValue

    /// How many characters of a line an excerpt shows: a longer line is shown around the
    /// problem's column, cut with "…".
    static let excerptWidth = 240
    /// How many lines an excerpt shows either side of the problem's.
    static let excerptContext = 2

    struct Row: TemplateView {
        let common: RowCommon
        let fields: Fields

        func value(_ field: TemplateField) -> MustacheValue? {
            fields.value(field) ?? common.value(field)
        }
    }

    func context(records: [Int]) -> PageView {
        let v = frame.validated
        let table = frame.rows(records, collection: nil, record: { (v.problemFragment($0), v.problemFragment($0)) }) { i, common in
            let problem = v.diagnostics[i]
            return .view(Row(common: common, fields: Fields([
                (.severity, .string(problem.severity.rawValue)),
                (.severityLabel, .string(frame.strings.label(problem.severity))),
                (.isError, .bool(problem.severity == .error)),
                (.rule, .string(problem.ruleID)), (.ruleDescription, .string(frame.strings.summary(problem.rule))),
                (.recordID, .string(problem.recordID ?? "")), (.recordHref, recordHref(problem).map { .string($0) } ?? .null),
                (.field, .string(problem.fieldKey)), (.message, .string(frame.strings.message(problem))), (.fix, .string(frame.strings.fix(problem) ?? "")),
                (.value, .string(problem.value ?? "")), (.hasValue, .bool(problem.value != nil)),
                (.location, .string(problem.location?.description ?? "")),
                (.related, .list(problem.related.map { .string($0.description) })), (.hasRelated, .bool(!problem.related.isEmpty)),
                (.excerpt, .list(excerpt(problem.location))),
                (.hasExcerpt, .bool(problem.location.flatMap { lines[$0.path] } != nil)),
            ])))
        }
        let s = frame.strings
        return frame.context(heading: s.text(.validation), placeholder: s.text(.selectProblem),
                             caption: s.text(.problemsCaption, ["count": s.number(v.diagnostics.count)]),
                             empty: EmptyState(title: s.text(.noProblems), guidance: s.text(.everyRulePassed), allClear: true),
                             rows: table.rows, selection: table.selection, records: records, extra: [(.summary, summary)])
    }

    /// Where the problem's record is shown; nil when it names none, or one that is not shown (the
    /// id is then written without a link).
    private func recordHref(_ problem: Diagnostic) -> String? {
        let v = frame.validated
        guard let collection = problem.collection, let id = problem.recordID,
              let i = v.index.position(of: id, in: collection) else { return nil }
        return frame.link(to: collection.pageKind, recordAt: i, fragment: v.fragments[collection][i])
    }

    /// Two lines either side of the problem, the problem's line marked with a caret under its column.
    private func excerpt(_ location: SourceLocation?) -> [MustacheValue] {
        guard let location, let text = lines[location.path], location.line >= 1, location.line <= text.count else { return [] }
        let range = max(1, location.line - Self.excerptContext)...min(text.count, location.line + Self.excerptContext)
        // Where the caret goes, in scalars of its line, and the window around it that is shown.
        let width = Self.excerptWidth
        let length = text.length(ofLine: location.line)
        let caret = min(max(0, location.column - 1), length)
        let start = length <= width ? 0 : max(0, min(caret - width / 2, length - width))
        return range.map { n in
            var entry: [(TemplateField, MustacheValue)] = [
                (.number, .int(n)), (.text, .string(text.text(ofLine: n, from: start, width: width))),
                (.marked, .bool(n == location.line)),
            ]
            if n == location.line {
                let lead = text.scalars(ofLine: n, start..<caret).map { $0 == "\t" ? "\t" : " " }.joined()
                entry.append((.caret, .string((start > 0 ? " " : "") + lead + "^")))
            }
            return .fields(entry)
        }
    }

    /// The counts by severity, rule and file over the whole case, and what changed since the
    /// last publish when it is known.
    static func summary(of v: PlacedCase, since: SinceLastPublish? = nil, strings: UIStrings = .english) -> MustacheValue {
        var byRule: [String: Int] = [:], byFile: [String: Int] = [:]
        for problem in v.diagnostics {
            byRule[problem.ruleID, default: 0] += 1
            if let path = problem.location?.path { byFile[path, default: 0] += 1 }
        }
        return .fields([
            (.errors, .int(v.errorCount)), (.warnings, .int(v.warningCount)), (.notes, .int(v.noteCount)),
            (.rulesRun, .int(v.validated.rulesRun.count)), (.rulesPassed, .int(v.validated.rulesRun.count { byRule[$0.id] == nil })),
            (.filesChecked, .int(v.files.count)),
            (.byRule, .list(byRule.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map {
                .fields([(.rule, .string($0.key)), (.count, .int($0.value))])
            })),
            (.byFile, .list(byFile.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map {
                .fields([(.file, .string($0.key)), (.count, .int($0.value))])
            })),
            (.changes, since.map { changes($0, v, strings) } ?? .null),
        ])
    }

    /// At most this many entries in each list of changes; the rest are counted.
    static let changesShown = 100

    /// "Since the last publish": links from the validation pages (one folder down) to each new
    /// problem's row and to each added or changed record's own page.
    static func changes(_ since: SinceLastPublish, _ v: PlacedCase, _ strings: UIStrings = .english) -> MustacheValue {
        func more(_ n: Int) -> MustacheValue { n > changesShown ? .string(strings.count(.andMore, n - changesShown)) : .null }
        // Every validation page sits in the same folder.
        let root = SiteLayout.root(from: SiteLayout.page(.validation))
        let newProblems: [MustacheValue] = since.newProblems.prefix(changesShown).map { i in
            let page = v.pagePlan.path(.validation, recordAt: i)
            let problem = v.diagnostics[i]
            return .fields([(.severity, .string(problem.severity.rawValue)), (.rule, .string(problem.ruleID)),
                            (.message, .string(strings.message(problem))), (.recordID, .string(problem.recordID ?? "")),
                            (.href, .string(String(page.split(separator: "/").last ?? "") + "#" + v.problemFragment(i)))])
        }
        let fixed: [MustacheValue] = since.fixedProblems.prefix(changesShown).map { p in
            .fields([(.severity, .string(p.severity)), (.rule, .string(p.rule)), (.message, .string(p.message)),
                     (.recordID, .string(p.record ?? ""))])
        }
        let records: [MustacheValue] = since.records.filter { !$0.isEmpty }.map { r in
            func linked(_ ids: [String]) -> MustacheValue {
                .list(ids.prefix(changesShown).map { id in
                    guard let i = v.index.position(of: id, in: r.collection) else { return .fields([(.id, .string(id))]) }
                    let href = root + v.recordLink(r.collection, i)
                    return .fields([(.id, .string(id)), (.href, .string(href))])
                })
            }
            return .fields([
                (.title, .string(PageFrame.tableName(r.collection.pageKind, strings))),
                (.added, linked(r.added)), (.addedCount, .int(r.added.count)), (.addedMore, more(r.added.count)),
                (.changed, linked(r.changed)), (.changedCount, .int(r.changed.count)), (.changedMore, more(r.changed.count)),
                (.removed, .list(r.removed.prefix(changesShown).map { .fields([(.id, .string($0))]) })),
                (.removedCount, .int(r.removed.count)), (.removedMore, more(r.removed.count)),
            ])
        }
        let unchanged = since.newProblems.isEmpty && since.fixedProblems.isEmpty && records.isEmpty
        return .fields([
            (.unchanged, .bool(unchanged)),
            (.newProblems, .list(newProblems)), (.newCount, .int(since.newProblems.count)), (.newMore, more(since.newProblems.count)),
            (.fixedProblems, .list(fixed)), (.fixedCount, .int(since.fixedProblems.count)), (.fixedMore, more(since.fixedProblems.count)),
            (.recordChanges, .list(records)),
        ])
    }
}
