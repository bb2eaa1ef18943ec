import CasefileMustache
import CasefileLocalization
import CasefileModel
import CasefileSite
import CasefileValidation

/// What every page's context holds (Templates/README.md, "What every page receives"), and the
/// pieces rows share: links, markers, detent links, problems.
final class PageFrame: Sendable {
    /// What every page of one build shares about its output.
    struct Output: Sendable {
        /// The stylesheet's file name, with its content hash: `casefile.1a2b3c4d.css`.
        var stylesheet: String
        /// The site's absolute address ending in `/`, or nil.
        var baseURL: String?
        /// Each filter value's listing of a whole table (`suspects/label/fishy`), with its count.
        var facetTotals: [String: Int] = [:]
        /// The UI strings in the site's language, and the same for the templates (`t`).
        var strings: UIStrings = .english
        var templateStrings: MustacheValue = .null
        /// The sheet's detents as every row's grabbers say them, made once a build (not once a row).
        var detents: [DetentText] = []
        /// The index of each table whose pages list it in the order of a text column.
        var indexes: [SiteTable: NameIndex] = [:]
        /// Each table's filters, with every record's values, made once a build.
        var filters: [SiteTable: Filters] = [:]

        init(stylesheet: String, baseURL: String?, facetTotals: [String: Int] = [:], strings: UIStrings = .english,
             detents: [Detent] = []) {
            self.stylesheet = stylesheet
            self.baseURL = baseURL
            self.facetTotals = facetTotals
            self.strings = strings
            self.templateStrings = .object(TemplateStrings(strings))
            self.detents = DetentText.all(detents, strings)
        }
    }

    /// A detent's name, its label in the site's language, and its grabber's label, which names
    /// the detent the grabber moves the sheet on to (after the last, the first).
    struct DetentText: Sendable {
        var name: MustacheValue
        var label: MustacheValue
        var grabberLabel: MustacheValue

        static func all(_ detents: [Detent], _ strings: UIStrings) -> [DetentText] {
            let labels = detents.map { PageFrame.label($0, strings) }
            return detents.indices.map { i in
                let next = (i + 1) % detents.count
                return DetentText(name: .string(detents[i].description), label: .string(labels[i]),
                                  grabberLabel: .string(strings.text(.grabber, ["detent": labels[i], "next": labels[next]])))
            }
        }
    }

    let validated: PlacedCase
    let problems: ProblemIndex
    let refs: RecordRefs
    let kind: SiteTable?
    /// This page's output path.
    let path: String
    let pageNumber: Int
    /// How many pages this page's table (or listing) spans.
    let pageCount: Int
    let output: Output

    var site: SiteSettings { validated.caseContent.site }
    var strings: UIStrings { output.strings }
    let root: String
    /// 0 for a page at the root, 1 for one a folder down, 2 for a record's own page: which
    /// `refs` links fit this page.
    let depth: Int
    /// Whether this is a record's own page (`suspects/id/fish.html`): no inspector, no sheet;
    /// its mentions and its note's case links open other records' own pages.
    var onRecordPage: Bool { depth == RecordRefs.recordDepth }

    /// The 404 page is served at whatever address was missing, so relative links from it only work
    /// at the site's top level; with a base URL it links absolutely instead. Every other page links
    /// relatively, so one output works at a domain root, under any sub-path and from `file://`.
    init(validated: PlacedCase, problems: ProblemIndex, refs: RecordRefs, kind: SiteTable?, path: String,
         pageNumber: Int, pageCount: Int? = nil, output: Output) {
        self.validated = validated
        self.pageCount = pageCount ?? kind.map { validated.pagePlan.pageCount($0) } ?? 1
        self.problems = problems
        self.refs = refs
        self.kind = kind
        self.path = path
        self.pageNumber = pageNumber
        self.output = output
        self.root = kind == nil ? (output.baseURL ?? SiteLayout.root(from: path)) : SiteLayout.root(from: path)
        self.depth = SiteLayout.isRecord(path) ? RecordRefs.recordDepth : min(1, SiteLayout.depth(of: path))
    }

    /// What a table is called in headings.
    static func tableName(_ kind: SiteTable, _ strings: UIStrings) -> String {
        switch kind {
        case .suspects: strings.text(.suspects)
        case .bulletins: strings.text(.bulletins)
        case .fruits: strings.text(.fruits)
        case .validation: strings.text(.problems)
        }
    }

