import CasefileMustache
import CasefileLocalization
import CasefileModel
import CasefileSite
import CasefileValidation
import CasefileOutput
import CasefileMarkdown

/// The pre-rendered listings of a build: every table in every column's order, both ways
/// (`suspects/by/suspicion-desc.html`), and, for a table longer than one page, every filter
/// value's records across the whole table (`suspects/label/very-suspicious.html`). A listing is
/// light: the table's columns as text, each row linking to the record on its own page, where the
/// inspector shows it. A listing is paginated as the tables are (`pageSize` rows a page), its
/// pages side by side (`SiteLayout.listing(_:page:)`) so that every page's rows link the same way.
struct Listings: Sendable {
    /// Every record's row of one table, as a listing prints it: the same in every listing of
    /// the table (all live two folders down), so made once and copied.
    struct Rows: Sendable {
        /// Every row, one after the other, checked as UTF-8 once: a page appends its rows' text
        /// without checking it again. One string, not one a row: at 100k, strings of their own
        /// would hold 40 MB more at the build's peak.
        let html: String
        /// Record i's row is `html`'s UTF-8 bytes `offsets[i]..<offsets[i + 1]`.
        let offsets: [Int]

        /// Record i's row.
        func row(_ i: Int) -> Substring { html.utf8Piece(offsets[i]..<offsets[i + 1]) }

        /// Each row rendered by `partials/listing-row` with its own values alone (and the UI
        /// strings, `strings`, as `t`).
        init(_ columns: TableColumns, _ v: PlacedCase, templates: TemplateSet, strings: MustacheValue) {
            let table = columns.table
            let fragments: [String] = switch table {
            case .suspects: v.fragments.animals
            case .bulletins: v.fragments.bulletins
            case .fruits: v.fragments.fruits
            case .validation: []
            }
            let collection = CaseCollection(table)
            let root = SiteLayout.root(depth: SiteLayout.listingDepth)
            let numeric = columns.columns.map { MustacheValue.bool($0.numeric) }
            var run = templates.run()
            var html = ""
            html.reserveCapacity(columns.count * 320)
            var offsets = [0]
            offsets.reserveCapacity(columns.count + 1)
            for i in 0..<columns.count {
                let fragment = table == .validation ? v.problemFragment(i) : fragments[i]
                // A record's own page; a problem's row in the validation table.
                let href = collection.map { v.recordLink($0, i) } ?? v.pagePlan.path(table, recordAt: i) + "#" + fragment
                let cells = columns.columns.indices.dropFirst().map { c in
                    MustacheValue.fields([(.text, .string(columns.columns[c].text(i))), (.numeric, numeric[c])])
                }
                let row = Fields([(.id, .string(table == .validation ? fragment : Listings.recordID(table, v, i))),
                                  (.href, .string(root + href)), (.name, .string(columns.columns[0].text(i))),
                                  (.cells, .list(cells)), (.t, strings)])
                html += String(decoding: run.render(row, template: .listingRow, capacity: 512), as: UTF8.self)
                offsets.append(html.utf8.count)
            }
            self.html = html
            self.offsets = offsets
        }
    }

    struct Page: Sendable {
        let columns: TableColumns
        let rows: Rows
        /// The listing's first page's path without `.html`.
        let stem: String
        /// This page's records, in order.
        let records: ArraySlice<Int>
        /// How many records the whole listing has.
        let total: Int
        /// This page's number (from 1) and how many pages the listing spans.
        let number: Int, pageCount: Int
        /// The column and direction of an order.
        let sorted: TableOrder?
        /// A filter value's listing: what the facet is called and the value's label.
        let facet: (legend: String, label: String)?
        /// An order by a column of text: its index, and which texts each page holds.
        var index: NameIndex? = nil

        var path: String { SiteLayout.listing(stem, page: number) }
    }

    /// How many pages a listing of `count` records spans.
    static func pageCount(_ count: Int, pageSize: Int) -> Int {
        max(1, (count + pageSize - 1) / pageSize)
    }

    let pages: [Page]
    /// Each filter value's listing (`suspects/label/very-suspicious`) and how many records it has.
    let facetTotals: [String: Int]
    /// The filters of each table whose value listings were made: its pages read them too.
    let filters: [SiteTable: Filters]

