import CasefileMustache
import Foundation
import CasefileLocalization
import CasefileModel
import CasefileSite
import CasefileValidation
import CasefileOutput
import CasefileReports

/// Renders a validated case into the files of its site: the four tables (paginated), the 404
/// page, the stylesheet (named for a hash of its content, so a browser never keeps a stale one),
/// the validation reports, and `sitemap.xml` when the site has a base URL. It reads values only
/// and cannot fail.
public struct SiteRenderer: Sendable {
    public let templates: TemplateSet
    /// The site's absolute address (normalised, ending in `/`), for the sitemap and canonical links.
    public let baseURL: String?
    /// Write `validation/digest.json` (a publish does, for the next one to compare with).
    public let digest: Bool
    /// The last publish's report and digest: the validation page and report say what changed.
    public let history: PublishHistory?
    /// Files made already, emitted as given instead of rendered (a preview's exports, patched
    /// from its last render: `ExportParts`).
    package var prerendered: [String: [UInt8]] = [:]
    /// Tables' ascending orders by column, worked out already (a preview's `RecordEdit`).
    package var sorted: [SiteTable: [Int: [Int]]] = [:]

    public init(templates: TemplateSet, baseURL: String? = nil, digest: Bool = false, history: PublishHistory? = nil) {
        self.templates = templates
        self.baseURL = baseURL
        self.digest = digest
        self.history = history
    }

    /// Page `number` of table `kind`.
    private struct PageJob: Sendable {
        var kind: SiteTable
        var number: Int
    }

    /// One file to make: a page, or a file made from the case's data (an export, the feed, the
    /// digest), which renders beside the pages.
    private enum Job: Sendable {
        case page(PageJob)
        /// The 404 page.
        case notFound
        case data(String)
        /// Listing pages, a run of them: one task each would cost more in waking threads than a
        /// small page costs to render.
        case listings([Listings.Page])
        /// Records' own pages, a run of them (for the same reason): each record's index and the
        /// path of its page.
        case records(CaseCollection, [(index: Int, path: String)])
        /// The address (`path`) of a record removed since the last publish: the 404 page, saying so.
        case removed(CaseCollection, id: String, path: String)

        /// How many files the job makes (what progress counts).
        var fileCount: Int {
            switch self {
            case let .listings(pages): pages.count
            case let .records(_, records): records.count
            case .page, .notFound, .data, .removed: 1
            }
        }
    }

    /// Renders every file and hands each to `sink` as soon as it is ready (on the calling task);
    /// `progress` hears pages done and pages in all. Only `sink` can throw.
    /// `only` picks the files to render (a preview re-renders what changed).
    public func render(_ placed: PlacedCase, only: PageSet = .all,
                       progress: ((Int, Int) -> Void)? = nil, into sink: (OutputFile) throws -> Void) async throws {
        try await render(placed, only: only, refs: nil, progress: progress, into: sink)
    }

    /// With the record mentions given (a preview keeps them while the collections stay), or nil.
    func render(_ placed: PlacedCase, only: PageSet, refs: RecordRefs?,
                progress: ((Int, Int) -> Void)? = nil, into sink: (OutputFile) throws -> Void) async throws {
        try await render(placed, only: only, refs: refs, progress: progress, examine: { _ in () }) { file, _ in
            try sink(file)
        }
    }

