/// What a record's field holds: how it is read and checked, how a table sorts by it, and which
/// input edits it.
public enum FieldType: Sendable, Hashable {
    /// The record's id: a slug (lowercase letters, digits, hyphens), unique in its collection.
    case id
    /// A line of text (a name, a species, a place).
    case text
    /// Text of a few sentences (an alibi).
    case longText
    /// One emoji: a single grapheme cluster.
    case emoji
    /// The id of a record of another collection.
    case reference(CaseCollection)
    /// Ids of records of another collection, each once.
    case references(CaseCollection)
    /// One of a fixed set of words.
    case choice([String])
    /// A number in a closed range.
    case number(ClosedRange<Double>)
    /// A whole number of at least `minimum`.
    case wholeNumber(minimum: Int)
    /// An ISO 8601 date-time with its offset (`2023-06-05T23:10:00-07:00`).
    case dateTime
    /// A CSS named colour, `#rgb` or `#rrggbb`.
    case color
    /// `HH:MM` on a 24-hour clock.
    case clockTime
    /// Fields written together as a nested mapping: all of them, or the group left out.
    case group([FieldSpec])

    /// The fields of a group; empty for any other type.
    public var members: [FieldSpec] {
        if case let .group(fields) = self { return fields }
        return []
    }

    /// Whether the value is a number as written (unquoted in YAML, a JSON number).
    public var isNumeric: Bool {
        switch self {
        case .number, .wholeNumber: true
        default: false
        }
    }
}
