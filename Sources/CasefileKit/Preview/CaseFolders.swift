import Foundation
import CasefileModel
import CasefileLoading
import CasefileValidation

/// The case and template folders of a preview as the watcher sees them: what a changed path
/// means, and a note read again on its own into the loaded case.
struct CaseFolders: Sendable {
    let options: BuildOptions

    /// What an absolute path means, by the folder it is in.
    func classify(_ path: String) -> SourceChange? {
        if let relative = Self.relative(path, to: options.content) { return SourceChange.inContent(relative) }
        if let templates = options.templates, let relative = Self.relative(path, to: templates) {
            return SourceChange.inTemplates(relative)
        }
        return nil
    }

    static func relative(_ path: String, to folder: URL) -> String? {
        let base = folder.standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        let standard = URL(fileURLWithPath: path).standardizedFileURL.path
        return standard.hasPrefix(prefix) ? String(standard.dropFirst(prefix.count)) : nil
    }

    /// Reads the note at `relative` again (or drops it when it is gone) and returns its path; nil
    /// when the note, now or before, is one the loader reports (not UTF-8, too large, a link out
    /// of the folder): such an edit is loaded again with the whole case, which reports it.
    func reread(_ relative: String, into loaded: inout LoadedCase) throws(CasefileError) -> String? {
        guard let key = NoteKey(path: relative) else { return relative }
        let (collection, id) = (key.collection, key.recordID)
        guard !loaded.diagnostics.contains(where: { $0.location?.path == relative }) else { return nil }
        let loader = ContentLoader(directory: options.content, displayPath: options.contentDisplay)
        let existed = loaded.caseContent.notes[collection]?[id] != nil
        var note: Note?
        if loader.folder.exists(relative) {
            let read = try loader.readNote(relative, collection: collection, id: id,
                                           limit: loaded.caseContent.site.limits.noteBytes)
            guard read.problems.isEmpty else { return nil }
            note = read.note
        }
        // In place: the other notes are not copied.
        loaded.caseContent.notes[collection, default: [:]][id] = note
        guard existed != (note != nil) else { return relative }
        // A note came or went: the files read, in the loader's order: data files, then each
        // collection's notes by name.
        let dataFiles = loaded.files.filter { !CaseLayout.isNote($0) }
        let notePaths = CaseLayout.notedCollections.flatMap { c in
            (loaded.caseContent.notes[c] ?? [:]).values.map(\.path).sorted()
        }
        loaded.files = dataFiles + notePaths
        return relative
    }

    /// Whether every collection of `a` and `b` holds the same ids in the same order.
    static func sameIDs(_ a: CaseContent, _ b: CaseContent) -> Bool {
        a.fruits.map(\.id) == b.fruits.map(\.id) && a.animals.map(\.id) == b.animals.map(\.id)
            && a.bulletins.map(\.id) == b.bulletins.map(\.id)
    }
}