    /// With each file examined where it is rendered, on the core that rendered it, before it
    /// reaches `sink` with what `examine` found (publish scans its pages so, instead of reading
    /// the site back). With `refs` nil, the mentions are made for the pages of the moment only:
    /// none while the listings render, the tables' depth, then the records' own pages' depth
    /// (each depth's are about 75 MB at 100k, and the listings' pass is the build's peak).
    func render<Finding: Sendable>(_ placed: PlacedCase, only: PageSet, refs given: RecordRefs?,
                                   progress: ((Int, Int) -> Void)? = nil,
                                   examine: @escaping @Sendable (OutputFile) -> Finding,
                                   into sink: (OutputFile, Finding) throws -> Void) async throws {
        func emit(_ file: OutputFile) throws { try sink(file, examine(file)) }
        let map = placed.pagePlan
        var jobs: [PageJob] = []
        for kind in SiteTable.allCases {
            for n in 1...map.pageCount(kind) where only.contains(SiteLayout.page(kind, number: n)) {
                jobs.append(PageJob(kind: kind, number: n))
            }
        }
        let problems = ProblemIndex(placed.diagnostics)
        // Source excerpts are for the validation pages only.
        let lines = jobs.contains { $0.kind == .validation } ? Self.sourceLines(placed) : [:]
        // Compared with the last publish's, and written as this one's: fingerprinted once.
        let fingerprints = history.map { _ in CaseDigest.records(placed.validated) }
        let since = history.flatMap { history in fingerprints.map { history.changes(to: placed.validated, current: $0) } }
        let site = placed.caseContent.site
        let strings = UIStrings.resolve(language: site.language, caseTables: placed.caseContent.translations).strings
        let summary = jobs.contains { $0.kind == .validation }
            ? ValidationPage.summary(of: placed, since: since, strings: strings) : .null
        // Every page links the stylesheet by the hash of its content, so it is rendered each time.
        let css = templates.renderStylesheet(Self.stylesheetContext(site, strings))
        var listings = site.orders || site.filters ? await Listings.make(placed, only: only, templates: templates, strings: strings, sorted: sorted) : nil
        var frame = PageFrame.Output(stylesheet: SiteLayout.stylesheet(hash: ContentHash.hex8(css)), baseURL: baseURL,
                                     facetTotals: listings?.facetTotals ?? [:], strings: strings,
                                     detents: site.sheet.detents)
        frame.indexes = NameIndex.defaultOrders(placed, tables: Set(jobs.map(\.kind)), strings: strings)
        frame.filters = listings?.filters ?? [:]
        let output = frame
        if only.contains(SiteLayout.stylesheet) || only.contains(output.stylesheet) {
            try emit(OutputFile(path: output.stylesheet, contents: css))
        }
        var dataPaths: [String] = []
        // The biggest first, so that they do not finish last on a core of their own.
        if site.exports { dataPaths += SiteLayout.exports }
        if site.feed { dataPaths.append(SiteLayout.feed) }
        if digest { dataPaths.append(SiteLayout.digest) }
        var listed = listings.map { l in Self.runs(of: l.pages.count).map { Job.listings(Array(l.pages[$0])) } } ?? []
        // The longest first (the exports), so that none finishes last on a core of its own; the
        // records' own pages, the smallest, last. The listings come before them all, on their own,
        // and a build renders the records' own pages in a pass of their own too (their mentions
        // are another depth's).
        let tables = dataPaths.filter { only.contains($0) }.map(Job.data) + jobs.map(Job.page)
            + (only.contains(SiteLayout.notFound) ? [Job.notFound] : [])
        let records = Self.recordJobs(placed, only: only) + Self.removedJobs(since, only: only)
        let baseURL = self.baseURL, prerendered = self.prerendered
        // Made once for all the exports: each record's address is worked out once.
        let exports = site.exports ? DataExports(validated: placed.validated, fragments: placed.fragments, baseURL: baseURL) : nil
        // The pages' templates with this build's UI strings written in.
        let fixed = SiteRenderer(templates: templates.fixingStrings(output.templateStrings), baseURL: baseURL,
                                 digest: digest, history: history)
        let total = (listed + tables + records).reduce(0) { $0 + $1.fileCount }
        var done = 0
        let work: @Sendable (Job, RecordRefs) -> [(OutputFile, Finding)] = { job, refs in
            let files: [OutputFile] = switch job {
            case let .page(page): [fixed.render(page, placed, problems, refs, lines, summary, output)]
            case .notFound: [fixed.renderNotFound(placed, problems, refs, output)]
            case let .data(path):
                [prerendered[path].map { OutputFile(path: path, bytes: $0) }
                    ?? Self.render(data: path, placed, baseURL: baseURL, exports: exports, fingerprints: fingerprints)]
            case let .listings(pages):
                fixed.render(listings: pages, placed, problems, refs, output)
            case let .records(collection, records):
                fixed.render(records: collection, records, placed, problems, refs, output)
            case let .removed(collection, id, path):
                [fixed.render(removed: collection, id, at: path, placed, problems, refs, output)]
            }
            return files.map { ($0, examine($0)) }
        }
        func receive(_ results: [(OutputFile, Finding)]) throws {
            for (file, finding) in results {
                try sink(file, finding)
                done += 1
                progress?(done, total)
            }
        }
        // The listings first: their rows (each record's, made once and copied into every listing
        // of its table, 108 MB at 100k) go once they are written, before the exports and the
        // records' own pages are rendered, when the build's memory is at its highest.
        var refs = given ?? RecordRefs(placed, depths: [])
        try await Parallel.forEach(listed, { [refs] in work($0, refs) }, receive: receive)
        (listed, listings) = ([], nil)
        if given == nil {
            refs = refs.keeping([1])
            try await Parallel.forEach(tables, { [refs] in work($0, refs) }, receive: receive)
            refs = refs.keeping([RecordRefs.recordDepth])
            try await Parallel.forEach(records, { [refs] in work($0, refs) }, receive: receive)
        } else {
            try await Parallel.forEach(tables + records, { [refs] in work($0, refs) }, receive: receive)
        }
        let findings = ValidationFindings(placed.validated)
        if let baseURL, only.contains(SiteLayout.sitemap) {
            var paths = SiteTable.allCases.flatMap { kind in
                (1...map.pageCount(kind)).map { SiteLayout.page(kind, number: $0) }
            }
            for collection in [CaseCollection.animals, .bulletins, .fruits] {
                paths += placed.fragments[collection].indices.compactMap { placed.recordPath(collection, $0) }
            }
            for file in SitemapXML.files(baseURL: baseURL, paths: paths) {
                try emit(OutputFile(path: file.path, contents: file.text))
            }
        }
        if only.contains(SiteLayout.report) {
            try emit(OutputFile(path: SiteLayout.report, contents: JSONReport(findings, since: since).render()))
        }
        if let history, only.contains(SiteLayout.previousReport) {
            try emit(OutputFile(path: SiteLayout.previousReport, contents: history.report))
            try emit(OutputFile(path: SiteLayout.previousDigest, contents: history.digest))
        }
        if only.contains(SiteLayout.sarifReport) {
            try emit(OutputFile(path: SiteLayout.sarifReport, contents: SARIFReport(findings).render()))
        }
    }

