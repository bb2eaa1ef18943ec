/// The rows of one page of the Validation table, and the summary above it.
struct ValidationPage {
    let frame: PageFrame
    /// Each source file's lines, split once for all the excerpts on this page.
    let lines: [String: SourceLines]

    /// How many characters of a line an excerpt shows: a longer line is shown around the
    /// problem's column, cut with "…".
    static let excerptWidth = 240

    func context(range: Range<Int>) -> [String: Any] {
        let v = frame.validated
        let table = frame.rows(range, collection: nil, record: { (v.problemFragment($0), v.problemFragment($0)) }) { i in
            let problem = v.diagnostics[i]
            return [
                "severity": problem.severity.rawValue,
                "severityLabel": problem.severity.rawValue.prefix(1).uppercased() + problem.severity.rawValue.dropFirst(),
                "isError": problem.severity == .error,
                "rule": problem.ruleID, "ruleDescription": problem.rule?.summary ?? "",
                "recordID": problem.recordID ?? "", "recordHref": recordHref(problem),
                "field": problem.field ?? "", "message": problem.message, "fix": problem.fix ?? "",
                "value": problem.value ?? "", "hasValue": problem.value != nil,
                "location": problem.location?.description ?? "",
                "related": problem.related.map(\.description), "hasRelated": !problem.related.isEmpty,
                "excerpt": excerpt(problem.location), "hasExcerpt": problem.location.flatMap { lines[$0.path] } != nil,
            ]
        }
        var context = frame.context(heading: "Validation", placeholder: "Select a problem to inspect",
                                    caption: "Problems (\(v.diagnostics.count))",
                                    emptyMessage: "No problems: every rule passed.",
                                    rows: table.rows, selection: table.selection)
        context["summary"] = summary()
        return context
    }

    private func recordHref(_ problem: Diagnostic) -> String {
        let v = frame.validated
        guard let collection = problem.collection, let id = problem.recordID else { return "" }
        let ids = switch collection {
        case .fruits: v.index.fruitIndex
        case .animals: v.index.animalIndex
        case .bulletins: v.index.bulletinIndex
        }
        guard let i = ids[id] else { return "" }
        return frame.link(to: collection.pageKind, recordAt: i, fragment: v.fragments[collection][i])
    }

    /// Two lines either side of the problem, the problem's line marked with a caret under its column.
    private func excerpt(_ location: SourceLocation?) -> [[String: Any]] {
        guard let location, let text = lines[location.path], location.line >= 1, location.line <= text.count else { return [] }
        let range = max(1, location.line - 2)...min(text.count, location.line + 2)
        // Where the caret goes, in scalars of its line, and the window around it that is shown.
        let width = Self.excerptWidth
        let length = text.length(ofLine: location.line)
        let caret = min(max(0, location.column - 1), length)
        let start = length <= width ? 0 : max(0, min(caret - width / 2, length - width))
        return range.map { n in
            var entry: [String: Any] = ["number": n, "text": text.text(ofLine: n, from: start, width: width),
                                        "marked": n == location.line]
            if n == location.line {
                let lead = text.scalars(ofLine: n, start..<caret).map { $0 == "\t" ? "\t" : " " }.joined()
                entry["caret"] = (start > 0 ? " " : "") + lead + "^"
            }
            return entry
        }
    }

    private func summary() -> [String: Any] {
        let v = frame.validated
        var byRule: [String: Int] = [:], byFile: [String: Int] = [:]
        for problem in v.diagnostics {
            byRule[problem.ruleID, default: 0] += 1
            if let path = problem.location?.path { byFile[path, default: 0] += 1 }
        }
        return [
            "errors": v.errorCount, "warnings": v.warningCount, "notes": v.noteCount,
            "rulesRun": v.rulesRun.count, "rulesPassed": v.rulesRun.count { byRule[$0.id] == nil },
            "filesChecked": v.files.count,
            "byRule": byRule.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { ["rule": $0.key, "count": $0.value] },
            "byFile": byFile.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { ["file": $0.key, "count": $0.value] },
        ]
    }
}