    /// The listings `only` asks for, and the facet totals the pages it asks for link to. Nothing
    /// is sorted or grouped that no file needs: a preview that re-renders one page pays for the
    /// facet totals of that page's table at most. The tables are made side by side (the two big
    /// ones sort and make their rows on a core each).
    /// `sorted`: tables' ascending orders by column already worked out (a preview's `RecordEdit`).
    static func make(_ v: PlacedCase, only: PageSet, templates: TemplateSet, strings: UIStrings = .english,
                     sorted: [SiteTable: [Int: [Int]]] = [:]) async -> Listings {
        let text = MustacheValue.object(TemplateStrings(strings))
        // `table` does not throw, so neither does the map.
        let tables = (try? await Parallel.map(SiteTable.allCases, chunkSize: 1) {
            table(v, table: $0, only: only, templates: templates, strings: strings, text: text, sorted: sorted[$0] ?? [:])
        }) ?? []
        return Listings(pages: tables.flatMap(\.pages),
                        facetTotals: tables.reduce(into: [:]) { $0.merge($1.totals) { a, _ in a } },
                        filters: Dictionary(uniqueKeysWithValues: zip(SiteTable.allCases, tables).compactMap { table, made in
                            made.filters.map { (table, $0) }
                        }))
    }

    private init(pages: [Page], facetTotals: [String: Int], filters: [SiteTable: Filters]) {
        self.pages = pages
        self.facetTotals = facetTotals
        self.filters = filters
    }

    private static func table(_ v: PlacedCase, table: SiteTable, only: PageSet, templates: TemplateSet, strings: UIStrings,
                              text: MustacheValue, sorted known: [Int: [Int]])
        -> (pages: [Page], totals: [String: Int], filters: Filters?) {
        let site = v.caseContent.site
        var pages: [Page] = []
        var totals: [String: Int] = [:]
        let count = v.pagePlan.counts[table] ?? 0, pageCount = v.pagePlan.pageCount(table)
        let size = site.pageSize
        /// Whether any page of a listing of `count` records is wanted.
        func wanted(_ stem: String, _ count: Int) -> Bool {
            (1...Self.pageCount(count, pageSize: size)).contains { only.contains(SiteLayout.listing(stem, page: $0)) }
        }
        let orders = site.orders ? TableColumns.headers(table).enumerated().flatMap { c, header in
            [false, true].map { (c, $0, SiteLayout.orderListing(table, column: header.key, descending: $0)) }
        }.filter { wanted($0.2, count) } : []
        // Every filter value's listing (a template), or some named by path (a preview's edit).
        let facetListings = only.contains(SiteLayout.listing(SiteLayout.facetListing(table, facet: "any", value: "value")))
            || only.paths.contains { SiteLayout.isListing($0) && $0.hasPrefix(table.rawValue + "/")
                && !$0.hasPrefix(table.rawValue + "/by/") }
        let tablePages = (1...pageCount).contains { only.contains(SiteLayout.page(table, number: $0)) }
        let facets = site.filters && pageCount > 1 && (facetListings || tablePages)
        guard !orders.isEmpty || facets else { return ([], [:], nil) }

        // Made for the first listing of the table that is wanted, then shared.
        var columns: TableColumns?
        var rows: Rows?
        func add(_ records: [Int], stem: String, sorted: TableOrder?, facet: (String, String)?) {
            if rows == nil { rows = Rows(columns!, v, templates: templates, strings: text) }
            let pageCount = Self.pageCount(records.count, pageSize: size)
            let index = pageCount > 1 ? sorted.flatMap { order in
                columns!.sort.texts[order.column].map {
                    NameIndex(order: records, texts: $0, pageSize: size, descending: order.descending, strings: strings)
                }
            } : nil
            for n in 1...pageCount where only.contains(SiteLayout.listing(stem, page: n)) {
                let slice = records[min(records.count, (n - 1) * size)..<min(records.count, n * size)]
                pages.append(Page(columns: columns!, rows: rows!, stem: stem, records: slice, total: records.count,
                                  number: n, pageCount: pageCount, sorted: sorted, facet: facet, index: index))
            }
        }
        if !orders.isEmpty || (facets && facetListings) { columns = TableColumns(table, v, strings) }
        var sorted = known
        // The default order's column is sorted already: the page plan lists the table in it.
        if let order = site.defaultOrder[table], let records = v.pagePlan.order(table) {
            sorted[order.column] = order.descending ? records.reversed() : records
        }
        for (c, descending, stem) in orders {
            let ascending = sorted[c] ?? columns!.sort.ascending(c)
            sorted[c] = ascending
            add(descending ? ascending.reversed() : ascending, stem: stem, sorted: TableOrder(column: c, descending: descending), facet: nil)
        }
        guard facets else { return (pages, totals, nil) }
        let filters = Filters(table, v, strings)
        for facet in filters.facets {
            var groups: [String: (label: String, records: [Int])] = [:]
            var order: [String] = []
            for i in 0..<count {
                let value = facet.value(i)
                if groups[value.slug] == nil { order.append(value.slug) }
                groups[value.slug, default: (value.label, [])].records.append(i)
            }
            for slug in order {
                let group = groups[slug]!
                let stem = SiteLayout.facetListing(table, facet: facet.name, value: slug)
                totals[stem] = group.records.count
                if facetListings, wanted(stem, group.records.count) {
                    add(group.records, stem: stem, sorted: nil, facet: (facet.legend, group.label))
                }
            }
        }
        return (pages, totals, filters)
    }

