import CasefileModel

/// A field's value as decoding read it, in the shape its type gives it; `absent` when the file
/// leaves the field out or its value was refused (a refused id, text, emoji, number or colour is
/// kept: the record shows what was written, and the diagnostic says what is wrong).
enum DecodedValue: Sendable, Hashable {
    case absent
    /// An id, a text, an emoji, a choice's word, a reference, a colour.
    case text(String)
    case number(Double)
    case whole(Int)
    case date(Timestamp)
    case time(ClockTime)
    /// A list of references, each once, with where each was written.
    case ids([String], places: [FieldPlace])
    /// A group's members, all of them there.
    case group(DecodedFields)

    /// The value as a file writes it, for a message; nil for a list or a group.
    var written: String? {
        switch self {
        case let .text(text): text
        case let .number(number): Numbers.plain(number)
        case let .whole(whole): String(whole)
        case let .date(timestamp): timestamp.written.iso8601
        case let .time(time): time.description
        case .absent, .ids, .group: nil
        }
    }
}

/// The fields of one record (or of one group), as decoding read them: a value for each of the
/// descriptions `fields`, in their order. A record kind's decoding builds its model value from
/// these, by field name (`case let .number(level) = v[.suspicionLevel]`, or `v.text(.name)` for
/// the many that are text).
struct DecodedFields: Sendable, Hashable {
    let fields: [FieldSpec]
    let values: [DecodedValue]

    subscript(_ name: FieldName) -> DecodedValue {
        for i in values.indices where fields[i].name == name { return values[i] }
        return .absent
    }

    /// The record's id. Decoding leaves out a record without one, so only a group has none.
    var id: String { text(.id) ?? "" }

    func text(_ name: FieldName) -> String? {
        if case let .text(text) = self[name] { return text }
        return nil
    }

    /// A list of references with their places; empty when absent.
    func ids(_ name: FieldName) -> (ids: [String], places: [FieldPlace]) {
        if case let .ids(ids, places) = self[name] { return (ids, places) }
        return ([], [])
    }
}
