/// The id of a record of the kind `Record` (`Animal.ID`, `Fruit.ID`, `Bulletin.ID`): a foreign
/// key is typed as the record it names, so a fruit id cannot be looked up among animals. The
/// text is as the case file wrote it; it is a slug when the case is valid (validation says so
/// where it is not).
public struct RecordID<Record>: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringInterpolation {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public var description: String { rawValue }

    public static func < (a: RecordID, b: RecordID) -> Bool { a.rawValue < b.rawValue }
}

extension Animal {
    public typealias ID = RecordID<Animal>
}

extension Fruit {
    public typealias ID = RecordID<Fruit>
}

extension Bulletin {
    public typealias ID = RecordID<Bulletin>
}
