import Foundation
import CasefileModel
import CasefileLoading
import CasefileSite
import CasefileValidation
import CasefileEditing

/// The preview's case as the editor starts from it: loaded (records, where each was written,
/// the files' texts), placed on pages, with its notes compiled. A value: a save works on its
/// copy while the preview goes on.
public struct EditorBase: Sendable {
    public let loaded: LoadedCase
    public let placed: PlacedCase
    let notes: NoteCompiler.Output
    public let options: BuildOptions
    /// The preview's count of changes of its case when this was taken (`SavedFiles.checked`).
    let generation: Int
    /// The preview's last parse of each collection file, by name in the case folder.
    let sources: [String: SourceEditor]

    /// The case's time zone, as the pages show times in it.
    public var zone: TimeZone {
        TimeZone(identifier: loaded.caseContent.site.timeZone) ?? TimeZone(secondsFromGMT: 0) ?? .current
    }

    /// The position of record `id` in its collection.
    public func position(of id: String, in collection: CaseCollection) -> Int? {
        placed.index.position(of: id, in: collection)
    }

    /// The file the collection was read from, below the case folder (`animals.yaml`).
    public func file(of collection: CaseCollection) -> String? {
        loaded.sourceMap.files[collection]
    }

    /// The page that lists record `index` of `collection`, and the record's fragment on it.
    public func place(of index: Int, in collection: CaseCollection) -> (page: String, fragment: String) {
        (placed.pagePlan.path(collection.pageKind, recordAt: index), placed.fragments[collection][index])
    }

    /// The records a reference may name, as (id, name), in file order.
    public var choices: [CaseCollection: [(id: String, name: String)]] {
        let c = loaded.caseContent
        return [.fruits: c.fruits.map { ($0.id.rawValue, $0.name) },
                .animals: c.animals.map { ($0.id.rawValue, $0.name) },
                .bulletins: c.bulletins.map { ($0.id.rawValue, $0.location) }]
    }
}
