/// A record's id and a fingerprint of its own values, as a publish's digest keeps them, so that
/// the next publish can say which records were added, changed or removed.
public struct RecordFingerprint: Sendable, Hashable {
    /// The record's id as its file wrote it (any collection's: the digest holds all three).
    public var id: String
    /// A hash of the record's own values (16 hex digits).
    public var hash: String

    public init(id: String, hash: String) {
        self.id = id
        self.hash = hash
    }
}
