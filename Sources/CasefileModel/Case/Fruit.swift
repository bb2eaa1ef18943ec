/// A fruit of the catalog.
public struct Fruit: Sendable, Hashable, Identifiable {
    public var id: ID
    public var name: String
    /// A CSS named colour or `#rgb` / `#rrggbb`, as written.
    public var color: String

    public init(id: ID, name: String, color: String) {
        self.id = id
        self.name = name
        self.color = color
    }
}
