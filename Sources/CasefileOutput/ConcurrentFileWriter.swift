import Foundation
import CasefileModel

/// Writes files below one folder from any thread, several at once: each file where the page was
/// rendered, so that writing them (a tenth of a 10k build's work) is shared by the cores rather
/// than done one file after another on the task that collects them. Each folder is created once.
public final class ConcurrentFileWriter: Sendable {
    /// The folder's path, ending in `/`, to which each file's relative path is joined as text.
    private let root: String
    private let displayPath: String
    private let gate: WriteGate?
    /// The folders made so far (or found there), as paths.
    private let folders = Locked<Set<String>>([])

    init(root: String, displayPath: String, gate: WriteGate?) {
        self.root = root.hasSuffix("/") ? root : root + "/"
        self.displayPath = displayPath
        self.gate = gate
    }

    /// Writes `file` below the folder, creating the folders its path names. A folder is made
    /// under the lock, so that no other thread writes into it before it is there.
    public func write(_ file: OutputFile) throws(CasefileError) {
        let path = root + file.path
        let folder = file.path.lastIndex(of: "/").map { root + file.path[..<$0] } ?? root
        let display = "\(displayPath)/\(file.path)"
        try gate.pass(display) { () throws(CasefileError) in
            try folders.withLock { (made: inout Set<String>) throws(CasefileError) in
                guard !made.contains(folder) else { return }
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw CasefileError.unwritable(display, reason: FileBytes.reason(of: error))
                }
                made.insert(folder)
            }
            do throws(FileBytes.Failure) { try FileBytes.write(file.bytes, to: path) } catch {
                throw CasefileError.unwritable(display, reason: error.reason)
            }
        }
    }
}
