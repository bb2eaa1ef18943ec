import Dispatch
import Foundation

/// Ctrl-C or SIGTERM while `serve` is still building, before the server's own graceful shutdown
/// listens: remove the temporary folder and stop (exit 0, as a stopped server does).
struct StopDuringBuild {
    private let sources: [any DispatchSourceSignal]

    init(removing folder: URL) {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                try? FileManager.default.removeItem(at: folder)
                exit(0)
            }
            source.resume()
            return source
        }
    }

    /// From here on the service group handles the signals.
    func cancel() {
        for source in sources { source.cancel() }
    }
}
