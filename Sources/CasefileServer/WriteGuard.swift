import HTTPTypes
import Hummingbird
import NIOCore

/// Why a request is not answered as asked: a status and a short plain-text reason.
public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
    public var status: HTTPResponse.Status
    public var reason: String

    public init(_ status: HTTPResponse.Status, _ reason: String) {
        (self.status, self.reason) = (status, reason)
    }

    public var description: String { "\(status.code) \(reason)" }

    /// The answer: the reason as plain text, never cached.
    public var response: Response {
        let text = reason + "\n"
        return Response(status: status,
                        headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store",
                                  .contentLength: "\(text.utf8.count)"],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}

/// The checks a request must pass before it is answered (the Host check) or lets the editor write
/// (all of them), once the server knows its port. A value: decisions need no socket.
///
/// A write passes when (a) editing is on, (b) its Host names the server, (c) it comes from the
/// server's own pages: its Origin is `http://NAME:PORT` for one of the server's names and its
/// port, or, with no Origin, `Sec-Fetch-Site` is `same-origin` (`none`, a request the person made
/// outside any page, is refused: the editor's forms always come from a page; a request with
/// neither header, as curl sends it, is refused too), and (d) its form carries this run's secret
/// in `_secret`. Refusals are 403, except a Host that names another server: 421 Misdirected Request.
public struct WriteGuard: Sendable {
    public let access: EditAccess
    /// The port the server listens on.
    public let port: Int
    /// The names a Host or Origin may give (with `port`): see `EditAccess.hostNames`.
    public let hostNames: Set<String>

    /// The form field that carries the secret.
    public static let secretField = "_secret"
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!

    /// `boundAddress`: the address the server's socket is bound to, when known.
    public init(access: EditAccess, port: Int, boundAddress: String? = nil) {
        self.access = access
        self.port = port
        hostNames = access.hostNames(bound: boundAddress)
    }

    /// The address to tell people to use.
    public var address: String {
        let name = access.listensOnLoopback ? EditAccess.hostName(access.host) : "127.0.0.1"
        return "http://\(name):\(port)/"
    }

    private func names(_ authority: Authority) -> Bool { authority.port == port && hostNames.contains(authority.name) }

    /// The Host check: nil when `head` names this server (one Host header, one of its names, its
    /// port). Every request is checked while the server listens on loopback; writes always.
    public func checkHost(_ head: HTTPRequest) -> Refusal? {
        // The first Host header is the request's authority; any other is left among the fields.
        guard let host = head.authority, let hostField = HTTPField.Name("Host"),
              head.headerFields[values: hostField].isEmpty else {
            return Refusal(.misdirectedRequest, "This request has no Host header, or more than one. "
                           + "casefile serve answers requests for \(address) only.")
        }
        guard let authority = Authority(host: host), names(authority) else {
            return Refusal(.misdirectedRequest, "This server does not answer for the host \"\(host)\": "
                           + "casefile serve answers requests for \(address) only (or localhost with its port).")
        }
        return nil
    }

    /// Checks (a) to (c), which need no body: nil when the write may go on to read its form.
    public func checkWrite(_ head: HTTPRequest) -> Refusal? {
        guard access.isEnabled else { return access.editingOff }
        if let refusal = checkHost(head) { return refusal }
        let origins = head.headerFields[values: .origin]
        let fetchSite = head.headerFields[Self.secFetchSite]?.lowercased()
        if origins.count > 1 { return Refusal(.forbidden, "This request has more than one Origin header. Nothing was written.") }
        if let origin = origins.first {
            guard let authority = Authority(origin: origin), names(authority) else {
                return Refusal(.forbidden, "Only pages from \(address) can write; this request came from \(origin). "
                               + "Nothing was written.")
            }
        }
        if let fetchSite, fetchSite != "same-origin" {
            return Refusal(.forbidden, "Only pages from \(address) can write; this request came from another site "
                           + "(Sec-Fetch-Site: \(fetchSite)). Nothing was written.")
        }
        if origins.isEmpty && fetchSite == nil {
            return Refusal(.forbidden, "A write must come from a page of \(address): this request has neither Origin "
                           + "nor Sec-Fetch-Site. Nothing was written.")
        }
        return nil
    }

    /// Check (d): nil when `form` carries this run's secret (once, in `_secret`).
    public func checkSecret(_ form: FormFields) -> Refusal? {
        let given = form.values(Self.secretField)
        guard given.count == 1, access.secret.matches(given[0]) else {
            return Refusal(.forbidden, given.isEmpty
                ? "This form has no secret (_secret): reload the page and send it again. Nothing was written."
                : "This form's secret is not this server's (a page from an earlier run of casefile serve?): "
                    + "reload the page and send it again. Nothing was written.")
        }
        return nil
    }

    /// The whole decision for a write: nil when it may write.
    public func check(_ head: HTTPRequest, form: FormFields) -> Refusal? {
        checkWrite(head) ?? checkSecret(form)
    }
}

extension EditAccess {
    /// The answer to a write while editing is off.
    var editingOff: Refusal {
        Refusal(.forbidden, listensOnLoopback
            ? "Editing is off: casefile serve was started with --no-edit. Nothing was written."
            : "Editing is off: casefile serve listens on \(host), beyond loopback, without --edit. Nothing was written.")
    }
}
