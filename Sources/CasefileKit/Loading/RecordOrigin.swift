/// Where a record was written: where it starts, and its place in its file's list, from which
/// `SourceLocator` finds any of its fields again when a later rule has a problem to report there.
/// Loading keeps nothing per field, so a clean case pays nothing for positions.
public struct RecordOrigin: Sendable, Hashable {
    /// The start of the record.
    public var location: SourceLocation
    /// The record's index in its file's list (records without an id are left out of the
    /// collection, so this can differ from the index in the collection).
    public var item: Int

    public init(location: SourceLocation, item: Int) {
        self.location = location
        self.item = item
    }
}
