import Foundation
import CasefileModel
import CasefileOutput
import CasefileSiteCheck

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
        let foreign = Self.unlisted(in: url)
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

    /// The files below `folder` that its manifest does not list (the manifest itself aside), as
    /// sorted relative paths. Only folders are listed, never a file examined: a name the manifest
    /// lists is taken as its file, a folder it implies is walked, and only another name costs a
    /// look at what it is (a folder is walked too; anything else is not ours).
    static func unlisted(in folder: URL) -> [String] {
        let listed = SiteWriter.manifest(of: folder) ?? []
        let implied = folders(of: listed)
        var foreign: [String] = []
        func walk(_ relative: String) {
            let here = relative.isEmpty ? folder : folder.appendingPathComponent(relative)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: here.path)) ?? [] {
                let path = relative.isEmpty ? name : relative + "/" + name
                if listed.contains(path) || (relative.isEmpty && name == SiteWriter.manifestName) { continue }
                if implied.contains(path) || isFolder(folder.appendingPathComponent(path)) {
                    walk(path)
                } else {
                    foreign.append(path)
                }
            }
        }
        walk("")
        return foreign.sorted()
    }

    /// Every folder the paths lie in (not the root).
    static func folders(of paths: some Sequence<String>) -> Set<String> {
        var folders: Set<String> = []
        for path in paths {
            var rest = Substring(path)
            while let slash = rest.lastIndex(of: "/") {
                rest = rest[..<slash]
                guard folders.insert(String(rest)).inserted else { break }
            }
        }
        return folders
    }

    /// Deletes the files `folder`'s manifest lists, the manifest, then the folders left empty.
    /// Files are unlinked, never removed as folders: a folder put where a listed file was stays,
    /// with what it holds. True when nothing is left.
    @discardableResult
    static func removeOwnFiles(of folder: URL) -> Bool {
        let listed = (SiteWriter.manifest(of: folder) ?? []).filter(SiteWriter.isSafeRelative).sorted()
        let base = folder.path
        // Two halves at once, each mostly in folders of its own: unlinking is the kernel's work.
        let halves = [listed[..<(listed.count / 2)], listed[(listed.count / 2)...]]
        DispatchQueue.concurrentPerform(iterations: halves.count) { half in
            for path in halves[half] { unlink(base + "/" + path) }
        }
        unlink(base + "/" + SiteWriter.manifestName)
        unlink(base + "/" + stagingMarker)
        for sub in folders(of: listed).sorted(by: { $0.split(separator: "/").count > $1.split(separator: "/").count }) {
            rmdir(base + "/" + sub)  // only when empty
        }
        if rmdir(base) == 0 { return true }
        // Something is left: folders the manifest does not imply, emptied too, deepest first.
        let fm = FileManager.default
        let rest = (fm.enumerator(atPath: base)?.compactMap { $0 as? String } ?? [])
            .sorted { $0.split(separator: "/").count > $1.split(separator: "/").count }
        for sub in rest { rmdir(base + "/" + sub) }
        return rmdir(base) == 0
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
