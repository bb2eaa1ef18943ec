/// Where a record was written: where it starts, its place in its file's list, and where the
/// fields that rules after loading point at were written — recorded as the loader reads them,
/// so that no file is read twice to report a problem.
public struct RecordOrigin: Sendable, Hashable {
    /// The start of the record.
    public var location: SourceLocation
    /// The record's index in its file's list (records without an id are left out of the
    /// collection, so this can differ from the index in the collection).
    public var item: Int
    public var places = FieldPlaces()

    public init(location: SourceLocation, item: Int, places: FieldPlaces = FieldPlaces()) {
        self.location = location
        self.item = item
        self.places = places
    }

    /// Where `field` was written, or where the record starts when it was not.
    public func place(_ field: KeyPath<FieldPlaces, FieldPlace?>) -> SourceLocation {
        places[keyPath: field].map { SourceLocation(path: location.path, line: Int($0.line), column: Int($0.column)) } ?? location
    }

    /// Where the `k`-th of an animal's favourite fruits (as kept: first occurrences) was written.
    public func favoriteFruit(_ k: Int) -> SourceLocation {
        guard places.favoriteFruits.indices.contains(k) else { return location }
        let p = places.favoriteFruits[k]
        return SourceLocation(path: location.path, line: Int(p.line), column: Int(p.column))
    }
}

/// A line and column in the file of the record that holds it (32 bits each: a case holds
/// hundreds of thousands of them).
public struct FieldPlace: Sendable, Hashable {
    public var line: Int32
    public var column: Int32

    package init(_ location: SourceLocation) {
        line = Int32(clamping: location.line)
        column = Int32(clamping: location.column)
    }
}

/// The places of a record's fields that rules after loading report at: its id (duplicates), the
/// references (an unknown fruit or reporter) and the suspicion level. Nil when the field is absent.
public struct FieldPlaces: Sendable, Hashable {
    public var id: FieldPlace?
    public var fruit: FieldPlace?
    public var reportedBy: FieldPlace?
    public var suspicionLevel: FieldPlace?
    /// One per entry of `Animal.favoriteFruits`, in its order.
    public var favoriteFruits: [FieldPlace] = []

    public init() {}
}
