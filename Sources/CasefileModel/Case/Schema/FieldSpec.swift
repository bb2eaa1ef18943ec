/// One field of a record kind, described once: its key as files write it, the label the pages
/// and the edit form show, what it holds, whether a record must have it, the value it takes when
/// left out, the input that edits it, and how a value its type refuses is reported. The loader
/// (its known keys and its decoding), the exports, the edit form and the check of `Schemas/`
/// against the code all read these.
public struct FieldSpec: Sendable, Hashable {
    public let name: FieldName
    /// The string-table key of its label.
    public let label: UIText
    public let type: FieldType
    /// Whether a record without it is an error (`missing-field`).
    public let required: Bool
    /// The value a record has when the field is left out, as a file would write it.
    public let defaultValue: String?
    public let input: FormInput
    /// The rule a value its type refuses breaks (`FieldCheck`).
    public let check: FieldCheck?

    public init(_ name: FieldName, _ label: UIText, _ type: FieldType, required: Bool = false, default defaultValue: String? = nil,
                input: FormInput? = nil, check: FieldCheck? = nil) {
        self.name = name
        self.label = label
        self.type = type
        self.required = required
        self.defaultValue = defaultValue
        self.input = input ?? .standard(for: type)
        self.check = check ?? .standard(for: type)
    }

    /// The key as files write it.
    public var key: String { name.key }
}
