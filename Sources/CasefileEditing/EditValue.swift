/// A value the editor writes into a record's field: text, a number already checked to be one
/// (written as given, without quotes: `0.3`, `7`), a list of texts (ids), or a nested mapping
/// (an animal's `sleepSchedule`). A field set to nil is removed instead.
public enum EditValue: Sendable, Hashable {
    case text(String)
    case number(String)
    case list([String])
    case mapping([EditField])
}

/// One key of a record and the value to write there, in the order the fields should appear.
public struct EditField: Sendable, Hashable {
    public var key: String
    public var value: EditValue

    public init(_ key: String, _ value: EditValue) {
        self.key = key
        self.value = value
    }
}

/// One change to a record's field: a new value, or nil to remove the key.
public struct FieldChange: Sendable, Hashable {
    public var key: String
    public var value: EditValue?

    public init(_ key: String, _ value: EditValue?) {
        self.key = key
        self.value = value
    }
}
