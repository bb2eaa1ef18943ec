import CasefileModel
import CasefileLoading
import CasefileValidation

/// The rules `casefile validate` runs, run on the case as it would be with collection files'
/// bytes replaced: the loader's field rules on the new bytes, then every rule on the whole case.
/// Notes are not compiled again (a record edit keeps the records' positions), so their findings
/// are those of the last build.
enum EditCheck {
    /// The problems of the case with the file at `path` read as `result` (what the loader makes
    /// of its new bytes: `SourceEditor.Result.decoded`, which the edit's read-back decoded).
    static func problems(_ base: EditorBase, collection: CaseCollection, path: String,
                         decoded result: ContentLoader.CollectionResult) async -> [Diagnostic] {
        await problems(base, replacing: [(collection, path, result)])
    }

    /// What the loader makes of `bytes` as the collection's file at `path`.
    static func decode(_ collection: CaseCollection, path: String, bytes: [UInt8]) -> ContentLoader.CollectionResult {
        var read: [Diagnostic] = []
        let file = DataFile.parse(bytes, path: path, json: path.hasSuffix(".json"), problems: &read)
        return ContentLoader.decodeCollection(collection, file, path: path, problems: read)
    }

    /// The same with several collection files replaced (a renamed id and the records that name it).
    static func problems(_ base: EditorBase,
                         replacing files: [(collection: CaseCollection, path: String, decoded: ContentLoader.CollectionResult)]) async
        -> [Diagnostic] {
        var loaded = base.loaded
        for (collection, path, result) in files {
            loaded.diagnostics.removeAll { $0.location?.path == path }
            loaded.diagnostics += result.problems
            switch result.records {
            case let .fruits(list): loaded.caseContent.fruits = list
            case let .animals(list): loaded.caseContent.animals = list
            case let .bulletins(list): loaded.caseContent.bulletins = list
            }
            switch collection {
            case .fruits: loaded.sourceMap.fruits = result.origins
            case .animals: loaded.sourceMap.animals = result.origins
            case .bulletins: loaded.sourceMap.bulletins = result.origins
            }
            loaded.dataTexts[path] = result.text
        }
        let notes = base.notes
        return await Validator().validate(loaded) { _ in notes }.validated.diagnostics
    }

    /// What tells two problems apart across two validations (their places move with the bytes).
    static func key(_ d: Diagnostic) -> String {
        [d.ruleID, d.collection?.rawValue ?? "", d.recordID ?? "", d.fieldKey, d.message].joined(separator: "\u{1F}")
    }

    /// The errors of `after` that block a save: every error of the record (by its id after the
    /// edit), and every error elsewhere that `before` did not have.
    static func blocking(_ after: [Diagnostic], before: [Diagnostic], collection: CaseCollection, id: String) -> [Diagnostic] {
        let old = Set(before.filter { $0.severity == .error }.map(key))
        return after.filter { d in
            d.severity == .error && ((d.collection == collection && d.recordID == id) || !old.contains(key(d)))
        }
    }
}