    /// A run of listing pages (`Job.listings`).
    private func render(listings pages: [Listings.Page], _ v: PlacedCase, _ problems: ProblemIndex, _ refs: RecordRefs,
                        _ output: PageFrame.Output) -> [OutputFile] {
        var run = templates.run()
        return pages.map { page in
            let frame = PageFrame(validated: v, problems: problems, refs: refs, kind: page.columns.table, path: page.path,
                                  pageNumber: page.number, pageCount: page.pageCount, output: output)
            return Listings.render(page, frame: frame, templates: &run)
        }
    }

    /// How many small pages one job renders: enough that the threads' wake-ups (a futex call
    /// or two a job) stop showing under `perf`, few enough that the last job ends with the rest.
    static let run = 16

    /// `0..<count` in runs of at most `run`.
    static func runs(of count: Int) -> [Range<Int>] {
        stride(from: 0, to: count, by: run).map { $0..<min($0 + run, count) }
    }

    /// Every record's own page that `only` asks for (those whose id is a slug), in runs.
    private static func recordJobs(_ v: PlacedCase, only: PageSet) -> [Job] {
        var jobs: [Job] = []
        for collection in [CaseCollection.animals, .bulletins, .fruits] {
            let records = v.fragments[collection].indices.compactMap { i in
                v.recordPath(collection, i).flatMap { only.contains($0) ? (index: i, path: $0) : nil }
            }
            jobs += runs(of: records.count).map { .records(collection, Array(records[$0])) }
        }
        return jobs
    }

    /// The addresses of the records removed since the last publish (known only to a publish).
    private static func removedJobs(_ since: SinceLastPublish?, only: PageSet) -> [Job] {
        (since?.records ?? []).flatMap { records in
            records.removed.compactMap { id in
                SiteLayout.record(records.collection.pageKind, id: id).flatMap {
                    only.contains($0) ? .removed(records.collection, id: id, path: $0) : nil
                }
            }
        }
    }

    private func render(removed collection: CaseCollection, _ id: String, at path: String, _ v: PlacedCase,
                        _ problems: ProblemIndex, _ refs: RecordRefs, _ output: PageFrame.Output) -> OutputFile {
        let frame = PageFrame(validated: v, problems: problems, refs: refs, kind: nil, path: path, pageNumber: 1, output: output)
        let s = frame.strings
        let context = frame.context(heading: s.text(.recordRemoved), placeholder: "", caption: "", empty: .none, rows: [],
                                    selection: [], extra: [(.removedMessage, .string(s.text(.recordRemovedMessage, ["record": id])))])
        return OutputFile(path: path, bytes: templates.render(context, template: .notFound, capacity: 1 << 14))
    }

