import CasefileLocalization
import CasefileModel

/// Reads the fields of one record by its kind's description (`RecordSchema`): each field by its
/// type, in the description's order, with the check its description names (`FieldCheck`) for a
/// value the type refuses. What the file gets wrong becomes the reader's diagnostics.
enum FieldDecoding {
    /// The record's fields; nil when it has no id, which leaves the record out (the diagnostic
    /// says so) without reading the fields after it.
    static func record(_ fields: [FieldSpec], _ r: inout FieldReader) -> DecodedFields? {
        var values: [DecodedValue] = []
        values.reserveCapacity(fields.count)
        for field in fields {
            let value = decode(field, &r)
            if case .absent = value, case .id = field.type { return nil }
            values.append(value)
        }
        return DecodedFields(fields: fields, values: values)
    }

    private static func decode(_ field: FieldSpec, _ r: inout FieldReader) -> DecodedValue {
        let name = field.name, required = field.required
        switch field.type {
        case .id:
            guard let id = r.string(name, required: required) else { return .absent }
            if !Slug.isValid(id) {
                refuse(field, id, &r, ["id": .text(id)], fix: ["id": .text(Slug.suggested(for: id))], expected: "a slug")
            }
            return .text(id)
        case .text:
            guard let text = r.string(name, required: required) else { return .absent }
            if required, text.allSatisfy(\.isWhitespace) {
                refuse(field, text, &r, ["field": .text(name.key)], fix: ["field": .text(name.key)], expected: "text that is not blank")
            }
            return .text(text)
        case .longText, .reference:
            return r.string(name, required: required).map(DecodedValue.text) ?? .absent
        case .emoji:
            guard let emoji = r.string(name, required: required) else { return .absent }
            if emoji.count != 1 {
                refuse(field, emoji, &r, ["count": .text(String(emoji.count)), "value": .text(emoji)], expected: "one emoji")
            }
            return .text(emoji)
        case let .choice(words):
            guard let word = r.string(name, required: required) else { return .absent }
            guard words.contains(word) else {
                refuse(field, word, &r, ["value": .text(word)], nearest: Suggestion.nearest(to: word, in: words),
                       expected: "one of \(words.joined(separator: ", "))")
                return .absent
            }
            return .text(word)
        case .references:
            return references(field, &r)
        case let .number(range):
            guard let number = r.number(name, required: required) else { return .absent }
            if !range.contains(number) {
                let written = Numbers.plain(number)
                refuse(field, written, &r, ["value": .text(written)],
                       expected: "a number from \(Numbers.plain(range.lowerBound)) to \(Numbers.plain(range.upperBound))")
            }
            return .number(number)
        case let .wholeNumber(minimum):
            guard let whole = r.integer(name, required: required) else { return .absent }
            guard whole >= minimum else {
                refuse(field, String(whole), &r, ["value": .text(String(whole))], expected: "a whole number of at least \(minimum)")
                return .absent
            }
            return .whole(whole)
        case .dateTime:
            guard let text = r.string(name, required: required) else { return .absent }
            guard let date = Timestamp(iso8601: text) else {
                refuse(field, text, &r, ["value": .text(text)], expected: "an ISO 8601 date-time with an offset")
                return .absent
            }
            return .date(date)
        case .color:
            guard let color = r.string(name, required: required) else { return .absent }
            if !CSSColor.isValid(color) {
                refuse(field, color, &r, ["value": .text(color)], nearest: Suggestion.nearest(to: color, in: CSSColor.names),
                       expected: "a CSS named colour or hex")
            }
            return .text(color)
        case .clockTime:
            guard let text = r.string(name, required: required) else { return .absent }
            guard let time = ClockTime(text) else {
                refuse(field, text, &r, ["field": .text(name.key), "value": .text(text)], expected: "a time HH:MM (24 h)")
                return .absent
            }
            return .time(time)
        case let .group(members):
            return group(field, members, &r)
        }
    }

    /// Ids, each kept once; a second listing of one is refused where it is written.
    private static func references(_ field: FieldSpec, _ r: inout FieldReader) -> DecodedValue {
        guard let items = r.stringList(field.name, required: field.required) else { return .absent }
        var ids: [String] = [], places: [FieldPlace] = []
        var seen: Set<String> = []
        for (id, place) in items {
            if seen.insert(id).inserted {
                ids.append(id)
                places.append(FieldPlace(place))
            } else {
                refuse(field, id, &r, at: place, ["id": .text(id)], fix: ["id": .text(id)], expected: "ids each listed once")
            }
        }
        return .ids(ids, places: places)
    }

    /// A nested mapping of the group's members: all of them, or the group is absent. With a
    /// check, members that are all the same value are refused.
    private static func group(_ field: FieldSpec, _ members: [FieldSpec], _ r: inout FieldReader) -> DecodedValue {
        guard var nested = r.nested(field.name, known: members.map(\.name), required: field.required) else { return .absent }
        let values = members.map { decode($0, &nested) }
        r.merge(nested)
        guard let first = values.first, !values.contains(.absent) else { return .absent }
        if field.check != nil, values.allSatisfy({ $0 == first }), let written = first.written {
            refuse(field, written, &r, ["time": .text(written)], expected: "members that differ")
        }
        return .group(DecodedFields(fields: members, values: values))
    }

    /// Reports `value` of `field` as its check says: at `place`, or where the field was written.
    private static func refuse(_ field: FieldSpec, _ value: String, _ r: inout FieldReader, at place: SourceLocation? = nil,
                               _ message: [String: Phrase.Value], nearest: String? = nil, fix: [String: Phrase.Value] = [:],
                               expected: @autoclosure () -> String) {
        switch field.check {
        case let .rule(rule, messageKey, fixKey)?:
            r.report(Diagnostic(rule: rule, phrase: Phrase(messageKey, message, nearest: nearest),
                                location: place ?? r.location(of: field.name), collection: r.collection, recordID: r.recordID,
                                field: r.qualified(field.key), value: value, fix: Phrase(fixKey, fix)))
        case let .mismatch(fix)?:
            r.invalid(field.name, expected: expected(), got: value, fix: fix)
        case nil:
            r.invalid(field.name, expected: expected(), got: value)
        }
    }
}
