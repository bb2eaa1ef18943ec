import Foundation

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

    /// Reads the note at `relative` again (or drops it when it is gone); returns its path as shown.
    func reread(_ relative: String, into loaded: inout LoadedCase) throws -> String {
        let shown = display(relative)
        guard let (collection, id) = NoteCompiler.noteKey(relative) else { return shown }
        let url = options.content.appendingPathComponent(relative)
        let existed = loaded.caseFile.notes[collection]?[id] != nil
        var note: Note?
        if FileManager.default.fileExists(atPath: url.path) {
            let data: Data
            do { data = try Data(contentsOf: url) } catch {
                throw CasefileError.unreadable(shown, reason: error.localizedDescription)
            }
            note = Note(collection: collection, recordID: id, path: shown, source: String(decoding: data, as: UTF8.self))
        }
        // In place: the other notes are not copied.
        loaded.caseFile.notes[collection, default: [:]][id] = note
        guard existed != (note != nil) else { return shown }
        // A note came or went: the files read, in the loader's order: data files, then each
        // collection's notes by name.
        let notePrefixes = ["animals", "bulletins"].map { display("notes/\($0)/") }
        let dataFiles = loaded.files.filter { path in !notePrefixes.contains { path.hasPrefix($0) } }
        let notePaths = [Collection.animals, .bulletins].flatMap { c in
            (loaded.caseFile.notes[c] ?? [:]).values.map(\.path).sorted()
        }
        loaded.files = dataFiles + notePaths
        return shown
    }

    /// A path below the case folder as diagnostics show it (as ContentLoader names it).
    func display(_ relative: String) -> String {
        options.contentDisplay.isEmpty || options.contentDisplay == "." ? relative : options.contentDisplay + "/" + relative
    }
}
