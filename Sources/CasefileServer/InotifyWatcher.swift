#if canImport(Glibc)
import Dispatch
import Foundation
import Glibc

/// Watches folders and their subfolders (new ones too) with Linux inotify, reporting the paths
/// that were written, moved or removed.
actor InotifyWatcher {
    private let descriptor: Int32
    private let handle: FileHandle
    private var folders: [Int32: String] = [:]
    private var source: (any DispatchSourceRead)?
    private let report: @Sendable ([String]) -> Void

    static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF
                             | IN_ATTRIB)

    /// nil when inotify is not available (then polling takes over).
    init?(report: @escaping @Sendable ([String]) -> Void) {
        // Blocking: the read below runs only when the descriptor is readable, and reads once.
        let fd = inotify_init1(Int32(IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        descriptor = fd
        handle = FileHandle(fileDescriptor: fd, closeOnDealloc: false)
        self.report = report
    }

    /// Starts watching `roots`; false when a watch could not be added.
    func start(_ roots: [URL]) -> Bool {
        for root in roots where !add(root.path) { return false }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: DispatchQueue(label: "casefile.inotify"))
        let handle = self.handle
        source.setEventHandler { [weak self] in
            // Read on the source's queue; parse and map in the actor.
            let data = handle.availableData
            guard !data.isEmpty, let self else { return }
            Task { await self.received(data) }
        }
        let fd = descriptor
        source.setCancelHandler { close(fd) }
        source.resume()
        self.source = source
        return true
    }

    func stop() {
        source?.cancel()
        source = nil
    }

    /// Adds a watch on `path` and on every folder below it.
    private func add(_ path: String) -> Bool {
        let wd = inotify_add_watch(descriptor, path, Self.mask)
        guard wd >= 0 else { return false }
        folders[wd] = path
        let children = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for child in children {
            var isFolder: ObjCBool = false
            let full = path + "/" + child
            if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), isFolder.boolValue { _ = add(full) }
        }
        return true
    }

    private func received(_ data: Data) {
        var paths: [String] = []
        for event in InotifyEvent.parse(data) {
            if event.mask & UInt32(IN_IGNORED) != 0 { folders[event.watch] = nil; continue }
            guard let folder = folders[event.watch] else { continue }
            let path = event.name.isEmpty ? folder : folder + "/" + event.name
            if event.mask & UInt32(IN_ISDIR) != 0, event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { _ = add(path) }
            // A file just created is reported when it is closed after writing.
            if event.mask & UInt32(IN_CREATE) != 0, event.mask & UInt32(IN_ISDIR) == 0 { continue }
            paths.append(path)
        }
        if !paths.isEmpty { report(paths) }
    }
}
#endif