    /// The header of each column: its label, and (with `orders` on) a link to the table in its
    /// order — ascending, or descending from the ascending order's own page.
    func columns(_ table: SiteTable, sorted: TableOrder?) -> MustacheValue {
        .list(TableColumns.headers(table, strings).enumerated().map { c, header in
            var fields: [(TemplateField, MustacheValue)] = [(.label, .string(header.label)), (.numeric, .bool(header.numeric))]
            if site.orders {
                let here = sorted?.column == c ? sorted : nil
                let next = here.map { !$0.descending } ?? false
                let stem = SiteLayout.orderListing(table, column: header.key, descending: next)
                fields.append((.href, .string(root + SiteLayout.listing(stem))))
                if let here {
                    fields += [(.sort, .string(here.descending ? "descending" : "ascending")),
                               (.arrow, .string(here.descending ? "▼" : "▲"))]
                }
            }
            return .fields(fields)
        })
    }

    /// What the inspector's top bar calls what it shows: one of the page's records.
    var inspectorTitle: String {
        switch kind {
        case .suspects?: strings.text(.suspect)
        case .bulletins?: strings.text(.bulletin)
        case .fruits?: strings.text(.fruit)
        case .validation?: strings.text(.problem)
        case nil: strings.text(.inspector)
        }
    }

    func link(to kind: SiteTable, recordAt index: Int, fragment: String) -> String {
        SiteLayout.link(from: path, to: validated.pagePlan.path(kind, recordAt: index), fragment: fragment)
    }

    func link(toPage kind: SiteTable, _ number: Int = 1) -> String {
        root + SiteLayout.page(kind, number: number)
    }

    /// The filters of table `kind`: the build's, or made now.
    func tableFilters(_ kind: SiteTable) -> Filters {
        output.filters[kind] ?? Filters(kind, validated, strings)
    }

    /// The common context; `rows` come from the page, and `extra` adds the page's own names
    /// (`chart`, `summary`).
    func context(heading: String, placeholder: String, caption: String, empty: EmptyState,
                 rows: [MustacheValue], selection: [(fragment: String, recordID: String)], records: [Int] = [],
                 inspector: Bool = true, pagination: MustacheValue? = nil,
                 extra: [(TemplateField, MustacheValue)] = []) -> PageView {
        let v = validated
        let filters = site.filters ? kind.flatMap { kind in
            tableFilters(kind).page(records, strings: strings) { facet, slug in
                let stem = SiteLayout.facetListing(kind, facet: facet, value: slug)
                return output.facetTotals[stem].map { (root + SiteLayout.listing(stem), $0) }
            }
        } : nil
        let downloads: MustacheValue = site.exports ? kind.map { kind in
            .fields([(.links, .list(DataExports.downloads(for: kind).map {
                .fields([(.label, .string($0.label)), (.href, .string(root + $0.path))])
            }))])
        } ?? .null : .null
        var fields = chrome(heading: heading, title: pageTitle(heading), page: kind?.rawValue ?? "notfound")
        fields += [
            (.selectionCSS, .string(SelectionCSS.rules(selection) + (filters.map { "\n" + $0.css } ?? ""))),
            (.filters, filters?.form ?? .null),
            (.hasInspector, .bool(kind != nil && inspector)),
            (.downloads, downloads),
            (.inspector, .fields([
                (.presented, .bool(site.inspector.presented)),
                (.carry, .string(site.inspector.carriedFragment)),
                (.placement, .string(site.inspector.placement.rawValue)),
                (.placeholder, .string(rows.isEmpty && pageNumber == 1 ? strings.text(.nothingToInspect) : placeholder)),
                (.placeholderDescription, .string(placeholderDescription(noRows: rows.isEmpty && pageNumber == 1))),
                (.title, .string(inspectorTitle)),
            ])),
            (.detents, .list(site.sheet.detents.enumerated().map { i, detent in
                .fields([(.name, .string(detent.description)), (.label, .string(Self.label(detent, strings))), (.first, .bool(i == 0))])
            })),
            (.table, .fields([
                (.caption, .string(caption)), (.isEmpty, .bool(rows.isEmpty)), (.emptyTitle, .string(empty.title)),
                (.emptyMessage, .string(empty.guidance)), (.allClear, .bool(empty.allClear)),
                (.rowCount, .int(rows.count)),
            ])),
            (.pagination, pagination ?? self.pagination()),
        ]
        if pagination == nil, let kind, let index = output.indexes[kind] {
            fields.append((.pageIndex, index.context(strings: strings) { link(toPage: kind, $0) }))
        }
        if let baseURL = output.baseURL, kind != nil { fields.append((.canonical, .string(baseURL + path))) }
        fields += extra
        if let kind, !extra.contains(where: { $0.0 == .columns }) {
            // A table's own pages list it in its default order, if it has one.
            fields.append((.columns, columns(kind, sorted: site.defaultOrder[kind])))
        }
        return PageView(fields: Fields(fields), rows: .list(rows))
    }

