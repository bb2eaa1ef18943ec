import CasefileModel

/// The most a form sent to the editor may hold. Each bound is checked as the body is read and
/// parsed: nothing larger is kept in memory.
public struct FormLimits: Sendable, Equatable {
    /// Bytes of the body as sent. A body announced or found larger is refused (413) before
    /// or as soon as it goes past the bound, without reading the rest.
    public var bodyBytes: Int
    /// Fields (name=value pairs) in one form.
    public var fields: Int
    /// Bytes of one field's name, decoded.
    public var nameBytes: Int
    /// Bytes of one field's value, decoded: a whole note.
    public var valueBytes: Int
    /// Whether a value's bound (and the body's with it) is the case's note limit, `limits.noteMB`
    /// in its site.yaml, as the loader's is (`forCase`): so unless either was given.
    public var followsCase: Bool

    public static let defaultFields = 1000
    public static let defaultNameBytes = 256
    /// Room for the fields around a note (names, the secret, the record's other values).
    public static let overhead = 64 << 10

    /// The body's bound, when not given: a value of `valueBytes` may come percent-encoded, each
    /// byte outside ASCII's letters and digits as three (`%E2`), plus the overhead. With the
    /// default note limit of 8 MiB that is 24 MiB and 64 KiB. Without `valueBytes` and
    /// `bodyBytes` the bounds follow the case's note limit.
    public init(valueBytes: Int? = nil, fields: Int = defaultFields, nameBytes: Int = defaultNameBytes,
                bodyBytes: Int? = nil) {
        self.valueBytes = valueBytes ?? ReadLimits().noteBytes
        self.fields = fields
        self.nameBytes = nameBytes
        self.bodyBytes = bodyBytes ?? 3 * self.valueBytes + Self.overhead
        followsCase = valueBytes == nil && bodyBytes == nil
    }

    /// These limits for a case whose notes may be `noteBytes` long (its `ReadLimits`): a value as
    /// long as a note and a body to hold it, when they follow the case; else as they are.
    public func forCase(noteBytes: Int) -> FormLimits {
        guard followsCase else { return self }
        var fitted = FormLimits(valueBytes: noteBytes, fields: fields, nameBytes: nameBytes)
        fitted.followsCase = true
        return fitted
    }
}