    /// A run of one collection's own pages (`Job.records`).
    private func render(records collection: CaseCollection, _ records: [(index: Int, path: String)], _ v: PlacedCase,
                        _ problems: ProblemIndex, _ refs: RecordRefs, _ output: PageFrame.Output) -> [OutputFile] {
        guard let first = records.first else { return [] }
        let frame = PageFrame(validated: v, problems: problems, refs: refs, kind: collection.pageKind,
                              path: first.path, pageNumber: 1, pageCount: 1, output: output)
        let pages = RecordPages(frame: frame, collection: collection)
        var run = templates.run()
        return records.map { i, path in
            let note = collection == .fruits ? 0 : v.noteSize(collection, i)
            return OutputFile(path: path, bytes: run.render(pages.context(i, path: path), template: .record,
                                                            capacity: (1 << 14) + note))
        }
    }

    private static func render(data path: String, _ v: PlacedCase, baseURL: String?, exports: DataExports?,
                               fingerprints: [CaseCollection: [RecordFingerprint]]?) -> OutputFile {
        let bytes = switch path {
        case SiteLayout.feed: AtomFeed(validated: v, baseURL: baseURL).render()
        case SiteLayout.digest: CaseDigest.json(fingerprints ?? CaseDigest.records(v.validated))
        default: (exports ?? DataExports(validated: v.validated, fragments: v.fragments, baseURL: baseURL)).render(path) ?? []
        }
        return OutputFile(path: path, bytes: bytes)
    }

    private func renderNotFound(_ v: PlacedCase, _ problems: ProblemIndex, _ refs: RecordRefs,
                                _ output: PageFrame.Output) -> OutputFile {
        let frame = PageFrame(validated: v, problems: problems, refs: refs, kind: nil, path: SiteLayout.notFound,
                              pageNumber: 1, output: output)
        let context = frame.context(heading: frame.strings.text(.pageNotFound), placeholder: "", caption: "", empty: .none,
                                    rows: [], selection: [])
        return OutputFile(path: SiteLayout.notFound, bytes: templates.render(context, template: .notFound,
                                                                             capacity: 1 << 14))
    }

    private func render(_ job: PageJob, _ v: PlacedCase, _ problems: ProblemIndex, _ refs: RecordRefs,
                        _ lines: [String: SourceLines], _ summary: MustacheValue, _ output: PageFrame.Output) -> OutputFile {
        let kind = job.kind
        let path = SiteLayout.page(kind, number: job.number)
        let frame = PageFrame(validated: v, problems: problems, refs: refs, kind: kind, path: path, pageNumber: job.number,
                              output: output)
        let records = v.pagePlan.records(kind, page: job.number)
        let context: PageView = switch kind {
        case .suspects: SuspectsPage(frame: frame).context(records: records)
        case .bulletins: BulletinsPage(frame: frame).context(records: records)
        case .fruits: FruitsPage(frame: frame).context(records: records)
        case .validation: ValidationPage(frame: frame, lines: lines, summary: summary).context(records: records)
        }
        return OutputFile(path: path, bytes: templates.render(context, template: .page(kind),
                                                              capacity: Self.capacity(kind, records, v)))
    }

    /// Room for a table page, reserved before it renders so that it never grows (each growth
    /// copies the page into fresh memory): its notes' HTML, and 12 KB a row for the rest (the
    /// 10k case's pages measure 7–9 KB a row besides the notes). Reserved memory that the page
    /// does not fill is never touched.
    static func capacity(_ kind: SiteTable, _ records: [Int], _ v: PlacedCase) -> Int {
        let notes = switch kind {
        case .suspects: records.reduce(0) { $0 + v.noteSize(.animals, $1) }
        case .bulletins: records.reduce(0) { $0 + v.noteSize(.bulletins, $1) }
        case .fruits, .validation: 0
        }
        return (1 << 16) + notes + records.count * 12_288
    }

    /// The lines of every file that a problem points into, split once: those its excerpts show.
    private static func sourceLines(_ v: PlacedCase) -> [String: SourceLines] {
        var problemLines: [String: [Int]] = [:]
        for location in v.diagnostics.compactMap(\.location) { problemLines[location.path, default: []].append(location.line) }
        var lines: [String: SourceLines] = [:]
        for (path, numbers) in problemLines {
            guard let text = v.validated.sources[path] else { continue }
            lines[path] = SourceLines(text, keeping: SourceLines.excerpted(numbers, context: ValidationPage.excerptContext))
        }
        return lines
    }
}