    /// What every page has, whatever it shows: its language and title, the toolbar's navigation
    /// and problem counts, the stylesheet and the feed.
    func chrome(heading: String, title: String, page: String) -> [(TemplateField, MustacheValue)] {
        let v = validated
        let counts = MustacheValue.fields([
            (.errors, .int(v.errorCount)), (.warnings, .int(v.warningCount)), (.notes, .int(v.noteCount)),
            (.total, .int(v.diagnostics.count)), (.hasProblems, .bool(!v.diagnostics.isEmpty)),
            (.href, .string(link(toPage: .validation))),
            (.errorsLabel, .string(strings.count(.errorCount, v.errorCount))),
            (.warningsLabel, .string(strings.count(.warningCount, v.warningCount))),
            (.notesLabel, .string(strings.count(.noteCount, v.noteCount))),
        ])
        let nav: [MustacheValue] = [(SiteTable.suspects, strings.text(.suspects)), (.bulletins, strings.text(.bulletins)),
                                    (.fruits, strings.text(.fruits)), (.validation, strings.text(.validation))].map { kind, label in
            .fields([(.label, .string(label)), (.href, .string(link(toPage: kind))), (.current, .bool(kind == self.kind && !onRecordPage))])
        }
        var fields: [(TemplateField, MustacheValue)] = [
            (.t, output.templateStrings),
            (.lang, .string(strings.language.description)),
            (.dir, .string(strings.language.direction)),
            (.pageTitle, .string(title)),
            (.siteTitle, .string(site.title)),
            (.page, .string(page)),
            (.heading, .string(heading)),
            (.root, .string(root)),
            (.stylesheet, .string(output.stylesheet)),
            (.nav, .list(nav)),
            (.counts, counts),
        ]
        if let description = site.description { fields.append((.siteDescription, .string(description))) }
        if site.feed {
            fields += [(.feed, .string(root + SiteLayout.feed)), (.feedTitle, .string(strings.text(.feedTitle, ["site": site.title])))]
        }
        return fields
    }

    /// "Suspects · Site", or "Suspects, page 2 of 5 · Site" when the table spans pages, so tabs,
    /// history and bookmarks tell the pages apart.
    func pageTitle(_ heading: String) -> String {
        let values = ["heading": heading, "site": site.title, "page": strings.number(pageNumber), "pages": strings.number(pageCount)]
        return strings.text(pageCount > 1 ? .pageTitlePaged : .pageTitle, values)
    }

    /// The page numbers a page links to: every page when there are at most nine, else the
    /// first, the last and two on each side of the current one, with nil for each gap between —
    /// so that a page's links, and the site, do not grow with the square of the page count.
    static func pageWindow(current: Int, count: Int) -> [Int?] {
        guard count > 9 else { return Array(1...max(count, 1)) }
        let near = max(1, current - 2)...min(count, current + 2)
        var shown = [1] + Array(near) + [count]
        shown = Array(Set(shown)).sorted()
        var window: [Int?] = []
        for n in shown {
            if let last = window.last ?? nil, n > last + 1 {
                // One page between is shown as itself rather than as a gap.
                window.append(n == last + 2 ? last + 1 : nil)
            }
            window.append(n)
        }
        return window
    }

    private func pagination() -> MustacheValue {
        guard let kind else { return .fields([(.show, .bool(false))]) }
        let strings = strings
        let names: ((Int) -> String)? = output.indexes[kind].map { index in { index.names(page: $0, strings: strings) } }
        return Self.pagination(current: pageNumber, count: pageCount, strings: strings, names: names) { link(toPage: kind, $0) }
    }

    /// One row per record of `records`, in order, and the (fragment, id) pairs the selection
    /// rules need.
    func rows(_ records: [Int], collection: CaseCollection?, record: (Int) -> (id: String, fragment: String),
              row: (Int, RowCommon) -> MustacheValue) -> (rows: [MustacheValue], selection: [(fragment: String, recordID: String)]) {
        var rows: [MustacheValue] = []
        var selection: [(fragment: String, recordID: String)] = []
        rows.reserveCapacity(records.count)
        selection.reserveCapacity(records.count)
        // A record's own page has no chips to filter it by.
        let filters = site.filters && !onRecordPage ? kind.map(tableFilters) : nil
        for i in records {
            let (id, fragment) = record(i)
            selection.append((fragment, id))
            var common = rowCommon(collection: collection, recordID: id, fragment: fragment)
            if let filters { common.facets = filters.row(i) }
            rows.append(row(i, common))
        }
        return (rows, selection)
    }

