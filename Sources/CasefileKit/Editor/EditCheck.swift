import CasefileModel
import CasefileLoading
import CasefileValidation

/// The rules `casefile validate` runs, run on the case as it would be with collection files'
/// bytes replaced: the loader's field rules on the new bytes, then every rule on the whole case.
/// Notes are not compiled again (a record edit keeps the records' positions), so their findings
/// are those of the last build.
enum EditCheck {
    /// What the loader makes of `bytes` as the collection's file at `path`.
    static func decode(_ collection: CaseCollection, path: String, bytes: [UInt8]) -> ContentLoader.CollectionResult {
        var read: [Diagnostic] = []
        let file = DataFile.parse(bytes, path: path, json: CaseLayout.isJSON(path), problems: &read)
        return ContentLoader.decodeCollection(collection, file, path: path, problems: read)
    }

    /// The same with several collection files replaced (a renamed id and the records that name it),
    /// and the validated case when it is the one the preview's rebuild after the save would make
    /// (`LoadedCase.replacing`, which the rebuild uses too), for the rebuild to take; otherwise
    /// (a collection's first file) the nearest such case is checked (`nearestReplacing`).
    static func check(_ base: EditorBase,
                      replacing files: [(collection: CaseCollection, path: String, decoded: ContentLoader.CollectionResult)]) async
        -> (problems: [Diagnostic], shared: ValidatedCase?) {
        let notes = base.notes
        let (loaded, exact) = base.loaded.nearestReplacing(files.map { ($0.collection, $0.decoded) })
        let validated = await Validator().validate(loaded) { _ in notes }.validated
        return (validated.diagnostics, exact ? validated : nil)
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
