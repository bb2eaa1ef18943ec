import Foundation
import CasefileModel

/// What an edit form holds: each input's values by its name — a field's key as files write it
/// (`suspicionLevel`), a group member's `group.member` (`sleepSchedule.wake`), a list's ids
/// repeated (`favoriteFruits`). Made from a record (the form as it opens), from the defaults (a
/// new record), or from what was submitted (the form shown again, everything typed kept).
public struct FormState: Sendable, Hashable {
    public private(set) var values: [String: [String]] = [:]

    public init(values: [String: [String]] = [:]) {
        self.values = values
    }

    /// The first value of the input `name`, or "".
    public subscript(name: String) -> String { values[name]?.first ?? "" }

    /// Every value of the input `name` (a list's ids).
    public func list(_ name: String) -> [String] { values[name] ?? [] }

    /// The input names of a field: its key, or its members' `group.member`.
    public static func inputNames(_ field: FieldSpec) -> [String] {
        field.type.members.isEmpty ? [field.key] : field.type.members.map { field.key + "." + $0.key }
    }

    /// The form of `record` as loaded; date-times in `zone`, as `datetime-local` inputs show them.
    public init<Record: DescribedRecord>(record: Record, zone: TimeZone) {
        for field in Record.schema.fields {
            if field.type.members.isEmpty {
                values[field.key] = Self.inputValues(record.value(of: field.name), field.type, zone: zone)
            } else {
                for member in field.type.members {
                    values[field.key + "." + member.key] = Self.inputValues(record.value(of: member.name), member.type, zone: zone)
                }
            }
        }
        if let bulletin = record as? Bulletin, let when = bulletin.nibbledAt {
            values[FieldName.nibbledAt.key] = [Self.localInput(when, zone: zone)]
        }
    }

    /// A new record's form: each field's default, the rest empty.
    public init(defaultsFor schema: RecordSchema) {
        for field in schema.fields {
            for name in Self.inputNames(field) { values[name] = [] }
            if let value = field.defaultValue { values[field.key] = [value] }
        }
    }

    /// What a form submitted (`pairs` in the order sent): the schema's inputs only, others
    /// (the form's own hidden fields) left out.
    public init(submitted pairs: [(name: String, value: String)], schema: RecordSchema) {
        var known: Set<String> = []
        for field in schema.fields { known.formUnion(Self.inputNames(field)) }
        known.formUnion([Self.colorPicker, Self.colorPickerStart])
        for (name, value) in pairs where known.contains(name) {
            values[name, default: []].append(value)
        }
    }

    /// The colour picker beside a colour's text; it counts only when it was moved from the
    /// colour the form opened with (`colorPickerStart`), else the text does.
    public static let colorPicker = "_colorPicker"
    public static let colorPickerStart = "_colorPickerStart"

    static func inputValues(_ value: FieldValue, _ type: FieldType, zone: TimeZone) -> [String] {
        switch value {
        case .absent, .group: []
        case let .text(text): [text]
        case let .number(number): [Numbers.plain(number)]
        case let .whole(number): [String(number)]
        case let .list(ids): ids
        }
    }

    /// An instant as a `datetime-local` input writes it, in `zone`: `2023-06-05T23:10`
    /// (seconds only when there are some).
    public static func localInput(_ time: Timestamp, zone: TimeZone) -> String {
        let local = time.local(in: zone)
        let iso = local.iso8601
        // `2023-06-05T23:10:00-07:00` → `2023-06-05T23:10`, or `…:10:05` with seconds.
        let clock = iso.prefix(19)
        return local.second == 0 ? String(clock.prefix(16)) : String(clock)
    }

    /// A `datetime-local` value read in `zone`, as an ISO 8601 date-time with the zone's offset
    /// at that moment; nil when it is not one.
    public static func instant(fromLocal text: String, zone: TimeZone) -> String? {
        let parts = text.split(separator: "T")
        guard parts.count == 2 else { return nil }
        let date = parts[0].split(separator: "-"), clock = parts[1].split(separator: ":")
        guard date.count == 3, (2...3).contains(clock.count),
              let year = Int(date[0]), let month = Int(date[1]), let day = Int(date[2]),
              let hour = Int(clock[0]), let minute = Int(clock[1]) else { return nil }
        let second = clock.count == 3 ? Int(Double(clock[2]) ?? -1) : 0
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard (1...12).contains(month), (1...31).contains(day), (0..<24).contains(hour), (0..<60).contains(minute),
              (0..<60).contains(second), let date = calendar.date(from: components) else { return nil }
        let offset = zone.secondsFromGMT(for: date)
        let instant = Timestamp(secondsSince1970: Int(date.timeIntervalSince1970.rounded()), writtenOffset: offset)
        return instant.written.iso8601
    }
}