    /// The parts every row has: its id, link, markers, detent links, problems and invalid fields.
    func rowCommon(collection: CaseCollection?, recordID: String, fragment: String) -> RowCommon {
        // A record's own page has no sheet to move: no markers, no grabbers.
        let detents = onRecordPage ? [] : site.sheet.detents
        let escapedFragment = HTMLText(fragment)
        let markers: [MustacheValue] = detents.enumerated().map { i, detent in
            .view(RowCommon.Marker(id: i == 0 ? escapedFragment : HTMLText("\(fragment)_\(detent)"),
                                     name: HTMLText(detent.description), dims: site.sheet.dims(at: detent),
                                     recordID: escapedFragment))
        }
        // A grabber per detent, which moves the sheet on to the next (after the last, the first).
        let hrefs = detents.indices.map { "#" + ($0 == 0 ? fragment : "\(fragment)_\(detents[$0])") }
        let texts = output.detents.count == detents.count ? output.detents : DetentText.all(detents, strings)
        let detentLinks: [MustacheValue] = detents.indices.map { i in
            let next = (i + 1) % detents.count
            return .fields([(.name, texts[i].name), (.label, texts[i].label),
                            (.href, .string(hrefs[i])), (.nextHref, .string(hrefs[next])),
                            (.nextName, texts[next].name), (.nextLabel, texts[next].label),
                            (.grabberLabel, texts[i].grabberLabel)])
        }
        let own = collection.map { problems.problems(of: $0, recordID) } ?? []
        // The first problem of each field (and of the field a dotted one is part of).
        var invalid: [String: MustacheValue] = [:]
        for i in own {
            let problem = validated.diagnostics[i]
            guard let field = problem.field?.key else { continue }
            let entry = MustacheValue.fields([(.rule, .string(problem.ruleID)), (.message, .string(strings.message(problem)))])
            if invalid[field] == nil { invalid[field] = entry }
            if let dot = field.firstIndex(of: "."), invalid[String(field[..<dot])] == nil {
                invalid[String(field[..<dot])] = entry
            }
        }
        // The record's lasting address, which its panel offers ("Link to this record").
        let permalink = onRecordPage ? nil : collection.flatMap { SiteLayout.record($0.pageKind, id: fragment) }
        return RowCommon(id: HTMLText(recordID), fragment: escapedFragment, href: HTMLText("#" + fragment),
                         permalink: permalink.map { HTMLText(root + $0) },
                         markers: .list(markers), detentLinks: .list(detentLinks),
                         invalid: invalid.isEmpty ? RowCommon.noInvalidFields : .object(RowCommon.InvalidFields(entries: invalid)),
                         problems: .list(own.map(problemSummary)),
                         fields: invalid.isEmpty ? RowCommon.allFieldsValid : .object(RowCommon.FieldStates(invalid: invalid)), problemCount: own.count,
                         problemsLabel: own.isEmpty ? .null : .string(strings.count(.problemCount, own.count)))
    }

    func problemSummary(_ i: Int) -> MustacheValue {
        let problem = validated.diagnostics[i]
        return .fields([
            (.severity, .string(problem.severity.rawValue)), (.rule, .string(problem.ruleID)),
            (.message, .string(strings.message(problem))), (.field, .string(problem.fieldKey)),
            (.location, .string(problem.location?.description ?? "")),
            (.href, .string(link(to: .validation, recordAt: i, fragment: validated.problemFragment(i)))),
        ])
    }

    /// How many mentions a panel lists before it says "and N more": a suspect of a large case is
    /// a suspect in hundreds of bulletins, and listing them all made each page megabytes.
    static let mentionLimit = 12

    /// The first `mentionLimit` of `list`, and `{count}` for the rest (false when none); `count`
    /// is the whole list's length when `list` holds only its start.
    func capped(_ list: [MustacheValue], count: Int? = nil, more key: UIText) -> (shown: MustacheValue, more: MustacheValue) {
        let count = count ?? list.count
        guard count > Self.mentionLimit else { return (.list(list), .bool(false)) }
        let rest = count - Self.mentionLimit
        return (.list(Array(list.prefix(Self.mentionLimit))),
                .fields([(.count, .int(rest)), (.label, .string(strings.count(key, rest)))]))
    }

    static func label(_ detent: Detent, _ strings: UIStrings) -> String {
        switch detent {
        case let .height(h): strings.text(.detentHeight, ["height": Numbers.plain(h)])
        case .medium: strings.text(.detentMedium)
        case .large: strings.text(.detentLarge)
        }
    }

    func fruit(_ id: Fruit.ID) -> MustacheValue {
        refs.fruit(id, index: validated.index, depth: depth)
    }

    func animal(_ a: Int) -> MustacheValue {
        refs.animal(a, depth: depth)
    }

    func bulletin(_ b: Int) -> MustacheValue {
        refs.bulletin(b, depth: depth)
    }
}

/// What a table with no rows shows instead, as SwiftUI's `ContentUnavailableView` does: a
/// symbol in a circle (a magnifier, or a check mark when the emptiness is good news), a title
/// and one line of guidance.
struct EmptyState {
    var title: String
    var guidance: String
    var allClear = false

    static let none = EmptyState(title: "", guidance: "")
}
