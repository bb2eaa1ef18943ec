import Foundation
import CasefileModel
import CasefileLoading
import CasefileEditing
import CasefileOutput

/// The editor's reads and writes of the case folder's files: notes where the loader looks for them, atomic
/// writes, links refused.
extension RecordEditor {
    /// The note's text on disk, or nil when the record has none.
    func readNote(_ collection: CaseCollection, _ id: String, _ base: EditorBase) -> String? {
        guard let url = Self.notePath(collection, id, base), let bytes = try? Self.read(url) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Where the note of record `id` lives — `notes/<collection>/<id>.md` inside the case folder
    /// — or nil when that folder is a link out of the case, or the note a link or not a file.
    static func notePath(_ collection: CaseCollection, _ id: String, _ base: EditorBase) -> URL? {
        guard Slug.isValid(id) else { return nil }
        let folder = ContentLoader(directory: base.options.content, displayPath: base.options.contentDisplay).folder
        let relative = CaseLayout.notesFolder(collection)
        if folder.exists(relative), !folder.holds(folder: relative) { return nil }
        let url = base.options.content.appendingPathComponent(CaseLayout.note(collection, id: id))
        if let status = FileStatus.of(link: url.path), status.kind != .regular { return nil }
        return url
    }

    static func noteChanges(_ collection: CaseCollection, oldID: String?, newID: String, text: String,
                            _ base: EditorBase) -> [EditRecord.FileChange] {
        var changes: [EditRecord.FileChange] = []
        let oldURL = oldID.flatMap { notePath(collection, $0, base) }
        let oldBytes = oldURL.flatMap { try? read($0) }
        let wanted: [UInt8]? = text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : Array(text.utf8)
        let normalized = oldBytes.map { String(decoding: $0, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n") }
        if oldID == newID {
            guard let url = notePath(collection, newID, base), normalized != (wanted == nil ? nil : text) else { return [] }
            if oldBytes == nil, wanted == nil { return [] }
            changes.append(EditRecord.FileChange(path: url.path, before: oldBytes, after: wanted))
        } else {
            // A renamed record takes its note along.
            if let oldURL, oldBytes != nil { changes.append(EditRecord.FileChange(path: oldURL.path, before: oldBytes, after: nil)) }
            if let wanted, let url = notePath(collection, newID, base) {
                changes.append(EditRecord.FileChange(path: url.path, before: try? read(url), after: wanted))
            }
        }
        return changes
    }

    /// Writes each file's `after` (atomically) or removes it; the first failure stops and is returned.
    static func apply(_ files: [EditRecord.FileChange]) -> String? {
        for file in files {
            let url = URL(fileURLWithPath: file.path)
            do {
                if let bytes = file.after {
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try AtomicFile.write(bytes, to: url)
                } else if FileManager.default.fileExists(atPath: url.path) {
                    try FileManager.default.removeItem(at: url)
                }
            } catch {
                return "Nothing more was saved: \(error)"
            }
        }
        return nil
    }

    /// A data file that is a link is not edited (a write would replace the link with a file).
    static func refuseLink(_ url: URL, _ path: String) -> String? {
        guard let status = FileStatus.of(link: url.path) else { return nil }
        if status.kind == .symbolicLink { return "\(path) is a link: edit the file it points to in your editor." }
        if status.kind != .regular { return "\(path) is not a file." }
        return nil
    }

    static func read(_ url: URL) throws -> [UInt8] {
        Array(try Data(contentsOf: url))
    }
}
