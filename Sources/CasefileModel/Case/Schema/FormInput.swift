/// The control that edits a field in the preview's edit form.
public enum FormInput: Sendable, Hashable {
    /// `<input type=text>`.
    case text
    /// `<textarea>`, for text of a few sentences.
    case textArea
    /// A `<select>` of the choices, or of the names of the referenced collection.
    case select
    /// Radio buttons side by side, for a choice of a few words.
    case segmented
    /// A checkbox per record of the referenced collection.
    case checkboxes
    /// `<input type=number>` with the field's range.
    case number
    /// `<input type=datetime-local>`, in the case's time zone.
    case dateTime
    /// `<input type=color>` beside the text it stands for.
    case color
    /// `<input type=time>`.
    case time
    /// The group's fields, each with its own input.
    case group

    /// The input a field of `type` gets unless its description says otherwise.
    public static func standard(for type: FieldType) -> FormInput {
        switch type {
        case .id, .text, .emoji: .text
        case .longText: .textArea
        case .reference: .select
        case let .choice(words): words.count <= 4 ? .segmented : .select
        case .references: .checkboxes
        case .number, .wholeNumber: .number
        case .dateTime: .dateTime
        case .color: .color
        case .clockTime: .time
        case .group: .group
        }
    }
}
