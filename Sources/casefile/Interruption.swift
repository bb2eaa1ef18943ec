import Dispatch
import Foundation

/// Ctrl-C (SIGINT) and SIGTERM: run a clean-up and exit with the status it gives. (SIGKILL cannot
/// be caught; what it leaves, the next run clears.) Cancel the returned sources to hand the
/// signals back (to a service group's graceful shutdown, or to the default action).
enum Interruption {
    static func onSignal(_ cleanUp: @escaping @Sendable (_ signal: Int32) -> Int32) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                // Never released: the process ends with the clean-up's status.
                stopping.lock()
                exit(cleanUp(number))
            }
            source.resume()
            return source
        }
    }

    /// Held from the moment a signal's clean-up starts until the process exits.
    private static let stopping = NSLock()

    /// Returns at once, unless a signal's clean-up has started: then never, so that the command
    /// does not exit on its own (with the error the clean-up caused, say, once it removed the
    /// folder being written) before the clean-up exits with its status.
    static func waitIfStopping() {
        stopping.lock()
        stopping.unlock()
    }

    /// Prints the line `cleanUp` returns, then exits with 128 + the signal's number, as a shell
    /// expects of an interrupted command.
    static func onSignal(reporting cleanUp: @escaping @Sendable () -> String) -> [any DispatchSourceSignal] {
        onSignal { number in
            FileHandle.standardError.write(Data(("\n" + cleanUp() + "\n").utf8))
            return 128 + number
        }
    }
}
