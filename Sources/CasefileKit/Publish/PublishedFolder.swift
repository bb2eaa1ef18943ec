import Foundation
import CasefileModel
import CasefileOutput

/// The output folder of `publish` and the hidden folders it stages in beside it
/// (`.public.staging-4711`). Publish owns a folder only when every file in it is listed in the
/// folder's manifest (`.casefile-manifest`, written by every build): it refuses any other, and it
/// never deletes a file its manifest does not list.
struct PublishedFolder {
    /// Marks a staging folder while it is being written: everything in such a folder is ours.
    static let stagingMarker = ".casefile-staging"

    let url: URL
    let displayPath: String

    init(url: URL, displayPath: String) {
        self.url = url.standardizedFileURL
        self.displayPath = displayPath
    }

    var parent: URL { url.deletingLastPathComponent() }
    var stagingPrefix: String { ".\(url.lastPathComponent).staging-" }

    /// The staging folder of this process.
    func stagingURL(pid: Int32) -> URL {
        parent.appendingPathComponent(stagingPrefix + String(pid))
    }

    /// Refuses an output that is not a folder, or holds a file publish did not write.
    func checkOwned() throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return }
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) != nil {
            throw CasefileError.refused(displayPath, reason: "it is a symbolic link; publish replaces the folder itself, so name the real folder")
        }
        guard isFolder.boolValue else {
            throw CasefileError.refused(displayPath, reason: "it is a file, not a folder; choose another --output")
        }
        let listed = SiteWriter.manifest(of: url) ?? []
        let foreign = SiteCheck.files(in: url).filter { $0 != SiteWriter.manifestName && !listed.contains($0) }
        guard foreign.isEmpty else {
            let shown = foreign.prefix(3).map { "\(displayPath)/\($0)" }.joined(separator: ", ")
            let more = foreign.count > 3 ? " and \(foreign.count - 3) more" : ""
            throw CasefileError.refused(displayPath, reason: "it holds files Casefile did not write (\(shown)\(more)); "
                + "move them elsewhere or choose another --output")
        }
    }

    /// Removes what a publish that was killed left beside the output: staging folders (marked,
    /// so wholly ours) and previous outputs not yet deleted (only the files their manifest lists,
    /// or folders that hold no file at all). A folder whose process still runs is left alone.
    /// Returns the names removed.
    func removeStale(except own: Int32) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: parent.path) else { return [] }
        var removed: [String] = []
        for name in names.sorted() where name.hasPrefix(stagingPrefix) {
            let pid = Int32(name.dropFirst(stagingPrefix.count).prefix { $0.isNumber }) ?? 0
            if pid == own || (pid > 0 && Self.isRunning(pid)) { continue }
            let folder = parent.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(Self.stagingMarker).path) {
                if (try? FileManager.default.removeItem(at: folder)) != nil { removed.append(name) }
            } else if SiteWriter.manifest(of: folder) != nil, Self.removeOwnFiles(of: folder) {
                removed.append(name)
            } else if Self.isFolder(folder), SiteCheck.files(in: folder).isEmpty {
                // A previous site stopped after its last file and its manifest went: folders only.
                if (try? FileManager.default.removeItem(at: folder)) != nil { removed.append(name) }
            }
        }
        return removed
    }

    /// Deletes the files `folder`'s manifest lists, the manifest, then the folders left empty.
    /// True when nothing is left.
    @discardableResult
    static func removeOwnFiles(of folder: URL) -> Bool {
        let fm = FileManager.default
        for path in (SiteWriter.manifest(of: folder) ?? []).sorted() where SiteWriter.isSafeRelative(path) {
            try? fm.removeItem(at: folder.appendingPathComponent(path))
        }
        try? fm.removeItem(at: folder.appendingPathComponent(SiteWriter.manifestName))
        try? fm.removeItem(at: folder.appendingPathComponent(stagingMarker))
        let folders = (fm.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? [])
            .sorted { $0.split(separator: "/").count > $1.split(separator: "/").count }
        for sub in folders {
            let path = folder.appendingPathComponent(sub).path
            if (try? fm.contentsOfDirectory(atPath: path))?.isEmpty == true { try? fm.removeItem(atPath: path) }
        }
        guard (try? fm.contentsOfDirectory(atPath: folder.path))?.isEmpty == true else { return false }
        return (try? fm.removeItem(at: folder)) != nil
    }

    static func isFolder(_ url: URL) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
            && (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) == nil
    }

    static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
