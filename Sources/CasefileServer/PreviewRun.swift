import CasefileKit
import Foundation
import Logging
import NIOCore
import ServiceLifecycle
import CasefileModel

/// `casefile serve` without its terminal: start watching, build into a temporary folder, serve
/// it, and rebuild on every change until SIGINT or SIGTERM. The command gives its options and
/// hears what happens through `Events`; every failure is a `CasefileError`.
public struct PreviewRun: Sendable {
    public var options: BuildOptions
    public var host: String
    public var port: Int
    public var limits: ServerLimits
    public var watch: Bool
    public var mode: WatchMode
    /// Whether pages may change the case's files, and the run's secret.
    public var access: EditAccess

    public init(options: BuildOptions, host: String, port: Int, limits: ServerLimits = ServerLimits(), watch: Bool,
                mode: WatchMode, access: EditAccess) {
        (self.options, self.host, self.port, self.limits, self.watch, self.mode) = (options, host, port, limits, watch, mode)
        self.access = access
    }

    /// What a run tells the one who started it, in this order: how it watches, the first build,
    /// the port it listens on, then every rebuild.
    public struct Events: Sendable {
        public var watching: @Sendable (WatchMode) -> Void = { _ in }
        public var built: @Sendable (PreviewUpdate) -> Void = { _ in }
        public var listening: @Sendable (Int) -> Void = { _ in }
        public var rebuilt: @Sendable (PreviewUpdate) -> Void = { _ in }

        public init() {}
    }

    /// Runs until a signal stops the server. `folder` is the temporary folder the site is built
    /// in (removed at the end).
    public func run(in folder: URL = PreviewSession.temporaryFolder(), events: Events) async throws(CasefileError) {
        // Watching starts before the first build, so that no edit made meanwhile is missed.
        var watcher: FolderWatcher?
        if watch {
            let roots = PreviewSession.watchedFolders(content: options.content, templates: options.templates)
            let started = FolderWatcher(roots: roots, mode: mode)
            events.watching(await started.start())
            watcher = started
        }
        let session: PreviewSession
        let first: PreviewUpdate
        do {
            (session, first) = try await PreviewSession.start(
                content: options.content, contentDisplay: options.contentDisplay, templates: options.templates,
                templatesDisplay: options.templatesDisplay, baseURL: options.baseURL, folder: folder, gate: options.gate)
        } catch {
            await watcher?.stop()
            throw error
        }
        defer { session.removeFolder() }
        if access.isEnabled {
            await session.enableEditing()
            await session.reportEditorRebuilds(events.rebuilt)
        }
        events.built(first)

        let listening = events.listening
        var services: [any Service] = [session.server.application(host: host, port: port, limits: limits, access: access) {
            listening($0)
        }]
        if let watcher { services.append(RebuildService(session: session, watcher: watcher, report: events.rebuilt)) }
        var logger = Logger(label: "casefile-serve")
        logger.logLevel = .critical
        let group = ServiceGroup(configuration: .init(services: services, gracefulShutdownSignals: [.sigterm, .sigint],
                                                      logger: logger))
        do {
            try await group.run()
        } catch {
            throw CasefileError.failed(Self.listenFailure(error, host: host, port: port))
        }
    }

    /// Why the server could not listen, and what to do.
    static func listenFailure(_ error: any Error, host: String, port: Int) -> String {
        if (error as? IOError)?.errnoCode == EADDRINUSE || "\(error)".contains("Address already in use") {
            return "port \(port) on \(host) is already in use; pass --port with another number, or --port 0 for a free one"
        }
        return "cannot listen on \(host):\(port) (\(error)); check --host and --port"
    }
}
