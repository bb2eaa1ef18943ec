import CasefileKit
import ServiceLifecycle

/// Watches the session's folders and rebuilds on each batch of changes until graceful shutdown,
/// then ends the live-reload streams so the server can close its connections.
public struct RebuildService: Service {
    public let session: PreviewSession
    public let watcher: FolderWatcher
    /// Hears the mode in use once watching starts, and every rebuild.
    public let started: @Sendable (WatchMode) -> Void
    public let report: @Sendable (PreviewUpdate) -> Void

    public init(session: PreviewSession, mode: WatchMode = .preferred, started: @escaping @Sendable (WatchMode) -> Void = { _ in },
                report: @escaping @Sendable (PreviewUpdate) -> Void) {
        self.session = session
        self.watcher = FolderWatcher(roots: session.watchedFolders, mode: mode)
        self.started = started
        self.report = report
    }

    public func run() async throws {
        started(await watcher.start())
        for await batch in watcher.batches.cancelOnGracefulShutdown() {
            let update = await session.rebuild(batch)
            if update.scope != .nothing { report(update) }
        }
        await watcher.stop()
        await session.hub.finish()
    }
}
