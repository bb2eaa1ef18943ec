/// A Markdown note about one record: `notes/animals/<id>.md` or `notes/bulletins/<id>.md`.
public struct Note: Sendable, Hashable {
    public var collection: CaseCollection
    public var recordID: String
    /// The path shown in diagnostics (`Content/notes/animals/fish.md`).
    public var path: String
    public var source: String

    public init(collection: CaseCollection, recordID: String, path: String, source: String) {
        self.collection = collection
        self.recordID = recordID
        self.path = path
        self.source = source
    }
}
