/// What every page's context holds (Templates/README.md, "What every page receives"), and the
/// pieces rows share: links, markers, detent links, problems.
struct PageFrame {
    /// What every page of one build shares about its output.
    struct Output: Sendable {
        /// The stylesheet's file name, with its content hash: `casefile.1a2b3c4d.css`.
        var stylesheet: String
        /// The site's absolute address ending in `/`, or nil.
        var baseURL: String?
    }

    let validated: ValidatedCase
    let problems: ProblemIndex
    let refs: RecordRefs
    let kind: SiteMap.Kind?
    /// This page's output path.
    let path: String
    let pageNumber: Int
    let output: Output

    var site: SiteSettings { validated.caseFile.site }
    let root: String
    /// 0 for a page at the root, 1 for one a folder down: which `refs` links fit this page.
    let depth: Int

    /// The 404 page is served at whatever address was missing, so relative links from it only work
    /// at the site's top level; with a base URL it links absolutely instead. Every other page links
    /// relatively, so one output works at a domain root, under any sub-path and from `file://`.
    init(validated: ValidatedCase, problems: ProblemIndex, refs: RecordRefs, kind: SiteMap.Kind?, path: String,
         pageNumber: Int, output: Output) {
        self.validated = validated
        self.problems = problems
        self.refs = refs
        self.kind = kind
        self.path = path
        self.pageNumber = pageNumber
        self.output = output
        self.root = kind == nil ? (output.baseURL ?? SiteMap.root(from: path)) : SiteMap.root(from: path)
        self.depth = min(1, path.split(separator: "/").count - 1)
    }

    func link(to kind: SiteMap.Kind, recordAt index: Int, fragment: String) -> String {
        SiteMap.link(from: path, to: validated.siteMap.path(kind, recordAt: index), fragment: fragment)
    }

    func link(toPage kind: SiteMap.Kind, _ number: Int = 1) -> String {
        root + validated.siteMap.path(kind, page: number)
    }

    /// The common context; `table` and `rows` come from the page.
    func context(heading: String, placeholder: String, caption: String, emptyMessage: String,
                 rows: [[String: Any]], selection: [(fragment: String, recordID: String)]) -> [String: Any] {
        let counts: [String: Any] = [
            "errors": validated.errorCount, "warnings": validated.warningCount, "notes": validated.noteCount,
            "total": validated.diagnostics.count, "hasProblems": !validated.diagnostics.isEmpty,
            "href": link(toPage: .validation),
            "errorsLabel": Self.plural(validated.errorCount, "error"),
            "warningsLabel": Self.plural(validated.warningCount, "warning"),
            "notesLabel": Self.plural(validated.noteCount, "note"),
        ]
        let nav: [[String: Any]] = [(SiteMap.Kind.suspects, "Suspects"), (.bulletins, "Bulletins"), (.fruits, "Fruits"),
                                    (.validation, "Validation")].map { kind, label in
            ["label": label, "href": link(toPage: kind), "current": kind == self.kind]
        }
        var context: [String: Any] = [
            "lang": site.language,
            "pageTitle": pageTitle(heading),
            "siteTitle": site.title,
            "page": kind?.rawValue ?? "notfound",
            "heading": heading,
            "root": root,
            "stylesheet": output.stylesheet,
            "selectionCSS": SelectionCSS.rules(selection),
            "nav": nav,
            "counts": counts,
            "inspector": [
                "presented": site.inspector.presented,
                "placement": site.inspector.placement.rawValue,
                "placeholder": rows.isEmpty && pageNumber == 1 ? "Nothing to inspect" : placeholder,
            ] as [String: Any],
            "detents": site.sheet.detents.enumerated().map { i, detent in
                ["name": detent.description, "label": Self.label(detent), "first": i == 0] as [String: Any]
            },
            "table": [
                "caption": caption, "isEmpty": rows.isEmpty, "emptyMessage": emptyMessage, "rowCount": rows.count,
            ] as [String: Any],
            "rows": rows,
            "pagination": pagination(),
        ]
        if let description = site.description { context["siteDescription"] = description }
        if let baseURL = output.baseURL, kind != nil { context["canonical"] = baseURL + path }
        return context
    }

    /// "Suspects · Site", or "Suspects, page 2 of 5 · Site" when the table spans pages, so tabs,
    /// history and bookmarks tell the pages apart.
    private func pageTitle(_ heading: String) -> String {
        let count = kind.map { validated.siteMap.pageCount($0) } ?? 1
        let page = count > 1 ? ", page \(pageNumber) of \(count)" : ""
        return "\(heading)\(page) · \(site.title)"
    }

