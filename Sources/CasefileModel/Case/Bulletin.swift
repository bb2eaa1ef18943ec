/// A nibble bulletin: where and when a fruit was nibbled.
public struct Bulletin: Sendable, Hashable, Identifiable {
    public var id: ID
    public var fruit: Fruit.ID
    /// nil when the file gave no valid date-time (an `invalid-date` or `missing-field` error).
    public var nibbledAt: Timestamp?
    public var location: String
    public var bites: Int?
    public var reportedBy: Animal.ID?

    public init(id: ID, fruit: Fruit.ID, nibbledAt: Timestamp?, location: String, bites: Int? = nil,
                reportedBy: Animal.ID? = nil) {
        self.id = id
        self.fruit = fruit
        self.nibbledAt = nibbledAt
        self.location = location
        self.bites = bites
        self.reportedBy = reportedBy
    }
}
