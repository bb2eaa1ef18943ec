import Foundation
import CasefileModel
import CasefileLoading
import CasefileSite
import CasefileValidation
import CasefileOutput
import CasefileRendering
import CasefileEditing

/// A build that stays loaded between edits, for `casefile serve`: it keeps the loaded case, its
/// compiled notes and its templates, and on each change does the least work that gives the
/// same files as a full build of the edited case.
///
/// - a note: read that note alone, recompile it, validate again (cheap without the notes), and
///   render the page that shows its record — or every page, when the problems changed (problem
///   links and counts appear on every page);
/// - a template: parse the templates again and render the pages that use it (a page template its
///   kind's pages, the layout or a partial every page, the stylesheet — linked by the hash of its
///   content — everything);
/// - a collection's file (`animals.json`): read that file alone, validate again with the notes'
///   compilation kept (while every collection keeps its ids in the same order), and render the
///   pages the changed records can change (`RecordEdit`) — or every page, when the problems
///   changed;
/// - site.yaml, a string table, ids added, removed or reordered, or anything after a failure:
///   everything again.
///
/// Files are written only when their bytes change. While the case has errors, pages other than
/// the validation pages stay as the last build without errors left them.
public actor PreviewBuild {
    public nonisolated let options: BuildOptions
    private var writer: MirrorWriter
    private var loaded: LoadedCase?
    private var templates: TemplateSet?
    private var notes = NoteCompiler.Output()
    private var placed: PlacedCase?
    /// Every record as pages mention it: depends on the collections only, so edits of notes and
    /// templates keep it.
    private var refs: RecordRefs?
    private var hadGoodBuild = false
    /// Whether the pages on disk are those of an earlier build (the case has errors).
    private var keptPages = false
    private var onDisk: OnDisk?
    /// The version of each data file (by absolute path) as it was before the last full load read
    /// it: a change reported for a file still at that version is no change (the editor's own
    /// save, which it rebuilt at once, reported again by the watcher).
    private var dataStamps: [String: FileStamp] = [:]
    /// Counts the changes of the loaded case and its notes' compilation: the editor's base
    /// carries it, so that a save's check can be known to have started from the case as it is.
    private var generation = 0
    /// The exports with where each record's part lies, and the generation of the case they are
    /// of: a record edit patches them rather than rendering them whole.
    private var exports = ExportParts()
    private var exportsAt: Int?
    /// The tables' orders the last record edit worked out, and the generation they are of.
    private var orders: (generation: Int, ascending: [SiteTable: [Int: [Int]]])?
    /// The last parse of each collection file the editor saved or a change made elsewhere
    /// brought in, by name in the case folder: the file's next change reads only the record it
    /// changed (`SourceEditor.reading(of:)`), and the editor's next save starts from it.
    private var sources: [String: SourceEditor] = [:]

    public init(options: BuildOptions) {
        self.options = options
        self.writer = MirrorWriter(directory: options.output, gate: options.gate)
    }

    /// Loads, validates and renders everything.
    public func buildAll() async -> PreviewUpdate {
        let start = Date()
        var update = PreviewUpdate()
        update.scope = .everything
        dataStamps = stampDataFiles()
        do {
            let prepared = try await BuildPipeline(options: options).prepare()
            (templates, loaded, notes, placed, refs) =
                (prepared.templates, prepared.loaded, prepared.notes, prepared.placed, prepared.refs)
            generation += 1
            update.templateDiagnostics = prepared.templateProblems
            try await render(prepared.placed, changed: .all, into: &update)
        } catch {
            fail(error, &update)
        }
        update.seconds = Date().timeIntervalSince(start)
        return update
    }

    /// Brings the output up to date after `paths` (absolute, inside the case or templates
    /// folder) changed. `saved`: what the editor knows of the files it wrote (`SavedFiles`).
    public func update(changed paths: [String], saved: SavedFiles = SavedFiles()) async -> PreviewUpdate {
        let folders = CaseFolders(options: options)
        let paths = paths.filter { path in
            guard folders.classify(path)?.isDataFile == true,
                  let known = dataStamps[URL(fileURLWithPath: path).standardizedFileURL.path] else { return true }
            return FileStamp.of(path) != known
        }
        let changes = Set(paths.compactMap(folders.classify))
        guard !changes.isEmpty else { return PreviewUpdate() }
        guard var current = loaded, let before = placed, templates != nil, !changes.contains(.data) else {
            return await buildAll()
        }
        let collections = changes.compactMap { change -> (CaseCollection, String)? in
            if case let .collection(c, name) = change { return (c, name) }
            return nil
        }
        if !collections.isEmpty {
            // With notes or templates as well: everything again (rare: one save is one file).
            guard collections.count == changes.count else { return await buildAll() }
            return await updateRecords(collections.sorted { $0.1 < $1.1 }, current, before, saved: saved)
        }
        let start = Date()
        var update = PreviewUpdate()
        let notePaths = changes.compactMap { if case let .note(p) = $0 { p } else { nil } }.sorted()
        let templateNames = changes.compactMap { if case let .template(t) = $0 { t } else { nil } }.sorted()
        update.scope = notePaths.isEmpty ? .templates(templateNames) : .notes(notePaths)
        do {
            if !templateNames.isEmpty {
                templates = try TemplateSet.load(directory: options.templates, displayPath: options.templatesDisplay)
                update.templateDiagnostics = TemplateCheck.problems(in: options.templates, settings: current.caseContent.site)
            }
            var after = before
            let beforeGeneration = generation
            var hosts: Set<String> = []
            if !notePaths.isEmpty {
                loaded = nil  // `current` is then the only owner of the case, changed in place
                var displayed: [String] = []
                for path in notePaths {
                    guard let shown = try folders.reread(path, into: &current) else { return await buildAll() }
                    displayed.append(shown)
                }
                let changed = Set(displayed), previous = notes
                // Only notes changed: the collections' index, fragments and orders stay.
                let result = await Validator().validate(current, unchanged: before.validated) {
                    await $0.compile(changed: changed, reusing: previous)
                }
                after = PlacedCase(result.validated, reusing: before)
                (loaded, notes, placed) = (current, result.notes, after)
                generation += 1
                for path in displayed {
                    guard let key = NoteKey(path: path) else { continue }
                    if let i = after.index.position(of: key.recordID, in: key.collection) {
                        hosts.insert(after.pagePlan.path(key.collection.pageKind, recordAt: i))
                        // The record's own page shows the note too, and the feed a bulletin's.
                        if let own = after.recordPath(key.collection, i) { hosts.insert(own) }
                        if key.collection == .bulletins, after.caseContent.site.feed { hosts.insert(SiteLayout.feed) }
                    }
                    if after.diagnostics.contains(where: { $0.location?.path == path }) {
                        hosts.formUnion((1...after.pagePlan.pageCount(.validation)).map { SiteLayout.page(.validation, number: $0) })
                    }
                }
            }
            // Pages link the stylesheet by the hash of its content: a new stylesheet is new pages.
            try await render(after, changed: PageSet(everything: templateNames.contains { $0.isStylesheetPart },
                                                     paths: hosts, templates: Set(templateNames)),
                             exportsFrom: notePaths.isEmpty ? nil : (beforeGeneration, before.validated), into: &update)
        } catch {
            fail(error, &update)
        }
        update.seconds = Date().timeIntervalSince(start)
        return update
    }

    /// After only collections' files changed: reads them again, validates with the notes'
    /// compilation kept, and renders what `RecordEdit` finds the edit can change. Everything is
    /// built again when a file is gone or unreadable, or ids were added, removed or reordered
    /// (notes link records by position); every page is rendered when the problems changed.
    private func updateRecords(_ edited: [(CaseCollection, String)], _ current: LoadedCase,
                               _ before: PlacedCase, saved: SavedFiles) async -> PreviewUpdate {
        let start = Date()
        let beforeGeneration = generation
        var readAlone: [String] = []
        guard let beforeRefs = refs, let (next, allSaved) = reload(edited, into: current, readings: saved.readings, readAlone: &readAlone),
              CaseFolders.sameIDs(current.caseContent, next.caseContent) else { return await buildAll() }
        var update = PreviewUpdate()
        update.scope = .records(edited.map { $0.1 })
        update.readAlone = readAlone
        do {
            let previous = notes
            // The ids stand where they stood: every note compiles to what it did.
            let validated: ValidatedCase
            if allSaved, let checked = saved.checked, checked.generation == generation {
                validated = checked.validated
            } else {
                validated = await Validator().validate(next) { _ in previous }.validated
            }
            let after = PlacedCase(validated)
            let afterRefs = RecordRefs(after, updating: beforeRefs, from: before)
            let known = orders.flatMap { $0.generation == beforeGeneration ? $0.ascending : nil } ?? [:]
            let edit = RecordEdit(from: before, beforeRefs, to: after, afterRefs, ordersBefore: known)
            (loaded, placed, refs) = (next, after, afterRefs)
            generation += 1
            orders = edit.map { (generation, $0.ascending) }
            try await render(after, changed: edit?.render ?? .all, gone: edit?.gone ?? [],
                             exportsFrom: (beforeGeneration, before.validated), sorted: edit?.ascending ?? [:], into: &update)
        } catch {
            fail(error, &update)
        }
        update.seconds = Date().timeIntervalSince(start)
        return update
    }

    /// `current` with the collections of `edited` read again from their files; nil when one
    /// cannot be taken alone (its file is gone, another file of the collection appeared, it does
    /// not read as a list of records, or its problems cannot be told from the others). A file
    /// of `readings` still as the editor wrote it is not read again (`allSaved`: none was).
    private func reload(_ edited: [(CaseCollection, String)], into current: LoadedCase, readings: [SavedReading],
                        readAlone: inout [String]) -> (loaded: LoadedCase, allSaved: Bool)? {
        let loader = ContentLoader(directory: options.content, displayPath: options.contentDisplay)
        let limits = current.caseContent.site.limits
        var results: [(collection: CaseCollection, result: ContentLoader.CollectionResult)] = []
        var allSaved = true
        for (collection, name) in edited {
            guard current.sourceMap.files[collection] == name, !current.unreadCollections.contains(collection),
                  CaseLayout.collectionFiles(collection).filter(loader.folder.exists) == [name]
            else { return nil }
            let path = options.content.appendingPathComponent(name).standardizedFileURL.path
            dataStamps[path] = FileStamp.of(path)
            let result: ContentLoader.CollectionResult
            if let saved = SavedReading.reading(for: path, in: readings, limit: limits.dataFileBytes) {
                result = saved.result
                sources[name] = saved.editor
            } else {
                allSaved = false
                let again = readAgain(collection, name, loader, limit: limits.dataFileBytes)
                if again?.readAlone == true { readAlone.append(name) }
                guard let read = again?.decoded ?? (try? loader.loadCollection(collection, limit: limits.dataFileBytes)) else { return nil }
                result = read
            }
            guard result.path == name else { return nil }
            results.append((collection, result))
        }
        return current.replacing(results).map { ($0, allSaved) }
    }

    /// Collection file `name`, changed elsewhere, read again: from its last parse when there is
    /// one (only the record that changed, when that is all that did), else whole; the parse is
    /// kept for its next change. Nil when its bytes cannot be read or do not read as a list of
    /// records: the loader then reads it, and says why.
    private func readAgain(_ collection: CaseCollection, _ name: String, _ loader: ContentLoader,
                           limit: Int) -> (decoded: ContentLoader.CollectionResult, readAlone: Bool)? {
        guard let (path, bytes) = loader.collectionBytes(collection, limit: limit), path == name else { return nil }
        if let last = sources[name] {
            let read = last.reading(of: bytes)
            sources[name] = read?.editor
            return read.map { ($0.decoded, $0.readAlone) }
        }
        let editor = SourceEditor(bytes: bytes, format: SourceFormat(fileName: name), collection: collection, path: name)
        sources[name] = editor.decoded == nil ? nil : editor
        return editor.decoded.map { ($0, false) }
    }

    /// The data files' versions now, by absolute path.
    private func stampDataFiles() -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        for name in CaseLayout.topDataFiles {
            let path = options.content.appendingPathComponent(name).standardizedFileURL.path
            if let stamp = FileStamp.of(path) { stamps[path] = stamp }
        }
        return stamps
    }

    /// What the editor reads: the case as last loaded and placed, and its notes' compilation;
    /// nil while the case could not be loaded or rendered (the editor then edits nothing).
    public func editorBase() -> EditorBase? {
        guard let loaded, let placed else { return nil }
        return EditorBase(loaded: loaded, placed: placed, notes: notes, options: options, generation: generation, sources: sources)
    }

    /// The limits the case was last loaded within (its site.yaml's `limits`); nil while it could
    /// not be loaded.
    public var readLimits: ReadLimits? { loaded?.caseContent.site.limits }

    private func fail(_ error: any Error, _ update: inout PreviewUpdate) {
        update.failure = (error as? CasefileError)?.description ?? "\(error)"
        // Start again from the folders at the next change.
        (loaded, placed, refs) = (nil, nil, nil)
        generation += 1
    }

    /// Renders what `changed` holds — or everything when the problems or the files read changed
    /// (problem links and counts are on every page) — and writes what differs. While the case
    /// has errors after a build without any, only the validation pages are rendered and written;
    /// the rest waits in `onDisk.pending` and is rendered once the errors are gone.
    /// `gone`: files an earlier build wrote that this one no longer makes, removed when only
    /// `changed` is rendered.
    /// `exportsFrom`: the case before a record edit, and its generation; the exports are patched
    /// from it when they were kept of that generation. `sorted`: the tables' orders the edit
    /// worked out.
    private func render(_ v: PlacedCase, changed: PageSet, gone: Set<String> = [],
                        exportsFrom before: (generation: Int, validated: ValidatedCase)? = nil,
                        sorted: [SiteTable: [Int: [Int]]] = [:], into update: inout PreviewUpdate) async throws {
        guard let templates else { return }
        let refs = self.refs ?? RecordRefs(v)
        let keep = v.errorCount > 0 && hadGoodBuild
        var only: PageSet
        // Where every file is rendered, so that a file written before and not now is stale.
        let complete: PageSet
        if keep, var disk = onDisk {
            (only, complete) = (.validationPages, .validationPages)
            disk.pending = disk.pending.union(changed)
            onDisk = disk
        } else if let disk = onDisk, !changed.everything, !disk.pending.everything, v.diagnostics == disk.diagnostics,
                  v.files == disk.files {
            only = changed.union(disk.pending).union(PageSet(validation: keptPages))
            complete = PageSet(paths: gone, validation: keptPages)
        } else {
            (only, complete) = (.all, .all)
        }
        if !keep { onDisk = OnDisk(diagnostics: v.diagnostics, files: v.files) }
        let baseURL = options.baseURL ?? v.caseContent.site.baseURL
        var renderer = SiteRenderer(templates: templates, baseURL: baseURL)
        renderer.sorted = sorted
        let exportPaths = v.caseContent.site.exports ? ExportParts.paths : []
        if !keep, !only.everything, !exportPaths.isEmpty, let before, before.generation == exportsAt {
            // The exports the edit changes, patched (the others are as they were, and stay kept).
            if !only.paths.isDisjoint(with: exportPaths) {
                for file in exports.render(exportPaths.sorted(), from: before.validated, to: v.validated, baseURL: baseURL) {
                    renderer.prerendered[file.path] = file.bytes
                }
                only = only.union(PageSet(paths: exportPaths))
            }
            exportsAt = generation
        } else if exportsAt != generation {
            exportsAt = nil
            // Kept again once the actor is free, for the next edit.
            if !exportPaths.isEmpty { Task { self.prepareExports() } }
        }
        var mirror = writer
        let (rendered, written) = try await renderer.render(v, only: only, refs: refs, into: &mirror, complete: complete)
        writer = mirror
        keptPages = keep
        if v.errorCount == 0 { hadGoodBuild = true }
        update.pages = only
        update.rendered = rendered.count
        update.changed = written.sorted()
        update.diagnostics = v.diagnostics
        update.keptLastGoodPages = keep
    }

    /// Renders the exports of the case as it is, kept with their parts for the next record edit.
    private func prepareExports() {
        guard exportsAt != generation, let placed, placed.caseContent.site.exports else { return }
        _ = exports.render(ExportParts.paths.sorted(), from: nil, to: placed.validated,
                           baseURL: options.baseURL ?? placed.caseContent.site.baseURL)
        exportsAt = generation
    }

    /// What the pages on disk (other than the validation pages) were rendered from, and what
    /// changed since without being rendered, while the case had errors.
    private struct OnDisk {
        var diagnostics: [Diagnostic]
        var files: [String]
        var pending = PageSet()
    }
}
