import CasefileModel

/// Values made once per key and shared between threads (the locale data every format learns).
final class OnceCache<Value: Sendable>: Sendable {
    private let values = Locked<[String: Value]>([:])

    /// The value for `key`, made by `make` the first time (outside the lock; a race makes it twice
    /// and keeps the first).
    func value(_ key: String, make: () -> Value) -> Value {
        if let known = values.withLock({ $0[key] }) { return known }
        let made = make()
        return values.withLock { values in
            if let first = values[key] { return first }
            values[key] = made
            return made
        }
    }
}
