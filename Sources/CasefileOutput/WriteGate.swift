import Synchronization
import CasefileModel

/// Lets another thread (a signal's clean-up) stop a folder's writing between two writes.
/// Every write to the folder passes the gate, which it holds while it writes; `close()` waits for
/// the write under way, and from then on every write is refused. So once `close()` returns,
/// nothing writes into the folder again, and removing it removes it for good: a writer cannot
/// make it again (`createDirectory` makes missing parents) after the clean-up removed it.
public final class WriteGate: Sendable {
    private let closed = Mutex(false)

    public init() {}

    /// Runs `write` unless the gate is closed; refused with `unwritable(path)` once it is.
    public func pass<Result>(_ path: @autoclosure () -> String,
                             _ write: () throws(CasefileError) -> Result) throws(CasefileError) -> Result {
        try closed.withLock { (closed: inout Bool) throws(CasefileError) -> Result in
            if closed { throw CasefileError.unwritable(path(), reason: "the command was stopped") }
            return try write()
        }
    }

    /// Waits for the write under way, if any, and refuses every later one.
    public func close() {
        closed.withLock { $0 = true }
    }

    public var isClosed: Bool { closed.withLock { $0 } }
}

extension Optional where Wrapped == WriteGate {
    /// Runs `write` through the gate when there is one, at once when there is none (a build that
    /// nothing stops halfway, such as `casefile build`'s).
    public func pass<Result>(_ path: @autoclosure () -> String,
                             _ write: () throws(CasefileError) -> Result) throws(CasefileError) -> Result {
        guard let gate = self else { return try write() }
        return try gate.pass(path(), write)
    }
}
