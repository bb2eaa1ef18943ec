import Foundation
import CasefileModel
import CasefileEditing

/// What a submitted form changes, as the source editor writes it: only the fields whose inputs
/// differ from the form as it opened, so that a value left alone keeps its bytes however it was
/// written (`0.30` stays `0.30`). A value that is not of its field's type is still written as
/// typed — into a copy, for the loader to report it with the same message `validate` gives;
/// nothing is saved while the record has errors.
public enum FormChanges {
    /// The changed fields of a record whose form opened as `original`.
    public static func changes(_ schema: RecordSchema, submitted: FormState, original: FormState,
                               zone: TimeZone) -> [FieldChange] {
        var changes: [FieldChange] = []
        for field in schema.fields {
            let names = FormState.inputNames(field)
            var moved = names.contains { submitted.list($0) != original.list($0) }
            if field.type == .color, pickerMoved(submitted) { moved = true }
            guard moved else { continue }
            if case .references = field.type {
                // Ticked boxes come in the catalogue's order: the list keeps its own order, the
                // ids kept where they were and the new ones after them.
                let before = original.list(field.key), after = submitted.list(field.key).filter { !$0.isEmpty }
                if Set(before) == Set(after) { continue }
                let ids = before.filter(after.contains) + after.filter { !before.contains($0) }
                changes.append(FieldChange(field.key, ids.isEmpty ? nil : .list(ids)))
                continue
            }
            if field.type == .dateTime, let before = original.values[field.key]?.first,
               instant(submitted[field.key], zone: zone) == instant(before, zone: zone) {
                continue
            }
            changes.append(FieldChange(field.key, value(field, submitted, zone: zone)))
        }
        return changes
    }

    /// A new record's fields, in its kind's order; an optional field left empty is left out.
    public static func newRecord(_ schema: RecordSchema, submitted: FormState, zone: TimeZone) -> [EditField] {
        schema.fields.compactMap { field in value(field, submitted, zone: zone).map { EditField(field.key, $0) } }
    }

    /// The value the form gives `field`; nil to leave it out.
    static func value(_ field: FieldSpec, _ form: FormState, zone: TimeZone) -> EditValue? {
        let typed = form[field.key]
        let trimmed = typed.trimmingCharacters(in: .whitespaces)
        switch field.type {
        case .group(let members):
            let parts = members.map { ($0.key, form[field.key + "." + $0.key].trimmingCharacters(in: .whitespaces)) }
            if parts.allSatisfy({ $0.1.isEmpty }) { return nil }
            return .mapping(parts.filter { !$0.1.isEmpty }.map { EditField($0.0, .text($0.1)) })
        case .references:
            let ids = form.list(field.key).filter { !$0.isEmpty }
            return ids.isEmpty ? nil : .list(ids)
        case .number, .wholeNumber:
            if trimmed.isEmpty { return nil }
            return Double(trimmed).map { _ in .number(trimmed) } ?? .text(typed)
        case .dateTime:
            if trimmed.isEmpty { return field.required ? .text("") : nil }
            return .text(FormState.instant(fromLocal: trimmed, zone: zone) ?? typed)
        case .color:
            let text = pickerMoved(form) ? form[FormState.colorPicker] : trimmed
            if text.isEmpty { return field.required ? .text("") : nil }
            return .text(text)
        case .id, .reference, .choice, .clockTime:
            if trimmed.isEmpty { return field.required ? .text("") : nil }
            return .text(trimmed)
        case .text, .longText, .emoji:
            // Text is kept as typed but for the line ends a browser sends (CRLF in a textarea).
            let text = typed.replacingOccurrences(of: "\r\n", with: "\n")
            if trimmed.isEmpty, !field.required { return nil }
            return .text(text)
        }
    }

    static func pickerMoved(_ form: FormState) -> Bool {
        let picker = form[FormState.colorPicker]
        return !picker.isEmpty && picker.lowercased() != form[FormState.colorPickerStart].lowercased()
    }

    private static func instant(_ text: String, zone: TimeZone) -> String? {
        FormState.instant(fromLocal: text, zone: zone).flatMap(Timestamp.init(iso8601:)).map { String($0.secondsSince1970) }
    }
}
