import CExchange
import Foundation
import CasefileModel

/// Puts a staged site in place of the published one by renames, so that a reader of the output
/// folder sees the old site or the new one, never a mix.
public enum FolderSwap {
    public enum Method: String, Sendable {
        /// There was no output yet: one rename.
        case rename
        /// One atomic exchange of the two folders (Linux renameat2 RENAME_EXCHANGE).
        case exchange
        /// Two renames (old output aside, staging in place), where the file system cannot
        /// exchange: for an instant between them there is no output folder at all.
        case twoRenames
    }

    /// Replaces `output` by `staging`. Returns how, and where the previous output now is (for
    /// `PublishedFolder.removeOwnFiles`), nil when there was none.
    static func replace(_ output: URL, with staging: URL) throws -> (Method, URL?) {
        let fm = FileManager.default
        guard fm.fileExists(atPath: output.path) else {
            try rename(staging, output)
            return (.rename, nil)
        }
        if casefile_exchange_paths(staging.path, output.path) == 0 {
            return (.exchange, staging)
        }
        let aside = URL(fileURLWithPath: staging.path + "-previous")
        try rename(output, aside)
        do {
            try rename(staging, output)
        } catch {
            try? rename(aside, output)
            throw error
        }
        return (.twoRenames, aside)
    }

    private static func rename(_ from: URL, _ to: URL) throws {
        guard Foundation.rename(from.path, to.path) == 0 else {
            throw CasefileError.unwritable(to.path, reason: "cannot rename \(from.lastPathComponent) to it: \(String(cString: strerror(errno)))")
        }
    }
}