    /// A listing page's file: the frame's common context, its header links, its rows.
    static func render(_ page: Page, frame: PageFrame, templates: inout TemplateSet.Run) -> OutputFile {
        let table = page.columns.table
        var html = ""
        html.reserveCapacity(page.records.reduce(0) { $0 + page.rows.offsets[$1 + 1] - page.rows.offsets[$1] })
        for i in page.records {
            html += page.rows.row(i)
        }
        let s = frame.strings
        let name = PageFrame.tableName(table, s)
        let heading: String, about: String
        if let sorted = page.sorted {
            let label = page.columns.columns[sorted.column].label
            heading = s.text(.listingHeading, ["table": name, "column": s.lowercased(label)])
            about = s.text(.listingAbout, ["rows": s.count(.listingRows, page.columns.count), "column": s.lowercased(label),
                                           "direction": s.text(sorted.descending ? .descending : .ascending)])
        } else {
            let facet = page.facet!
            heading = s.text(.listingFacetHeading, ["table": name, "value": facet.label])
            about = s.text(.listingFacetAbout, ["facet": facet.legend, "value": facet.label,
                                                "rows": s.count(.listingRows, page.total),
                                                "total": s.number(page.columns.count)])
        }
        let shown = " " + (page.pageCount > 1
            ? s.text(.listingRange, ["first": s.number(page.records.startIndex + 1),
                                     "last": s.number(page.records.startIndex + page.records.count), "total": s.number(page.total)])
            : s.text(.listingTotal, ["total": s.number(page.total)]))
        // Pages of one listing are files of one folder: each links its siblings by name.
        let file = page.stem.split(separator: "/").last.map(String.init) ?? page.stem
        let href = { SiteLayout.listing(file, page: $0) }
        let names: ((Int) -> String)? = page.index.map { index in { index.names(page: $0, strings: s) } }
        let pagination = PageFrame.pagination(current: page.number, count: page.pageCount, strings: s, names: names, href: href)
        let context = frame.context(
            heading: heading, placeholder: "", caption: heading + shown, empty: .none,
            rows: [], selection: [], inspector: false, pagination: pagination,
            extra: [(.columns, frame.columns(table, sorted: page.sorted)), (.listingRows, .text(HTMLText(trusted: html))),
                    (.about, .string(about)), (.backHref, .string(frame.link(toPage: table))),
                    (.pageIndex, page.index.map { $0.context(strings: s, href: href) } ?? .bool(false))])
        return OutputFile(path: page.path, bytes: templates.render(context, template: .listing, capacity: html.utf8.count + (1 << 14)))
    }

    static func recordID(_ table: SiteTable, _ v: PlacedCase, _ i: Int) -> String {
        switch table {
        case .suspects: v.caseContent.animals[i].id.rawValue
        case .bulletins: v.caseContent.bulletins[i].id.rawValue
        case .fruits: v.caseContent.fruits[i].id.rawValue
        case .validation: v.problemFragment(i)
        }
    }
}
