/// A fruit of the catalog.
public struct Fruit: Sendable, Hashable, Identifiable {
    public var id: String
    public var name: String
    /// A CSS named colour or `#rgb` / `#rrggbb`, as written.
    public var color: String

    public init(id: String, name: String, color: String) {
        self.id = id
        self.name = name
        self.color = color
    }
}
