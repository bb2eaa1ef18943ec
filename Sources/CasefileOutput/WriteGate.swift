import Foundation
import CasefileModel

/// Lets another thread (a signal's clean-up) stop a folder's writing between two writes.
/// Every write to the folder passes the gate, which counts it while it writes; `close()` waits
/// for the writes under way, and from then on every write is refused. So once `close()` returns,
/// nothing writes into the folder again, and removing it removes it for good: a writer cannot
/// make it again (`createDirectory` makes missing parents) after the clean-up removed it. Writes
/// from several threads pass at once (a build writes each file on the core that rendered it).
public final class WriteGate: Sendable {
    private struct State {
        var closed = false
        /// Writes that passed and have not ended.
        var writing = 0
    }

    private let state = Locked(State())

    public init() {}

    /// Runs `write` unless the gate is closed; refused with `unwritable(path)` once it is.
    public func pass<Result>(_ path: @autoclosure () -> String,
                             _ write: () throws(CasefileError) -> Result) throws(CasefileError) -> Result {
        let open = state.withLock { state in
            if state.closed { return false }
            state.writing += 1
            return true
        }
        guard open else { throw CasefileError.unwritable(path(), reason: "the command was stopped") }
        defer { state.withLock { $0.writing -= 1 } }
        return try write()
    }

    /// Refuses every later write, then waits for those under way (a millisecond at a time: it
    /// runs once, when a command is stopped).
    public func close() {
        state.withLock { $0.closed = true }
        while state.withLock({ $0.writing > 0 }) { usleep(1_000) }
    }

    public var isClosed: Bool { state.withLock { $0.closed } }
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
