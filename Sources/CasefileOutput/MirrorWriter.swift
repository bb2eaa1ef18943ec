import Foundation
import CasefileModel

/// Keeps a folder equal to the latest rendering, touching only files whose bytes changed, each
/// replaced in one rename: a server reading the folder never sees half a file, and an unchanged
/// page keeps its modification date (and so its ETag).
package struct MirrorWriter: Sendable, OutputSink {
    let directory: URL
    /// Every write and removal passes it, when there is one (serve's folder, which Ctrl-C during
    /// the first build removes).
    let gate: WriteGate?
    /// Size and hash of each file written, by path.
    private(set) var digests: [String: Digest] = [:]

    struct Digest: Hashable, Sendable {
        var size: Int
        var hash: Int
    }

    package init(directory: URL, gate: WriteGate? = nil) {
        self.directory = directory
        self.gate = gate
    }

    /// Writes `file` if it differs from what is there; true when it did.
    package mutating func write(_ file: OutputFile) throws(CasefileError) -> Bool {
        // Every byte is hashed, as one buffer (an array hashes each byte with a call of its own:
        // an eighth of a preview's rebuild of a hundred 10k-case pages).
        var hasher = Hasher()
        file.bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        let digest = Digest(size: file.bytes.count, hash: hasher.finalize())
        if digests[file.path] == digest { return false }
        let url = directory.appendingPathComponent(file.path)
        // Written beside it under a hidden name, then renamed over it. Not synced to the disk: the
        // folder is a preview's, made again at each start (a sync costs milliseconds a file).
        let folder = url.deletingLastPathComponent()
        let partial = folder.appendingPathComponent("." + url.lastPathComponent + ".partial").path
        try gate.pass(url.path) { () throws(CasefileError) in
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try FileBytes.write(file.bytes, to: partial)
            } catch {
                unlink(partial)
                throw CasefileError.unwritable(url.path, reason: (error as? FileBytes.Failure)?.reason ?? FileBytes.reason(of: error))
            }
            guard rename(partial, url.path) == 0 else {
                let reason = FileBytes.reason(errno)
                unlink(partial)
                throw CasefileError.unwritable(url.path, reason: reason)
            }
        }
        digests[file.path] = digest
        return true
    }

    /// Removes the files written earlier that `rendered` does not hold and `complete` holds.
    package mutating func finish(rendered keep: Set<String>, complete within: PageSet) -> [String] {
        let stale = digests.keys.filter { !keep.contains($0) && within.contains($0) }.sorted()
        let directory = directory
        try? gate.pass(directory.path) { () throws(CasefileError) in
            for path in stale {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(path))
            }
        }
        for path in stale { digests[path] = nil }
        return stale
    }
}
