/// A nibble bulletin: where and when a fruit was nibbled.
public struct Bulletin: Sendable, Hashable, Identifiable {
    public var id: String
    public var fruit: String
    /// nil when the file gave no valid date-time (an `invalid-date` or `missing-field` error).
    public var nibbledAt: Timestamp?
    public var location: String
    public var bites: Int?
    public var reportedBy: String?

    public init(id: String, fruit: String, nibbledAt: Timestamp?, location: String, bites: Int? = nil,
                reportedBy: String? = nil) {
        self.id = id
        self.fruit = fruit
        self.nibbledAt = nibbledAt
        self.location = location
        self.bites = bites
        self.reportedBy = reportedBy
    }
}
