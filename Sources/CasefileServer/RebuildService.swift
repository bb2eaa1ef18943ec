import CasefileKit
import ServiceLifecycle

/// Rebuilds on each batch of changes the watcher reports until graceful shutdown, then stops the
/// watcher and ends the live-reload streams so the server can close its connections. Start the
/// watcher before the first build: edits made while it runs are then caught up on at once.
public struct RebuildService: Service {
    public let session: PreviewSession
    public let watcher: FolderWatcher
    /// Hears every rebuild.
    public let report: @Sendable (PreviewUpdate) -> Void

    public init(session: PreviewSession, watcher: FolderWatcher, report: @escaping @Sendable (PreviewUpdate) -> Void) {
        self.session = session
        self.watcher = watcher
        self.report = report
    }

    public func run() async throws {
        for await batch in watcher.batches.cancelOnGracefulShutdown() {
            let update = await session.rebuild(batch)
            if update.scope != .nothing { report(update) }
        }
        await watcher.stop()
        await session.hub.finish()
    }
}
