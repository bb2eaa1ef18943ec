import Foundation
import CasefileModel
import CasefileLoading
import CasefileSite
import CasefileValidation
import CasefileOutput
import CasefileRendering
import CasefileReports

/// What a build is asked to do.
public struct BuildOptions: Sendable {
    public var content: URL
    public var contentDisplay: String
    /// A custom templates folder; nil or missing means the built-in templates.
    public var templates: URL?
    public var templatesDisplay: String
    public var output: URL
    public var outputDisplay: String
    /// Overrides site.yaml's `baseURL` (already normalised: see `BaseURL`).
    public var baseURL: String?
    /// Write `validation/digest.json` and compare with `history` (what `publish` does).
    public var publishing = false
    /// The last publish's report and digest (`publish` reads them from its output first).
    public var history: PublishHistory?
    /// Every write into `output` passes it (`publish` closes it on Ctrl-C before it removes its
    /// staging folder).
    public var gate: WriteGate?

    public init(content: URL, contentDisplay: String, templates: URL?, templatesDisplay: String, output: URL,
                outputDisplay: String, baseURL: String? = nil) {
        self.content = content
        self.contentDisplay = contentDisplay
        self.templates = templates
        self.templatesDisplay = templatesDisplay
        self.output = output
        self.outputDisplay = outputDisplay
        self.baseURL = baseURL
    }
}

/// What a build did: the numbers for its closing line, and every problem.
public struct BuildSummary: Sendable {
    public var pages: Int
    /// The tables' listings written beside the pages (orders, filter values).
    public var listings: Int = 0
    /// The records' own pages (`suspects/id/fish.html`), and the addresses of records removed
    /// since the last publish, which say so.
    public var recordPages: Int = 0
    public var files: Int
    public var records: Int
    public var diagnostics: [Diagnostic]
    /// The problems of the case's template overrides (`TemplateCheck`), their places relative to
    /// the templates folder; printed, but in none of the site's reports.
    public var templateDiagnostics: [Diagnostic] = []
    public var seconds: Double
    /// Wall-clock seconds of each stage, in order: templates, load, validate (with the notes),
    /// render and write.
    public var stages: [StageTime] = []
    /// The base URL the site was rendered with (`--base-url`, else site.yaml's), if any.
    public var baseURL: String?

    public var errorCount: Int { count(.error) }
    public var warningCount: Int { count(.warning) }
    public var noteCount: Int { count(.note) }

    private func count(_ severity: Severity) -> Int {
        diagnostics.count { $0.severity == severity } + templateDiagnostics.count { $0.severity == severity }
    }

    /// Every problem with its place as the user named the folders: the case's below `content`,
    /// the templates' below `templates`.
    public func shown(content: String, templates: String) -> [Diagnostic] {
        diagnostics.map { $0.under(content) } + templateDiagnostics.map { $0.under(templates) }
    }
}

/// A stage of the build, for progress display.
public enum BuildEvent: Sendable {
    case loaded(records: Int, files: Int)
    case validated(problems: Int)
    case rendering(done: Int, total: Int)
    case writing(files: Int)
}

/// The build: load → validate → render → write, one way. Everything is loaded and validated
/// before anything renders, and templates are parsed before either, so a build stops before it
/// writes anything or runs to the end.
public struct BuildPipeline: Sendable {
    public let options: BuildOptions

    public init(options: BuildOptions) {
        self.options = options
    }

    /// Loads and validates the case in `content` only (`casefile validate`): no template is read
    /// and nothing is written, so there are no build options to give.
    public static func validate(content: URL, contentDisplay: String,
                                events: (@Sendable (BuildEvent) -> Void)? = nil) async throws(CasefileError) -> ValidatedCase {
        var clock = StageClock()
        return try await loadAndValidate(content: content, contentDisplay: contentDisplay, events: events, clock: &clock).validated
    }

    /// The stages before rendering, the same for every command that renders: the templates
    /// parsed, the case loaded and validated (its notes compiled), and every record as pages
    /// mention it. `build` and `publish` render the result into a folder, `serve` into its
    /// mirror (and keeps it, to redo only what an edit changes).
    /// `keepsNoteText` false is how a build prepares: the notes' Markdown let go once compiled,
    /// and no record mentions (`refs`), which the render then makes a page depth at a time.
    package func prepare(events: (@Sendable (BuildEvent) -> Void)? = nil,
                         keepsNoteText: Bool = true) async throws(CasefileError) -> PreparedCase {
        var clock = StageClock()
        return try await prepare(events: events, clock: &clock, keepsNoteText: keepsNoteText)
    }

    /// `keepsNoteText` false leaves the notes' Markdown out of the prepared case once they are
    /// compiled (see `Validator.keepsNoteText`), as a build renders their HTML only, and makes
    /// no mentions: a build's render makes them for one page depth at a time.
    private func prepare(events: (@Sendable (BuildEvent) -> Void)?, clock: inout StageClock,
                         keepsNoteText: Bool) async throws(CasefileError) -> PreparedCase {
        let templates = try TemplateSet.load(directory: options.templates, displayPath: options.templatesDisplay)
        clock.end("templates")
        let (read, validated, notes) = try await Self.loadAndValidate(content: options.content, contentDisplay: options.contentDisplay,
                                                                      events: events, clock: &clock, keepsNoteText: keepsNoteText)
        var loaded = read
        if !keepsNoteText { loaded.caseContent.notes = validated.caseContent.notes }
        let placed = PlacedCase(validated)
        clock.end("place")
        let overrides = TemplateCheck.problems(in: options.templates, settings: loaded.caseContent.site)
        return PreparedCase(templates: templates, loaded: loaded, notes: notes, placed: placed,
                            refs: keepsNoteText ? RecordRefs(placed) : nil,
                            templateProblems: overrides)
    }

