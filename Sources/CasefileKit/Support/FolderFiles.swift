import Foundation
import CasefileModel
import CasefileOutput

/// Files written into a folder that may hold some of them already, all or none: what
/// `casefile init` and `casefile templates copy` share. The folder is made when missing; a path
/// that is a file is refused; the files that exist are found before anything is written, so that
/// a refusal writes nothing.
struct FolderFiles {
    let folder: URL
    /// The folder as the command was given it, for messages.
    let displayPath: String

    /// Refuses a folder that is a file.
    func checkIsFolder() throws(CasefileError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw CasefileError.refused(displayPath, reason: "it is a file, not a folder")
        }
    }

    /// Those of `paths` (relative to the folder) that exist already, in their order.
    func existing(_ paths: [String]) -> [String] {
        paths.filter { FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }
    }

    /// A file's path as messages show it: below the folder as given (alone for `.`).
    func shown(_ path: String) -> String {
        displayPath == "." ? path : "\(displayPath)/\(path)"
    }

    /// Up to three of `items`, then how many more: "a, b, c and 4 more".
    static func listed(_ items: [String]) -> String {
        items.prefix(3).joined(separator: ", ") + (items.count > 3 ? " and \(items.count - 3) more" : "")
    }

    /// Writes each file, making the folders its path names; an error names the file.
    func write(_ files: [OutputFile]) throws(CasefileError) {
        for file in files {
            let url = folder.appendingPathComponent(file.path)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.bytes).write(to: url)
            } catch {
                throw CasefileError.unwritable(shown(file.path), reason: error.localizedDescription)
            }
        }
    }
}
