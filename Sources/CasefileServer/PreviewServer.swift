import Foundation
import Hummingbird
import Logging
import NIOCore

/// The HTTP side of `casefile serve`: Hummingbird's router with its file middleware over the
/// served folder, the live-reload endpoint, GET and HEAD only, and the site's 404 page.
public struct PreviewServer: Sendable {
    public let site: URL
    public let state: PreviewState
    public let hub: ReloadHub

    public init(site: URL, state: PreviewState, hub: ReloadHub) {
        self.site = site
        self.state = state
        self.hub = hub
    }

    /// The router, for in-process tests and for `application`.
    public func router() -> Router<BasicRequestContext> {
        let files = SiteFiles(root: site, state: state)
        let router = Router()
        router.middlewares.add(ReadOnlyMiddleware())
        router.middlewares.add(NotFoundPageMiddleware(files: files))
        router.middlewares.add(FileMiddleware(fileProvider: files, cacheControl: .init([(.init(type: .any), [.noCache])]),
                                              searchForIndexHtml: true)
            .withAdditionalMediaTypes(forFileExtensions: Self.mediaTypes))
        let hub = self.hub
        router.get(RouterPath(PageDecoration.eventsPath)) { _, _ -> Response in
            let events = await hub.subscribe()
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: ": casefile serve\nretry: 1000\n\n"))
                    for await generation in events {
                        try await writer.write(ByteBuffer(string: "event: reload\ndata: \(generation)\n\n"))
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

    /// The application listening on `host:port` (0: a free port); `onRunning` hears the port bound.
    public func application(host: String, port: Int, onRunning: @escaping @Sendable (Int) async -> Void)
        -> some ApplicationProtocol {
        var logger = Logger(label: "casefile-serve")
        logger.logLevel = .error
        return Application(
            router: router(),
            configuration: .init(address: .hostname(host, port: port), serverName: "casefile"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
    }
}