    private static func loadAndValidate(content: URL, contentDisplay: String, events: (@Sendable (BuildEvent) -> Void)?,
                                        clock: inout StageClock, keepsNoteText: Bool = true)
        async throws(CasefileError) -> (loaded: LoadedCase, validated: ValidatedCase, notes: NoteCompiler.Output) {
        let loaded = try await ContentLoader(directory: content, displayPath: contentDisplay).load()
        clock.end("load")
        let c = loaded.caseContent
        events?(.loaded(records: c.fruits.count + c.animals.count + c.bulletins.count, files: loaded.files.count))
        let (validated, notes) = await Validator(keepsNoteText: keepsNoteText).validate(loaded) { await $0.compile() }
        clock.end("validate")
        events?(.validated(problems: validated.diagnostics.count))
        return (loaded, validated, notes)
    }

    /// Builds the site. Every failure is a `CasefileError`; an error of the file system that
    /// escapes a step becomes one (exit 2) rather than passing for a case problem.
    public func run(events: (@Sendable (BuildEvent) -> Void)? = nil) async throws(CasefileError) -> BuildSummary {
        try await run(events: events, examine: { _, _ in () }, found: { _ in })
    }

    /// Builds the site with each file examined on the core that rendered it (`examine`, given the
    /// site's base URL), what it found handed to `found` on the calling task: publish checks its
    /// pages so.
    func run<Finding: Sendable>(events: (@Sendable (BuildEvent) -> Void)?,
                                examine: @escaping @Sendable (OutputFile, String?) -> Finding,
                                found: (Finding) -> Void) async throws(CasefileError) -> BuildSummary {
        do { return try await build(events: events, examine: examine, found: found) } catch { throw CasefileError.from(error) }
    }

    private func build<Finding: Sendable>(events: (@Sendable (BuildEvent) -> Void)?,
                                          examine: @escaping @Sendable (OutputFile, String?) -> Finding,
                                          found: (Finding) -> Void) async throws -> BuildSummary {
        let start = Date()
        var clock = StageClock()
        let writer = SiteWriter(directory: options.output, displayPath: options.outputDisplay, gate: options.gate)
        try writer.checkSafe(against: [options.content] + (options.templates.map { [$0] } ?? []))
        var prepared = try await prepare(events: events, clock: &clock, keepsNoteText: false)
        // The data files' text was for validation (the validated case keeps the files problems
        // point into): let it go before the render's peak.
        prepared.loaded.dataTexts = [:]
        let placed = prepared.placed
        var session = try writer.begin()
        let baseURL = options.baseURL ?? placed.caseContent.site.baseURL
        let (rendered, _) = try await SiteRenderer(templates: prepared.templates, baseURL: baseURL, digest: options.publishing,
                                                  history: options.history)
            .render(placed, only: .all, refs: prepared.refs, into: &session, complete: .all, progress: { done, total in
                events?(.rendering(done: done, total: total))
            }, examine: { examine($0, baseURL) }, found: found)
        let listings = rendered.count { SiteLayout.isListing($0) }
        let recordPages = rendered.count { SiteLayout.isRecord($0) }
        let pages = rendered.count { SiteLayout.isPage($0) } - listings - recordPages
        events?(.writing(files: session.count))
        clock.end("render and write")
        let c = placed.caseContent
        return BuildSummary(pages: pages, listings: listings, recordPages: recordPages, files: session.count,
                            records: c.fruits.count + c.animals.count + c.bulletins.count,
                            diagnostics: placed.diagnostics, templateDiagnostics: prepared.templateProblems,
                            seconds: Date().timeIntervalSince(start), stages: clock.stages, baseURL: baseURL)
    }
}

/// What the stages before rendering give (`BuildPipeline.prepare`).
package struct PreparedCase: Sendable {
    package var templates: TemplateSet
    package var loaded: LoadedCase
    package var notes: NoteCompiler.Output
    package var placed: PlacedCase
    /// Every record as pages mention it, at every depth a preview keeps; nil for a build.
    package var refs: RecordRefs?
    /// What `TemplateCheck` found in the case's template overrides.
    package var templateProblems: [Diagnostic] = []
}

/// How long one stage of a command took (wall clock), as `-v` prints it.
public struct StageTime: Sendable, Hashable {
    public var stage: String
    public var seconds: Double
}

/// The wall-clock time of each stage of a build, as it ends.
struct StageClock {
    private var last = Date()
    private(set) var stages: [StageTime] = []

    mutating func end(_ stage: String) {
        let now = Date()
        stages.append(StageTime(stage: stage, seconds: now.timeIntervalSince(last)))
        last = now
    }
}
