/// Why an edit was not made, in words a user can act on, and the field it concerns when it
/// concerns one. The file is never changed when an edit is refused.
public struct EditRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    /// The key of the field (`sleepSchedule.wake` for a nested one), when the refusal is about one.
    public var field: String?

    public init(_ message: String, field: String? = nil) {
        self.message = message
        self.field = field
    }

    public var description: String {
        field.map { "\($0): \(message)" } ?? message
    }
}
