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

    public var server: PreviewServer { PreviewServer(site: site, state: state, hub: hub) }

    /// The folders a watcher should watch: the case, and the templates folder when it exists.
    public static func watchedFolders(content: URL, templates: URL?) -> [URL] {
        [content] + (templates.map { [$0] } ?? [])
    }

    /// Brings the site up to date after `paths` changed, sets the banner, and reloads open pages
    /// when anything they show changed.
    public func rebuild(_ paths: [String]) async -> PreviewUpdate {
        let update = await build.update(changed: paths)
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