    private func pagination() -> [String: Any] {
        guard let kind else { return ["show": false] }
        let count = validated.siteMap.pageCount(kind)
        var result: [String: Any] = [
            "show": count > 1,
            "label": "Page \(pageNumber) of \(count)",
            "pages": (1...count).map { n in
                ["number": n, "href": link(toPage: kind, n), "current": n == pageNumber] as [String: Any]
            },
        ]
        if pageNumber > 1 { result["previous"] = link(toPage: kind, pageNumber - 1) }
        if pageNumber < count { result["next"] = link(toPage: kind, pageNumber + 1) }
        return result
    }

    /// One row per record of `range`: the parts every row has (`rowBase`) and the page's own
    /// `fields`; and the (fragment, id) pairs the selection rules need.
    func rows(_ range: Range<Int>, collection: Collection?, record: (Int) -> (id: String, fragment: String),
              fields: (Int) -> [String: Any]) -> (rows: [[String: Any]], selection: [(fragment: String, recordID: String)]) {
        var rows: [[String: Any]] = []
        var selection: [(fragment: String, recordID: String)] = []
        rows.reserveCapacity(range.count)
        for i in range {
            let (id, fragment) = record(i)
            selection.append((fragment, id))
            rows.append(rowBase(collection: collection, recordID: id, fragment: fragment).merging(fields(i)) { _, own in own })
        }
        return (rows, selection)
    }

    /// The parts every row has: its id, link, markers, detent links, problems and invalid fields.
    func rowBase(collection: Collection?, recordID: String, fragment: String) -> [String: Any] {
        let detents = site.sheet.detents
        let markers: [[String: Any]] = detents.enumerated().map { i, detent in
            ["id": i == 0 ? fragment : "\(fragment)_\(detent)", "name": detent.description,
             "dims": site.sheet.dims(at: detent), "recordID": fragment]
        }
        let detentLinks: [[String: Any]] = detents.enumerated().map { i, detent in
            ["name": detent.description, "label": Self.label(detent),
             "href": "#" + (i == 0 ? fragment : "\(fragment)_\(detent)")]
        }
        var row: [String: Any] = [
            "id": recordID, "fragment": fragment, "href": "#" + fragment,
            "markers": markers, "detentLinks": detentLinks,
        ]
        let own = collection.map { problems.problems(of: $0, recordID) } ?? []
        var invalid: [String: Any] = [:]
        for i in own {
            let problem = validated.diagnostics[i]
            if let field = problem.field, invalid[field] == nil {
                invalid[field] = ["rule": problem.ruleID, "message": problem.message]
                if let dot = field.firstIndex(of: "."), invalid[String(field[..<dot])] == nil {
                    invalid[String(field[..<dot])] = ["rule": problem.ruleID, "message": problem.message]
                }
            }
        }
        row["invalid"] = invalid
        row["problems"] = own.map { problemSummary($0) }
        row["problemCount"] = own.count
        row["hasProblems"] = !own.isEmpty
        row["problemsLabel"] = Self.plural(own.count, "problem")
        return row
    }

    func problemSummary(_ i: Int) -> [String: Any] {
        let problem = validated.diagnostics[i]
        return [
            "severity": problem.severity.rawValue, "rule": problem.ruleID, "message": problem.message,
            "field": problem.field ?? "", "location": problem.location?.description ?? "",
            "href": link(to: .validation, recordAt: i, fragment: validated.problemFragment(i)),
        ]
    }

    /// How many mentions a panel lists before it says "and N more": a suspect of a large case is
    /// a suspect in hundreds of bulletins, and listing them all made each page megabytes.
    static let mentionLimit = 12

    /// The first `mentionLimit` of `list`, and `["count": n]` for the rest (false when none).
    static func capped<Element>(_ list: [Element]) -> (shown: [Element], more: Any) {
        guard list.count > mentionLimit else { return (list, false) }
        return (Array(list.prefix(mentionLimit)), ["count": list.count - mentionLimit])
    }

    static func plural(_ n: Int, _ word: String) -> String {
        "\(n) \(word)\(n == 1 ? "" : "s")"
    }

    static func label(_ detent: Detent) -> String {
        switch detent {
        case .height: "\(detent) px"
        case .medium: "Medium"
        case .large: "Large"
        }
    }

    func fruit(_ id: String) -> RecordRefs.Fruit {
        refs.fruit(id, index: validated.index, depth: depth)
    }

    func animal(_ a: Int) -> RecordRefs.Animal {
        refs.animals[depth][a]
    }

    func bulletin(_ b: Int) -> RecordRefs.Bulletin {
        refs.bulletins[depth][b]
    }
}
