import Dispatch
import Foundation

/// Ctrl-C (SIGINT) and SIGTERM: run a clean-up, print the line it returns, then exit with 128 +
/// the signal's number, as a shell expects. (SIGKILL cannot be caught; what it leaves, the next
/// run clears.)
enum Interruption {
    static func onSignal(_ cleanUp: @escaping @Sendable () -> String) -> [DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                FileHandle.standardError.write(Data(("\n" + cleanUp() + "\n").utf8))
                exit(128 + number)
            }
            source.resume()
            return source
        }
    }
}
