import Foundation

/// Watches folders by scanning them (modification date and size of every file) at an interval:
/// for file systems without inotify, and selected by `CASEFILE_WATCH=poll`.
actor PollingWatcher {
    private let roots: [URL]
    private let interval: Duration
    private let report: @Sendable ([String]) -> Void
    private var task: Task<Void, Never>?

    struct Stamp: Equatable {
        var date: Date?
        var size: Int?
    }

    init(roots: [URL], interval: Duration, report: @escaping @Sendable ([String]) -> Void) {
        self.roots = roots
        self.interval = interval
        self.report = report
    }

    func start() {
        let roots = roots, interval = interval, report = report
        task = Task.detached {
            var last = Self.scan(roots)
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                let now = Self.scan(roots)
                let changed = Set(now.keys).union(last.keys).filter { now[$0] != last[$0] }
                if !changed.isEmpty { report(changed.sorted()) }
                last = now
            }
        }
    }

    func stop() {
        task?.cancel()
        task = nil
    }

    /// Every file and folder below `roots` with its date and size.
    static func scan(_ roots: [URL]) -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey]
        for root in roots {
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else { continue }
            for case let url as URL in walker {
                let values = try? url.resourceValues(forKeys: Set(keys))
                stamps[url.path] = Stamp(date: values?.contentModificationDate, size: values?.fileSize)
            }
        }
        return stamps
    }
}
