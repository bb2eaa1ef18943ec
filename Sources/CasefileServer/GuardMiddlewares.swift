import Foundation
import Hummingbird
import NIOCore

/// Where the editor's routes live: the only requests that take POST are under `/_casefile/`,
/// or a table page's own address with an editor query (`?edit=`, `?new=`, `?delete=`).
enum EditorPaths {
    static let prefix = "/_casefile/"

    /// Whether the request is for the editor.
    static func isEditor(_ request: Request) -> Bool {
        request.uri.path.hasPrefix(prefix) || EditorAction.isEditor(request.uri.query)
    }

    /// A request that may write: a POST to the editor.
    static func isWrite(_ request: Request) -> Bool {
        request.method == .post && isEditor(request)
    }
}

/// While the server listens on loopback, a request whose Host does not name the server (its
/// loopback names and its port) is answered 421 and nothing else: a page whose domain name was
/// made to point at 127.0.0.1 reads nothing. Beyond loopback, reads are not checked (people
/// reach the server by any of its names); writes always are, by `WriteGuardMiddleware`.
struct HostCheckMiddleware<Context: RequestContext>: RouterMiddleware {
    let bound: BoundGuard

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response {
        guard let writeGuard = await bound.current else {
            return Refusal(.serviceUnavailable, "casefile serve is starting; try again.").response
        }
        if writeGuard.access.listensOnLoopback, let refusal = writeGuard.checkHost(request.head) { return refusal.response }
        return try await next(request, context)
    }
}

/// GET and HEAD anywhere; POST to the editor only (`EditorPaths`), and only while editing is on (else 403);
/// anything else 405 with an Allow header. Nothing reaches a file but a read.
struct MethodMiddleware<Context: RequestContext>: RouterMiddleware {
    let access: EditAccess

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response {
        if request.method == .get || request.method == .head { return try await next(request, context) }
        let editor = EditorPaths.isEditor(request)
        if request.method == .post && editor {
            guard access.isEnabled else { return access.editingOff.response }
            return try await next(request, context)
        }
        let allow = editor && access.isEnabled ? "GET, HEAD, POST" : "GET, HEAD"
        return Response(status: .methodNotAllowed, headers: [.allow: allow, .contentLength: "0"])
    }
}

/// A POST under `/_casefile/` passes the `WriteGuard` or is refused before any route sees it:
/// Host, Origin or Sec-Fetch-Site first (no byte of the body is read for a request from
/// elsewhere), then the body, read within `limits` (fitted to the case's note limit as it is
/// now) and `deadline`, parsed as a form, and its secret. A write that passes reaches its route
/// with the form in `context.editForm`.
struct WriteGuardMiddleware: RouterMiddleware {
    typealias Context = PreviewRequestContext
    let bound: BoundGuard
    let limits: FormLimits
    /// The case's note limit (`limits.noteMB` in its site.yaml); nil while it is not loaded.
    let noteBytes: @Sendable () async -> Int?
    /// How long the whole body may take to arrive.
    let deadline: Duration

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response {
        guard EditorPaths.isWrite(request) else { return try await next(request, context) }
        guard let writeGuard = await bound.current else {
            return Refusal(.serviceUnavailable, "casefile serve is starting; try again.").response
        }
        if let refusal = writeGuard.checkWrite(request.head) { return refusal.response }
        let type = request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
        guard type?.lowercased() == "application/x-www-form-urlencoded" else {
            return Refusal(.unsupportedMediaType, "The editor takes forms (application/x-www-form-urlencoded) only. "
                           + "Nothing was written.").response
        }
        let limits = await noteBytes().map { self.limits.forCase(noteBytes: $0) } ?? self.limits
        let declared = request.headers[.contentLength].flatMap { Int($0) }
        if let declared, declared > limits.bodyBytes { return FormFields.Failure.tooLarge(bytes: limits.bodyBytes).refusal.response }
        let body: ByteBuffer
        switch try await Self.collect(request.body, upTo: limits.bodyBytes, within: deadline) {
        case .body(let collected): body = collected
        case .tooLarge: return FormFields.Failure.tooLarge(bytes: limits.bodyBytes).refusal.response
        case .late:
            return Refusal(.requestTimeout, "The form did not arrive within \(deadline). Nothing was written.").response
        }
        if let declared, declared != body.readableBytes {
            return Refusal(.badRequest, "The form's length is not the one announced. Nothing was written.").response
        }
        let form: FormFields
        do {
            form = try FormFields(parsing: body, limits: limits)
        } catch {
            return error.refusal.response
        }
        if let refusal = writeGuard.checkSecret(form) { return refusal.response }
        var context = context
        context.editForm = form
        var request = request
        request.body = RequestBody(buffer: body)
        return try await next(request, context)
    }

    enum Collected: Sendable {
        case body(ByteBuffer), tooLarge, late
    }

    /// The body, unless it goes past `limit` (it is not read further) or has not all come within
    /// `deadline` (each byte of a body keeps a connection from its idle timeout).
    static func collect(_ body: RequestBody, upTo limit: Int, within deadline: Duration) async throws -> Collected {
        try await withThrowingTaskGroup(of: Collected.self) { group in
            group.addTask {
                do {
                    return .body(try await body.collect(upTo: limit))
                } catch is NIOTooManyBytesError {
                    return .tooLarge
                }
            }
            group.addTask {
                try await Task.sleep(for: deadline)
                return .late
            }
            // Whichever ends first; a body cut short by the cancellation is never used.
            let first = try await group.next() ?? .late
            group.cancelAll()
            return first
        }
    }
}
