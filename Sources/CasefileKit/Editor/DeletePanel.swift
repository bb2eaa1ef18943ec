import CasefileLocalization
import CasefileMustache

/// The confirmation of a delete as the editor template shows it, in the record's panel's place:
/// the records that name it (they will then name a record that does not exist, an error to fix),
/// and its note, to delete with it or keep.
struct DeletePanel: Sendable {
    var panelID: String
    var title: String
    var action: String
    var cancel: String
    var grabbers: String
    var hidden: [(name: String, value: String)]
    var references: [String]
    /// The note's path, when the record has one.
    var note: String?

    func context(_ strings: UIStrings) -> MustacheValue {
        .object(MustacheDictionary([
            "panelID": .string(panelID), "title": .string(title), "action": .string(action), "cancelHref": .string(cancel),
            "grabbers": .text(HTMLText(trusted: grabbers)),
            "hidden": .list(hidden.map { .object(MustacheDictionary(["name": .string($0.name), "value": .string($0.value)])) }),
            "hasReferences": .bool(!references.isEmpty), "references": .list(references.map(MustacheValue.string)),
            "note": note.map(MustacheValue.string) ?? .bool(false),
        ]))
    }
}
