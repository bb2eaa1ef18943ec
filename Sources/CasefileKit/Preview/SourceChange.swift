import CasefileModel
import CasefileOutput

/// What a changed file in a watched folder means for a preview: a note (re-render the pages that
/// show it), a collection's file (re-render the pages its changed records touch), another data
/// file (build everything again) or a template (re-render the pages that use it).
/// Files the loader never reads — editor swap files, backups — mean nothing.
enum SourceChange: Sendable, Hashable {
    /// A note, by its path relative to the case folder (`notes/animals/fish.md`).
    case note(String)
    /// A collection's file (`animals.json`): its records are read again alone.
    case collection(CaseCollection, String)
    /// site.yaml, a string table, or the notes' folders: everything is read again.
    case data
    /// A template by name (`suspects`, `partials/toolbar`), or `casefile.css`.
    case template(TemplateName)

    /// `relative` is a path below the case folder; its names are `CaseLayout`'s. A hidden file
    /// (an editor's, `.fish.md.swp`) in a folder of string tables or notes means nothing.
    static func inContent(_ relative: String) -> SourceChange? {
        let parts = relative.split(separator: "/").map(String.init)
        if parts.count == 1, let collection = CaseLayout.collection(ofFile: parts[0]) {
            return .collection(collection, parts[0])
        }
        if parts.count == 1 {
            return CaseLayout.topDataFiles.contains(parts[0]) || parts[0] == CaseLayout.stringTablesFolder ? .data : nil
        }
        // A string table of the case (`i18n/de.yaml`): loaded again with the whole case.
        if parts.count == 2, parts[0] == CaseLayout.stringTablesFolder, !parts[1].hasPrefix("."),
           CaseLayout.stringTableLanguage(fileName: parts[1]) != nil { return .data }
        guard parts.first == CaseLayout.notesFolder, parts.count >= 2,
              let collection = CaseCollection(rawValue: parts[1]), CaseLayout.notedCollections.contains(collection) else { return nil }
        // notes/animals/ itself (a folder made, moved or removed): start again.
        if parts.count == 2 { return .data }
        guard parts.count == 3, CaseLayout.noteID(fileName: parts[2]) != nil, !parts[2].hasPrefix(".") else { return nil }
        return .note(relative)
    }

    /// `relative` is a path below the templates folder.
    static func inTemplates(_ relative: String) -> SourceChange? {
        TemplateName(file: relative).map { .template($0) }
    }

    /// Whether the change is of a data file (site.yaml, a string table, a collection's file).
    var isDataFile: Bool {
        switch self {
        case .data, .collection: true
        case .note, .template: false
        }
    }
}
