/// A host name and port, as a Host header or an Origin names them: the name lowercase, an IPv6
/// address in brackets, the port 80 when none is given (the server speaks plain HTTP).
struct Authority: Hashable, Sendable {
    var name: String
    var port: Int

    /// `name`, `name:port` or `[v6]:port`; nil for anything else (user information, a path, an
    /// unbracketed IPv6 address, a port that is not a number).
    init?(host: String) {
        guard !host.isEmpty, host.allSatisfy({ $0.isASCII && !$0.isWhitespace && !"@/\\?#".contains($0) }) else {
            return nil
        }
        let lower = host.lowercased()
        var name = lower, portText: Substring?
        if lower.hasPrefix("[") {
            guard let close = lower.firstIndex(of: "]") else { return nil }
            name = String(lower[...close])
            let rest = lower[lower.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                portText = rest.dropFirst()
            }
        } else if let colon = lower.firstIndex(of: ":") {
            name = String(lower[..<colon])
            portText = lower[lower.index(after: colon)...]
        }
        guard !name.isEmpty, !name.dropFirst().dropLast().contains("[") else { return nil }
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy(\.isASCIIDigit),
                  let port = Int(portText), port <= 65535 else { return nil }
            self.port = port
        } else {
            port = 80
        }
        self.name = name
    }

    /// An Origin header: `http://` and an authority, nothing after it; nil for `null`, another
    /// scheme or anything else.
    init?(origin: String) {
        let prefix = "http://"
        guard origin.lowercased().hasPrefix(prefix) else { return nil }
        self.init(host: String(origin.dropFirst(prefix.count)))
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
