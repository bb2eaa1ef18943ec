import Foundation
import CasefileKit
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// The HTTP side of `casefile serve`: Hummingbird's router with its file middleware over the
/// served folder, the live-reload endpoint, the site's 404 page, and the guards: the Host check
/// on every request while on loopback, GET and HEAD anywhere, POST only under `/_casefile/` and
/// only through the `WriteGuard`.
public struct PreviewServer: Sendable {
    public let site: URL
    public let state: PreviewState
    public let hub: ReloadHub
    /// The editor, which answers while editing is on; nil: a server that only reads.
    public let editor: RecordEditor?

    public init(site: URL, state: PreviewState, hub: ReloadHub, editor: RecordEditor? = nil) {
        self.site = site
        self.state = state
        self.hub = hub
        self.editor = editor
    }

    /// The router, for in-process tests and for `application`. `bound` holds the write guard once
    /// the server knows its port. The editor's routes are added to it as POST routes under
    /// `/_casefile/`: the middlewares, which run before any route, let only checked writes reach
    /// them, with their form in `PreviewRequestContext.editForm`.
    public func router(limits: ServerLimits = ServerLimits(), guard bound: BoundGuard) -> Router<PreviewRequestContext> {
        let files = SiteFiles(root: site, state: state)
        let router = Router(context: PreviewRequestContext.self)
        router.middlewares.add(RequestBodyMiddleware())
        router.middlewares.add(HostCheckMiddleware(bound: bound))
        router.middlewares.add(MethodMiddleware(access: bound.access))
        let editor = self.editor
        router.middlewares.add(WriteGuardMiddleware(bound: bound, limits: limits.form,
                                                    noteBytes: { await editor?.readLimits()?.noteBytes },
                                                    deadline: limits.idleTimeout))
        if let editor { router.middlewares.add(EditorMiddleware(editor: editor, files: files, bound: bound)) }
        router.middlewares.add(NotFoundPageMiddleware(files: files))
        router.middlewares.add(FileMiddleware(fileProvider: files, cacheControl: .init([(.init(type: .any), [.noCache])]),
                                              searchForIndexHtml: true)
            .withAdditionalMediaTypes(forFileExtensions: Self.mediaTypes))
        let hub = self.hub
        router.get(RouterPath(PageDecoration.eventsPath)) { request, _ -> Response in
            guard let events = await hub.subscribe(limit: limits.reloadStreams) else {
                let text = "Too many pages are listening for reloads: at most \(limits.reloadStreams) at once "
                    + "(casefile serve --max-reload-streams). Close some and reload this page.\n"
                return Response(status: .serviceUnavailable,
                                headers: [.contentType: "text/plain; charset=utf-8", .retryAfter: "10",
                                          .cacheControl: "no-store", .contentLength: "\(text.utf8.count)"],
                                body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
            }
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                body: ResponseBody { writer in
                    // Ends when the client closes its connection, not only at the next reload
                    // (when a write would fail): the stream then leaves the hub and frees its slot.
                    // Ends at graceful shutdown too, so that an open page never holds the server
                    // up (with --no-watch nothing else ends the streams).
                    try await request.body.consumeWithCancellationOnInboundClose { _ in
                        try await writer.write(ByteBuffer(string: ": casefile serve\nretry: 1000\n\n"))
                        for await generation in events.cancelOnGracefulShutdown() {
                            try await writer.write(ByteBuffer(string: "event: reload\ndata: \(generation)\n\n"))
                        }
                    }
                    try await writer.finish(nil)
                })
        }
        return router
    }

    /// Text in UTF-8, as the build writes it; SARIF by its own type.
    static let mediaTypes: [String: MediaType] = [
        "html": MediaType(type: .text, subType: "html", parameter: ("charset", "utf-8")),
        "css": MediaType(type: .text, subType: "css", parameter: ("charset", "utf-8")),
        "json": MediaType(type: .application, subType: "json", parameter: ("charset", "utf-8")),
        "sarif": MediaType(type: .application, subType: "sarif+json", parameter: ("charset", "utf-8")),
    ]

    /// The application listening on `host:port` (0: a free port), editing as `access` says;
    /// `onRunning` hears the port bound (once the write guard knows it too).
    public func application(host: String, port: Int, limits: ServerLimits = ServerLimits(), access: EditAccess,
                            onRunning: @escaping @Sendable (Int) async -> Void) -> some ApplicationProtocol {
        var logger = Logger(label: "casefile-serve")
        logger.logLevel = .error
        let bound = BoundGuard(access: access)
        return Application(
            router: router(limits: limits, guard: bound),
            // The idle timeout closes a connection that sends no whole request head in time:
            // Hummingbird counts a request from its parsed head, so bytes trickling in do not
            // keep the connection alive; while a response is being sent it does not apply.
            server: .http1(configuration: .init(idleTimeout: TimeAmount(limits.idleTimeout))),
            configuration: .init(address: .hostname(host, port: port), serverName: "casefile"),
            onServerRunning: { channel in
                // Before the server accepts its first connection: no request finds the guard unmade.
                let boundPort = channel.localAddress?.port ?? port
                await bound.bound(port: boundPort, address: channel.localAddress?.ipAddress)
                await onRunning(boundPort)
            },
            logger: logger)
    }
}
