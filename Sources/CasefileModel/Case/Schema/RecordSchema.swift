/// Each record kind's fields, described once and in the order files and exports write them. A
/// new field is an entry here, its strings in the tables, and its tests; the loader's known keys
/// and its decoding (`RecordDecoding`), the exports' keys, the edit form and the check of
/// `Schemas/` follow from it.
public struct RecordSchema: Sendable, Hashable {
    public let collection: CaseCollection
    public let fields: [FieldSpec]

    public init(_ collection: CaseCollection, _ fields: [FieldSpec]) {
        self.collection = collection
        self.fields = fields
    }

    /// The keys a record may hold, in order.
    public var keys: [FieldName] { fields.map(\.name) }

    /// The description of `name`, among the fields and the fields of their groups.
    public func field(_ name: FieldName) -> FieldSpec? {
        for field in fields {
            if field.name == name { return field }
            if let member = field.type.members.first(where: { $0.name == name }) { return member }
        }
        return nil
    }

    /// The schema of `collection`'s records.
    public static func of(_ collection: CaseCollection) -> RecordSchema {
        switch collection {
        case .fruits: fruits
        case .animals: animals
        case .bulletins: bulletins
        }
    }

    /// A fruit of the catalog.
    public static let fruits = RecordSchema(.fruits, [
        FieldSpec(.id, .id, .id, required: true),
        FieldSpec(.name, .name, .text, required: true),
        FieldSpec(.color, .colour, .color, required: true,
                  check: .rule(.invalidColor, message: .messageInvalidColor, fix: .fixInvalidColor)),
    ])

    /// A suspect.
    public static let animals = RecordSchema(.animals, [
        FieldSpec(.id, .id, .id, required: true),
        FieldSpec(.name, .name, .text, required: true),
        FieldSpec(.species, .species, .text, required: true),
        FieldSpec(.emoji, .emoji, .emoji, check: .rule(.emoji, message: .messageEmoji, fix: .fixEmoji)),
        FieldSpec(.pawSize, .pawSize, .choice(Animal.PawSize.allCases.map(\.rawValue)), default: Animal.PawSize.small.rawValue,
                  check: .rule(.pawSize, message: .messagePawSize, fix: .fixPawSize)),
        FieldSpec(.favoriteFruits, .favouriteFruits, .references(.fruits),
                  check: .rule(.duplicateFruit, message: .messageDuplicateFavourite, fix: .fixDuplicateFavourite)),
        FieldSpec(.suspicionLevel, .suspicion, .number(0...1), default: "0",
                  check: .rule(.suspicionRange, message: .messageSuspicionRange, fix: .fixSuspicionRange)),
        FieldSpec(.alibi, .alibi, .longText),
        FieldSpec(.sleepSchedule, .sleepSchedule, .group([
            FieldSpec(.sleep, .sleepAt, .clockTime, required: true),
            FieldSpec(.wake, .awakeAt, .clockTime, required: true),
        ]), check: .rule(.sleepEqualsWake, message: .messageSleepEqualsWake, fix: .fixSleepEqualsWake)),
    ])

    /// A nibble bulletin.
    public static let bulletins = RecordSchema(.bulletins, [
        FieldSpec(.id, .id, .id, required: true),
        FieldSpec(.fruit, .fruit, .reference(.fruits), required: true),
        FieldSpec(.nibbledAt, .nibbledAt, .dateTime, required: true,
                  check: .rule(.invalidDate, message: .messageInvalidDate, fix: .fixInvalidDate)),
        FieldSpec(.location, .place, .text, required: true),
        FieldSpec(.bites, .bites, .wholeNumber(minimum: 1), check: .mismatch(fix: "Write how many bites, 1 or more, or leave bites out.")),
        FieldSpec(.reportedBy, .reportedBy, .reference(.animals)),
    ])
}
