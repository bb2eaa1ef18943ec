import CasefileKit
import CasefileOutput
import Foundation
import CasefileModel

/// One `casefile serve` run: a temporary folder holding the served site (never the user's
/// output folder), the build kept loaded for edits, the banner state and the reload hub.
public struct PreviewSession: Sendable {
    /// The temporary folder; the site is its `site` folder.
    public let folder: URL
    public let site: URL
    public let build: PreviewBuild
    public let state = PreviewState()
    public let hub = ReloadHub()
    /// The editor of the case's records (it answers only while editing is on).
    public let editor: RecordEditor
    /// Rebuilds one after the other, whoever asks (the watcher, the editor).
    private let queue: RebuildQueue
    /// Every write into the folder, and its removal, passes it, when there is one: the command
    /// closes it on a signal during the first build before it removes the folder.
    public let gate: WriteGate?

    /// Makes the temporary folder and builds the case into it. Throws the reason when nothing
    /// could be built (and removes the folder).
    public static func start(content: URL, contentDisplay: String, templates: URL?, templatesDisplay: String,
                             baseURL: String? = nil, folder: URL = temporaryFolder(),
                             gate: WriteGate? = nil) async throws(CasefileError) -> (PreviewSession, PreviewUpdate) {
        let site = folder.appendingPathComponent("site")
        try gate.pass(site.path) { () throws(CasefileError) in
            do {
                try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
            } catch {
                throw CasefileError.unwritable(site.path, reason: error.localizedDescription)
            }
        }
        var options = BuildOptions(content: content, contentDisplay: contentDisplay, templates: templates,
                                   templatesDisplay: templatesDisplay, output: site, outputDisplay: site.path, baseURL: baseURL)
        options.gate = gate
        let session = PreviewSession(folder: folder, site: site, build: PreviewBuild(options: options), gate: gate)
        let first = await session.build.buildAll()
        if let failure = first.failure {
            session.removeFolder()
            throw CasefileError.failed(failure)
        }
        await session.state.set(PageDecoration(first))
        return (session, first)
    }

    /// A new folder name in the system's temporary folder (TMPDIR).
    public static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("casefile-serve-\(UUID().uuidString)")
    }

    init(folder: URL, site: URL, build: PreviewBuild, gate: WriteGate?) {
        (self.folder, self.site, self.build, self.gate) = (folder, site, build, gate)
        let queue = RebuildQueue()
        let (state, hub) = (state, hub)
        self.queue = queue
        editor = RecordEditor(build: build) { paths, saved in
            let update = await queue.run { await Self.rebuild(paths, saved: saved, build: build, state: state, hub: hub) }
            await queue.report(update)
        }
    }

    public var server: PreviewServer { PreviewServer(site: site, state: state, hub: hub, editor: editor) }

    /// Hears the rebuilds that the editor's saves make (the watcher's are reported by its service).
    public func reportEditorRebuilds(_ report: @escaping @Sendable (PreviewUpdate) -> Void) async {
        await queue.setReport(report)
    }

    /// Turns the editor's links on in the pages sent from now on.
    public func enableEditing() async {
        let labels = await editor.labels()
        await state.setEditor(EditorLabels(edit: labels.edit, new: labels.new))
    }

    /// The folders a watcher should watch: the case, and the templates folder when it exists.
    public static func watchedFolders(content: URL, templates: URL?) -> [URL] {
        [content] + (templates.map { [$0] } ?? [])
    }

    /// Brings the site up to date after `paths` changed, sets the banner, and reloads open pages
    /// when anything they show changed.
    public func rebuild(_ paths: [String]) async -> PreviewUpdate {
        let (build, state, hub) = (build, state, hub)
        return await queue.run { await Self.rebuild(paths, build: build, state: state, hub: hub) }
    }

    private static func rebuild(_ paths: [String], saved: SavedFiles = SavedFiles(), build: PreviewBuild, state: PreviewState,
                                hub: ReloadHub) async -> PreviewUpdate {
        let update = await build.update(changed: paths, saved: saved)
        guard update.scope != .nothing else { return update }
        let bannerChanged = await state.set(PageDecoration(update))
        if bannerChanged || !update.changed.isEmpty { await hub.reload() }
        return update
    }

    /// Removes the folder, unless the gate is closed: then whoever closed it removes it (two
    /// removals of one tree at once would each stop at the first file the other removed).
    public func removeFolder() {
        let folder = folder
        try? gate.pass(folder.path) { () throws(CasefileError) in
            try? FileManager.default.removeItem(at: folder)
        }
    }
}

/// Runs rebuilds one at a time, in the order asked: the watcher's and the editor's, whose saves
/// rebuild at once, would otherwise interleave inside the build.
actor RebuildQueue {
    private var tail: Task<Void, Never>?
    private var reporter: (@Sendable (PreviewUpdate) -> Void)?

    func setReport(_ report: @escaping @Sendable (PreviewUpdate) -> Void) { reporter = report }

    func report(_ update: PreviewUpdate) {
        if update.scope != .nothing { reporter?(update) }
    }

    func run(_ work: @escaping @Sendable () async -> PreviewUpdate) async -> PreviewUpdate {
        let previous = tail
        let task = Task {
            await previous?.value
            return await work()
        }
        tail = Task { _ = await task.value }
        return await task.value
    }
}
