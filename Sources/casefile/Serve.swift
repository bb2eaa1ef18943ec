import ArgumentParser
import CasefileKit
import CasefileOutput
import CasefileServer
import Foundation

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Preview a case in a browser, rebuilt and reloaded as you edit.",
        discussion: """
            Builds the case into a temporary folder (never your --output folder) and serves it on \
            http://127.0.0.1:8000/. It watches the case and template folders: an edited note \
            re-renders the pages that show it, an edited template the pages that use it, an edited \
            data file everything; open pages reload by themselves (the server adds a small script to \
            the HTML it sends — the files stay script-free). While the case has errors, or a template \
            does not parse, every page shows a banner (template errors with their file:line:col) \
            and the last good pages stay. Ctrl-C stops it and removes the temporary folder.

            At most --max-reload-streams pages listen for reloads at once (more get 503); a \
            connection that sends no whole request head within --idle-timeout seconds is closed.

            Editing: each record's panel has Edit and each table New; the form takes the panel's \
            place, Save checks the record with the rules of `casefile validate` and writes only the \
            bytes of the values that changed (comments, order and quoting stay), and \
            /_casefile/edits lists the saves with Undo. While the server listens on loopback \
            (127.0.0.1, another 127.x.y.z, ::1 or localhost) its pages may change the case's files; \
            --no-edit turns that off. With --host \
            set to another address editing is off unless --edit is given, and then anyone who can \
            reach that address can change the case's files. A write must come from one of the \
            server's own pages (its Origin) and carry the secret of this run. On loopback the \
            server answers only requests whose Host is one of its own names with its port \
            (localhost:PORT, the --host address:PORT); others get 421, so that a web page whose \
            name points at 127.0.0.1 can read nothing.

            Exit status: 0 stopped, 2 it could not run (a case folder it cannot read, a template \
            that does not parse at start, a port in use).

            Example:
              casefile serve --content Content --port 8080
            """
    )

    @OptionGroup var caseOptions: CaseOptions

    @Option(name: .long, help: ArgumentHelp("The address to listen on (loopback unless you say otherwise).", valueName: "host"))
    var host = "127.0.0.1"

    @Option(name: .long, help: ArgumentHelp("The port to listen on; 0 picks a free one.", valueName: "port"))
    var port = 8000

    @OptionGroup var site: BaseURLOption

    @Flag(name: .customLong("no-watch"), help: "Serve the site as built, without watching for edits.")
    var noWatch = false

    @Flag(name: .long, help: "Watch by polling the folders (as CASEFILE_WATCH=poll does), for file systems inotify cannot watch.")
    var poll = false

    @Flag(name: .long, help: "Open the site in the default browser once it is served (xdg-open or open).")
    var open = false

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Let the served pages change the case's files (default: on when --host is loopback, off otherwise)."))
    var edit: Bool?

    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp(
        "Close a connection that has not sent a whole request head for this long.", valueName: "seconds"))
    var idleTimeout = Double(ServerLimits.defaultIdleTimeout.components.seconds)

    @Option(name: .customLong("max-reload-streams"), help: ArgumentHelp(
        "How many open pages may listen for reloads at once; more are answered 503.", valueName: "n"))
    var maxReloadStreams = ServerLimits.defaultReloadStreams

    func validate() throws {
        if !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535, got \(port).") }
        if !(idleTimeout > 0 && idleTimeout <= 86400) {
            throw ValidationError("--idle-timeout must be more than 0 and at most 86400 seconds, got \(idleTimeout).")
        }
        if maxReloadStreams < 1 { throw ValidationError("--max-reload-streams must be at least 1, got \(maxReloadStreams).") }
    }

    /// The limits asked for, with the open-file limit raised to fit them (or the stream count
    /// lowered to fit the open-file limit, when its hard limit is lower).
    func fittedLimits() -> ServerLimits {
        let asked = ServerLimits(reloadStreams: maxReloadStreams, idleTimeout: .nanoseconds(Int64(idleTimeout * 1e9)))
        return asked.fitted(toDescriptors: DescriptorLimit.raise(to: asked.descriptorsWanted))
    }

    func run() async throws {
        let terminal = Terminal()
        var options = caseOptions.buildOptions(output: "", outputURL: caseOptions.contentURL, site: site)
        let folder = PreviewSession.temporaryFolder()
        let gate = WriteGate()
        options.gate = gate
        // Ctrl-C or SIGTERM during the first build, before the server's own graceful shutdown
        // listens: stop the writing (the build would make the folder again), remove the
        // temporary folder and stop (exit 0, as a stopped server does).
        let stopDuringBuild = SignalSources(Interruption.onSignal { _ in
            gate.close()
            try? FileManager.default.removeItem(at: folder)
            return 0
        })
        let report = RebuildReport(terminal: terminal, folder: caseOptions.content, templates: caseOptions.templates)
        let (host, content, open) = (self.host, caseOptions.content, self.open)
        let access = EditAccess(host: host, edit: edit)
        if let warning = access.warning { terminal.error(warning) }
        var events = PreviewRun.Events()
        events.watching = { mode in
            if mode == .poll { terminal.print("Watching by polling (--poll, CASEFILE_WATCH=poll, or inotify unavailable)") }
        }
        events.built = { first in
            report.problems(first)
        }
        events.listening = { port in
            // The service group's graceful shutdown listens by now. Handing the signals back
            // when the build ends instead left a moment in which they were ignored.
            stopDuringBuild.cancel()
            let address = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/"
            terminal.print("Serving \(content) at \(address) (Ctrl-C to stop)")
            terminal.print(access.summary)
            guard open else { return }
            // A server listening on every address is opened on loopback.
            let local = ["0.0.0.0", "::"].contains(host) ? "http://127.0.0.1:\(port)/" : address
            if !BrowserOpener.open(local) { terminal.print("No browser to open (no xdg-open or open on PATH): visit \(local)") }
        }
        events.rebuilt = report.rebuilt
        let limits = fittedLimits()
        if limits.reloadStreams < maxReloadStreams {
            terminal.print("Live reload for at most \(limits.reloadStreams) pages at once (the open-file limit, ulimit -Hn, is "
                           + "\(DescriptorLimit.current ?? 0))")
        }
        let run = PreviewRun(options: options, host: host, port: port, limits: limits, watch: !noWatch,
                             mode: poll ? .poll : .preferred, access: access)
        do {
            try await run.run(in: folder, events: events)
        } catch {
            // A signal's clean-up under way (which made the build fail, by closing the gate)
            // ends the process itself, with its own status.
            Interruption.waitIfStopping()
            stopDuringBuild.cancel()
            throw terminal.exit(error)
        }
    }
}

/// Signal handlers to hand back from another task: a dispatch source may be cancelled from any
/// thread, and the list never changes.
private final class SignalSources: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]

    init(_ sources: [any DispatchSourceSignal]) {
        self.sources = sources
    }

    func cancel() {
        sources.forEach { $0.cancel() }
    }
}
