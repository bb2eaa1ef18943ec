import CasefileModel
import Hummingbird

/// A request that comes with a body (GET and HEAD need none) is answered as any other, and then
/// its connection is closed instead of reading the body to its end: each byte of a body counts as
/// activity for the idle timeout, so a body trickled in would otherwise hold the connection for
/// as long as the client likes. (Hummingbird closes a connection whose request body was handed
/// to `consumeWithInboundCloseHandler` once the answer is sent.) A write to the editor's routes
/// gets its body to read, through the same handler: `WriteGuardMiddleware` reads it within a bound
/// and a deadline, and its connection too is closed after the answer.
struct RequestBodyMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response {
        let declared = request.headers[.contentLength].map { $0 != "0" } ?? false
        guard declared || request.headers[.transferEncoding] != nil else { return try await next(request, context) }
        let write = EditorPaths.isWrite(request)
        return try await request.body.consumeWithInboundCloseHandler({ body in
            guard write else { return try await next(request, context) }
            var request = request
            request.body = body
            return try await next(request, context)
        }, onInboundClosed: {})
    }
}

/// A path that names no file gets the site's own 404 page (decorated like every page), with
/// status 404.
struct NotFoundPageMiddleware<Context: RequestContext>: RouterMiddleware {
    let files: SiteFiles

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response {
        do {
            let response = try await next(request, context)
            return response.status == .notFound ? try await notFound(request) : response
        } catch let error as any HTTPResponseError where error.status == .notFound {
            return try await notFound(request)
        }
    }

    private func notFound(_ request: Request) async throws -> Response {
        // The page is read once: its length and its bytes are those of one version.
        guard let page = try await files.getFileIdentifier("/" + SiteLayout.notFound)?.page(files.state) else {
            return Response(status: .notFound, headers: [.contentLength: "0"])
        }
        let headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .contentLength: "\(page.count)",
                                   .cacheControl: "no-cache"]
        if request.method == .head { return Response(status: .notFound, headers: headers) }
        return Response(status: .notFound, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: page)))
    }
}
