import CasefileModel

/// What an editor request is about: a record of a collection, or a new record of it. Read from
/// a page's query (`?edit=animals/fish`, `?new=animals`, `?delete=animals/fish`), where the
/// collection must be one of the three and the id a slug, so that nothing else (a path, markup)
/// ever reaches a file name, a page or a message.
public struct EditTarget: Sendable, Hashable {
    public let collection: CaseCollection
    /// Nil for a new record.
    public let id: String?

    public init(collection: CaseCollection, id: String?) {
        self.collection = collection
        self.id = id
    }

    /// `animals/fish` (a record) or `animals` (a new one); nil for anything else.
    public init?(query: String) {
        let parts = query.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let collection = CaseCollection(rawValue: String(parts[0])) else { return nil }
        self.collection = collection
        if parts.count == 2 {
            let id = String(parts[1])
            guard Slug.isValid(id) else { return nil }
            self.id = id
        } else {
            self.id = nil
        }
    }

    /// The query value that names it.
    public var query: String { collection.rawValue + (id.map { "/" + $0 } ?? "") }

    /// The table that lists the collection.
    public var table: SiteTable {
        switch collection {
        case .animals: .suspects
        case .bulletins: .bulletins
        case .fruits: .fruits
        }
    }
}
