import Foundation

/// Whether `casefile serve` lets pages change the case's files, and on what terms: editing is on
/// by default only while the server listens on loopback, where no other machine can reach it.
public struct EditAccess: Sendable {
    /// Whether requests that write are let through to the guard at all.
    public var isEnabled: Bool
    /// The secret every write must carry (new for each run).
    public let secret: EditSecret
    /// The address the server listens on, as given to `--host`.
    public let host: String

    /// `edit`: `--edit` (true), `--no-edit` (false), or neither (nil: on only on loopback).
    public init(host: String, edit: Bool? = nil, secret: EditSecret = EditSecret()) {
        self.host = host
        self.secret = secret
        isEnabled = edit ?? Self.isLoopback(host)
    }

    /// Whether the server listens on loopback only. Then every request, reads too, must name the
    /// server in its Host header: a page on another site whose name was made to point at
    /// 127.0.0.1 (DNS rebinding) then reads nothing.
    public var listensOnLoopback: Bool { Self.isLoopback(host) }

    /// What to print on standard error before serving: set when editing is on while the server
    /// listens on an address other machines may reach.
    public var warning: String? {
        guard isEnabled, !listensOnLoopback else { return nil }
        return "warning: editing is on (--edit) while listening on \(host): anyone who can reach that address can change "
            + "the case's files. Leave --edit out, or listen on 127.0.0.1, to keep the case to yourself."
    }

    /// One line saying whether editing is on, for the command to print once it listens.
    public var summary: String {
        if isEnabled { return "Editing is on: pages from this server can change the case's files (--no-edit turns it off)" }
        return listensOnLoopback ? "Editing is off (--no-edit)" : "Editing is off: not on loopback (--edit turns it on)"
    }

    /// The host names a request may give in Host (and Origin) with the server's port: `localhost`,
    /// the address given to `--host` and the address actually bound (`bound`, when known), and,
    /// when the server listens beyond loopback, the loopback addresses too. Lowercase, IPv6
    /// addresses in brackets. A loopback address the server does not listen on is not among them:
    /// a page served on another loopback address or port is another site.
    public func hostNames(bound: String? = nil) -> Set<String> {
        var names: Set<String> = ["localhost", Self.hostName(host)]
        if let bound { names.insert(Self.hostName(bound)) }
        if !listensOnLoopback { names.formUnion(["127.0.0.1", "[::1]"]) }
        return names
    }

    /// An address as it appears in a Host header: lowercase, an IPv6 address in brackets.
    static func hostName(_ address: String) -> String {
        let lower = address.lowercased()
        return lower.contains(":") && !lower.hasPrefix("[") ? "[\(lower)]" : lower
    }

    /// Loopback: `localhost`, any address in 127.0.0.0/8, `::1` (or 127.0.0.0/8 mapped into IPv6).
    public static func isLoopback(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" || name == "localhost." { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, name, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
        return bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff && bytes[12] == 127
    }
}
