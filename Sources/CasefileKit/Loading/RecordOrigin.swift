/// Where a record and each of its fields were written, for diagnostics found after loading.
public struct RecordOrigin: Sendable, Hashable {
    /// The start of the record.
    public var location: SourceLocation
    /// The start of each field's value, by field name (`sleepSchedule.sleep` for nested ones).
    public var fields: [String: SourceLocation]

    public init(location: SourceLocation, fields: [String: SourceLocation] = [:]) {
        self.location = location
        self.fields = fields
    }

    /// The field's value if known, else the record.
    public func location(of field: String) -> SourceLocation {
        fields[field] ?? location
    }
}
