import Foundation

/// How folders are watched.
public enum WatchMode: String, Sendable {
    case inotify, poll

    /// inotify on Linux unless `CASEFILE_WATCH=poll` says otherwise.
    public static var preferred: WatchMode {
        ProcessInfo.processInfo.environment["CASEFILE_WATCH"] == "poll" ? .poll : .inotify
    }
}

/// Watches the case and template folders and delivers the changed paths in batches: a batch is
/// sent once no change has come for `quiet` (an editor's save is several events), and at the
/// latest `quiet * 5` after its first change.
public actor FolderWatcher {
    public let roots: [URL]
    public private(set) var mode: WatchMode
    private let quiet: Duration
    private var pending: Set<String> = []
    private var firstPending: ContinuousClock.Instant?
    private var flush: Task<Void, Never>?
    private let continuation: AsyncStream<[String]>.Continuation
    /// Batches of changed paths (absolute), sorted.
    public nonisolated let batches: AsyncStream<[String]>
    #if canImport(Glibc)
    private var inotify: InotifyWatcher?
    #endif
    private var poller: PollingWatcher?

    public init(roots: [URL], mode: WatchMode = .preferred, quiet: Duration = .milliseconds(50)) {
        self.roots = roots.map { $0.standardizedFileURL }.filter { FileManager.default.fileExists(atPath: $0.path) }
        self.mode = mode
        self.quiet = quiet
        (batches, continuation) = AsyncStream<[String]>.makeStream()
    }

    /// Starts watching; falls back to polling when inotify cannot be used. Returns the mode in use.
    @discardableResult
    public func start() async -> WatchMode {
        let report: @Sendable ([String]) -> Void = { [weak self] paths in
            guard let self else { return }
            Task { await self.received(paths) }
        }
        #if canImport(Glibc)
        if mode == .inotify, let watcher = InotifyWatcher(report: report) {
            if await watcher.start(roots) {
                inotify = watcher
                return mode
            }
            await watcher.stop()
        }
        #endif
        mode = .poll
        let poller = PollingWatcher(roots: roots, interval: .milliseconds(250), report: report)
        await poller.start()
        self.poller = poller
        return mode
    }

    public func stop() async {
        #if canImport(Glibc)
        await inotify?.stop()
        #endif
        await poller?.stop()
        flush?.cancel()
        continuation.finish()
    }

    private func received(_ paths: [String]) {
        pending.formUnion(paths)
        let now = ContinuousClock.now
        if firstPending == nil { firstPending = now }
        let deadline = min(now + quiet, firstPending! + quiet * 5)
        flush?.cancel()
        flush = Task { [weak self] in
            try? await Task.sleep(until: deadline, clock: .continuous)
            guard !Task.isCancelled else { return }
            await self?.send()
        }
    }

    private func send() {
        guard !pending.isEmpty else { return }
        continuation.yield(pending.sorted())
        pending = []
        firstPending = nil
    }
}
