/// A field's value as a loaded record holds it, in the shape of its type: what the exports write
/// and what the edit form starts from.
public enum FieldValue: Sendable, Hashable {
    /// Left out (an optional field the file does not write).
    case absent
    case text(String)
    /// A number as the case means it (written back with `Numbers.plain`).
    case number(Double)
    case whole(Int)
    /// Ids, in the order the file lists them.
    case list([String])
    /// A group's members, in its description's order.
    case group([FieldValue])
}

/// A record whose fields its kind's `RecordSchema` describes.
public protocol DescribedRecord: Sendable {
    static var schema: RecordSchema { get }
    /// The value of one of the schema's fields (a group member's through its group).
    func value(of field: FieldName) -> FieldValue
}

extension Fruit: DescribedRecord {
    public static var schema: RecordSchema { .fruits }

    public func value(of field: FieldName) -> FieldValue {
        switch field {
        case .id: .text(id.rawValue)
        case .name: .text(name)
        case .color: .text(color)
        default: .absent
        }
    }
}

extension Animal: DescribedRecord {
    public static var schema: RecordSchema { .animals }

    public func value(of field: FieldName) -> FieldValue {
        switch field {
        case .id: .text(id.rawValue)
        case .name: .text(name)
        case .species: .text(species)
        case .emoji: emoji.map(FieldValue.text) ?? .absent
        case .pawSize: .text(pawSize.rawValue)
        case .favoriteFruits: .list(favoriteFruits.map(\.rawValue))
        case .suspicionLevel: .number(suspicionLevel)
        case .alibi: alibi.map(FieldValue.text) ?? .absent
        case .sleepSchedule: sleepSchedule.map { .group([.text($0.sleep.description), .text($0.wake.description)]) } ?? .absent
        case .sleep: sleepSchedule.map { .text($0.sleep.description) } ?? .absent
        case .wake: sleepSchedule.map { .text($0.wake.description) } ?? .absent
        default: .absent
        }
    }
}

extension Bulletin: DescribedRecord {
    public static var schema: RecordSchema { .bulletins }

    public func value(of field: FieldName) -> FieldValue {
        switch field {
        case .id: .text(id.rawValue)
        case .fruit: .text(fruit.rawValue)
        case .nibbledAt: nibbledAt.map { .text($0.written.iso8601) } ?? .absent
        case .location: .text(location)
        case .bites: bites.map(FieldValue.whole) ?? .absent
        case .reportedBy: reportedBy.map { .text($0.rawValue) } ?? .absent
        default: .absent
        }
    }
}
