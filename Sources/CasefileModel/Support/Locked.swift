import Foundation

/// A value that threads share, read and changed only under its lock: a pthread mutex
/// (`NSLock`), which ThreadSanitizer sees pass from one thread to another. It does not see
/// Synchronization's `Mutex` do so on Linux, and reports the value a `Mutex` guards as raced
/// whenever two threads take it in turn, which would make `Scripts/sanitize.sh` fail on a race
/// that is not there.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value, holding the lock.
    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
