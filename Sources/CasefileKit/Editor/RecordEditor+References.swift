import Foundation
import CasefileModel
import CasefileLoading
import CasefileEditing
import CasefileOutput

/// What names a record (for a delete's confirmation and a renamed id), and why a file cannot be edited.
extension RecordEditor {
    /// The records that name record `id` of `collection`: which collection, which record, which field.
    static func references(to collection: CaseCollection, id: String, _ base: EditorBase)
        -> [(collection: CaseCollection, id: String, field: FieldName)] {
        let c = base.loaded.caseContent
        switch collection {
        case .animals:
            return c.bulletins.filter { $0.reportedBy?.rawValue == id }.map { (.bulletins, $0.id.rawValue, .reportedBy) }
        case .fruits:
            return c.animals.filter { $0.favoriteFruits.contains { $0.rawValue == id } }.map { (.animals, $0.id.rawValue, .favoriteFruits) }
                + c.bulletins.filter { $0.fruit.rawValue == id }.map { (.bulletins, $0.id.rawValue, .fruit) }
        case .bulletins:
            return []
        }
    }

    /// The files of the records in `naming`, each with the old id changed to the new one in the
    /// field that names it (only those bytes).
    static func renaming(_ naming: [(collection: CaseCollection, id: String, field: FieldName)], from oldID: String,
                         to newID: String, _ base: EditorBase)
        -> Result<[(collection: CaseCollection, path: String, before: [UInt8], after: [UInt8])], EditRefusal> {
        var files: [(collection: CaseCollection, path: String, before: [UInt8], after: [UInt8])] = []
        for collection in CaseCollection.allCases {
            let mine = naming.filter { $0.collection == collection }
            guard !mine.isEmpty, let path = base.file(of: collection),
                  let bytes = try? read(base.options.content.appendingPathComponent(path)) else { continue }
            var current = bytes
            for reference in mine {
                guard let i = base.position(of: reference.id, in: collection) else { continue }
                let item = base.loaded.sourceMap[collection][i].item
                let change: FieldChange
                if reference.field == .favoriteFruits, let animal = base.loaded.caseContent.animals[safe: i] {
                    change = FieldChange(reference.field.key, .list(animal.favoriteFruits.map { $0.rawValue == oldID ? newID : $0.rawValue }))
                } else {
                    change = FieldChange(reference.field.key, .text(newID))
                }
                do {
                    current = try SourceEditor(bytes: current, format: SourceFormat(fileName: path), collection: collection)
                        .set(fields: [change], item: item)
                } catch {
                    return .failure(error)
                }
            }
            files.append((collection, path, bytes, current))
        }
        return .success(files)
    }

    /// The notes at `paths` with their case links to record `oldID` (`fruit:elstar`) made to
    /// link to `newID`, and nothing else of them changed.
    static func renamingLinks(in paths: [String], collection: CaseCollection, from oldID: String, to newID: String,
                              _ base: EditorBase) -> [EditRecord.FileChange] {
        let old = collection.singular + ":" + oldID, new = collection.singular + ":" + newID
        return paths.compactMap { path in
            let url = base.options.content.appendingPathComponent(path)
            guard let status = FileStatus.of(link: url.path), status.kind == .regular, let bytes = try? read(url) else { return nil }
            var text = String(decoding: bytes, as: UTF8.self)
            for end in [")", " ", ">"] { text = text.replacingOccurrences(of: old + end, with: new + end) }
            let after = Array(text.utf8)
            return after == bytes ? nil : EditRecord.FileChange(path: url.path, before: bytes, after: after)
        }
    }

    /// Why the collection's file cannot be edited now: it does not parse (broken by hand, or
    /// half-saved by another program). The editor never repairs a file: it says where the
    /// problem is, as `casefile validate` does, and writes nothing.
    static func unreadable(_ collection: CaseCollection, _ base: EditorBase) -> String? {
        // The preview loads the case again on every change of its files: its last load says.
        guard base.loaded.unreadCollections.contains(collection), let path = base.file(of: collection) else { return nil }
        let problem = base.loaded.diagnostics.first { $0.location?.path == path && ($0.rule == .syntax || $0.rule == .typeMismatch) }
        let place = problem?.location.map { "\($0.path):\($0.line):\($0.column): " } ?? "\(path): "
        return "\(place)\(problem?.message ?? "the file is not a list of records"). Fix the file in your editor: this form "
            + "writes nothing while it does not load."
    }

    /// The records that name record `id`, as lines for the delete confirmation.
    static func namedBy(_ collection: CaseCollection, id: String, _ base: EditorBase) -> [String] {
        let c = base.loaded.caseContent
        switch collection {
        case .animals:
            return c.bulletins.filter { $0.reportedBy?.rawValue == id }.map { "\($0.location) (\($0.id.rawValue)), reportedBy" }
        case .fruits:
            return c.animals.filter { $0.favoriteFruits.contains { $0.rawValue == id } }.map { "\($0.name) (\($0.id.rawValue)), favoriteFruits" }
                + c.bulletins.filter { $0.fruit.rawValue == id }.map { "\($0.location) (\($0.id.rawValue)), fruit" }
        case .bulletins:
            return []
        }
    }

    /// The notes whose text links to record `id` (`animal:id`, `bulletin:id`, `fruit:id`).
    static func linkingNotes(_ collection: CaseCollection, id: String, _ base: EditorBase) -> [String] {
        let link = collection.singular + ":" + id
        return base.loaded.caseContent.notes.values.flatMap(\.values)
            .filter { note in note.source.contains(link + ")") || note.source.contains(link + " ") || note.source.contains(link + ">") }
            .map(\.path).sorted()
    }
}
