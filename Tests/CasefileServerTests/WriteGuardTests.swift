import CasefileServer
import HTTPTypes
import Testing

/// The write guard's decision for one request at a time, with no socket: the server listens on
/// 127.0.0.1:8123 with a known secret.
@Suite struct WriteGuardTests {
    static let port = 8123
    static let secret = EditSecret(hex: String(repeating: "ab", count: 32))!
    static let writeGuard = WriteGuard(access: EditAccess(host: "127.0.0.1", secret: secret), port: port)

    static func head(host: String? = "127.0.0.1:\(port)", origin: String? = "http://127.0.0.1:\(port)",
                     fetchSite: String? = nil) -> HTTPRequest {
        var head = HTTPRequest(method: .post, scheme: "http", authority: host, path: "/_casefile/save")
        if let origin { head.headerFields[.origin] = origin }
        if let fetchSite { head.headerFields[HTTPField.Name("Sec-Fetch-Site")!] = fetchSite }
        return head
    }

    static func form(secret: String? = Self.secret.hex) -> FormFields {
        FormFields([.init("name", "Rex")] + (secret.map { [.init(WriteGuard.secretField, $0)] } ?? []))
    }

    @Test(arguments: ["127.0.0.1:8123", "localhost:8123", "LOCALHOST:8123"])
    func theServerItselfWithItsSecretMayWrite(host: String) {
        #expect(Self.writeGuard.check(Self.head(host: host, origin: "http://\(host)"), form: Self.form()) == nil)
    }

    @Test func noOriginButSameOriginFetchMayWrite() {
        #expect(Self.writeGuard.check(Self.head(origin: nil, fetchSite: "same-origin"), form: Self.form()) == nil)
    }

    @Test(arguments: [
        ("attacker.example:8123", "http://127.0.0.1:8123"),
        ("localhost:9999", "http://localhost:9999"),
        ("127.0.0.1", "http://127.0.0.1:8123"),
        ("127.0.0.2:8123", "http://127.0.0.2:8123"),
        ("user@127.0.0.1:8123", "http://127.0.0.1:8123"),
    ])
    func aHostThatIsNotTheServerIsMisdirected(host: String, origin: String) throws {
        let refusal = try #require(Self.writeGuard.check(Self.head(host: host, origin: origin), form: Self.form()))
        #expect(refusal.status == .misdirectedRequest)
        #expect(refusal.reason.contains("http://127.0.0.1:8123/"), "names the address to use: \(refusal.reason)")
    }

    @Test func noHostIsMisdirected() throws {
        let refusal = try #require(Self.writeGuard.checkHost(Self.head(host: nil)))
        #expect(refusal.status == .misdirectedRequest)
    }

    @Test func aSecondHostHeaderIsMisdirected() throws {
        var head = Self.head()
        head.headerFields.append(HTTPField(name: HTTPField.Name("Host")!, value: "attacker.example:8123"))
        #expect(Self.writeGuard.checkHost(head)?.status == .misdirectedRequest)
    }

    /// `http://127.0.0.1:9000` is a page served on another loopback port: another site.
    @Test(arguments: ["http://127.0.0.1:9000", "null", "http://attacker.example:8123", "https://127.0.0.1:8123",
                      "http://127.0.0.1:8123/path", "http://[::1]:8123"])
    func anotherOriginIsRefused(origin: String) throws {
        let refusal = try #require(Self.writeGuard.check(Self.head(origin: origin), form: Self.form()))
        #expect(refusal.status == .forbidden)
        #expect(refusal.reason.contains("Nothing was written"))
    }

    @Test(arguments: ["cross-site", "same-site", "none"])
    func noOriginAndAFetchFromElsewhereIsRefused(site: String) throws {
        let refusal = try #require(Self.writeGuard.check(Self.head(origin: nil, fetchSite: site), form: Self.form()))
        #expect(refusal.status == .forbidden)
    }

    @Test func aRightOriginWithACrossSiteFetchIsRefused() {
        #expect(Self.writeGuard.check(Self.head(fetchSite: "cross-site"), form: Self.form())?.status == .forbidden)
    }

    @Test func neitherOriginNorFetchSiteIsRefused() throws {
        let refusal = try #require(Self.writeGuard.check(Self.head(origin: nil), form: Self.form()))
        #expect(refusal.status == .forbidden)
        #expect(refusal.reason.contains("neither Origin nor Sec-Fetch-Site"))
    }

    @Test func anotherRunsSecretIsRefused() throws {
        let earlier = EditSecret()
        #expect(earlier.hex != Self.secret.hex && earlier.hex.count == 64)
        let refusal = try #require(Self.writeGuard.check(Self.head(), form: Self.form(secret: earlier.hex)))
        #expect(refusal.status == .forbidden)
        #expect(refusal.reason.contains("not this server's"))
    }

    @Test(arguments: [nil, "", String(repeating: "ab", count: 31), String(repeating: "AB", count: 32)])
    func aMissingOrWrongSecretIsRefused(secret: String?) {
        #expect(Self.writeGuard.check(Self.head(), form: Self.form(secret: secret))?.status == .forbidden)
    }

    @Test func theSecretTwiceIsRefused() {
        var form = Self.form()
        form = FormFields(form.fields + [.init(WriteGuard.secretField, Self.secret.hex)])
        #expect(Self.writeGuard.check(Self.head(), form: form)?.status == .forbidden)
    }

    @Test func editingOffRefusesEvenTheServerItself() throws {
        let off = WriteGuard(access: EditAccess(host: "127.0.0.1", edit: false, secret: Self.secret), port: Self.port)
        let refusal = try #require(off.check(Self.head(), form: Self.form()))
        #expect(refusal.status == .forbidden)
        #expect(refusal.reason.contains("--no-edit"))
    }

    @Test func secretsAreNewEachRunAndNeverPrinted() {
        let secrets = (0..<100).map { _ in EditSecret().hex }
        #expect(Set(secrets).count == 100)
        #expect(secrets.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
        #expect(!"\(Self.secret)".contains(Self.secret.hex))
        #expect(Self.secret.matches(Self.secret.hex) && !Self.secret.matches(Self.secret.hex + "0"))
    }
}

/// Whether editing is on, and which names the server answers for, from `--host` and the flags.
@Suite struct EditAccessTests {
    @Test(arguments: ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "LocalHost"])
    func loopbackEditsByDefault(host: String) {
        let access = EditAccess(host: host)
        #expect(access.listensOnLoopback && access.isEnabled && access.warning == nil)
        #expect(!EditAccess(host: host, edit: false).isEnabled)
    }

    @Test(arguments: ["0.0.0.0", "::", "192.168.1.5", "128.0.0.1", "example.org", "fe80::1"])
    func elsewhereEditsOnlyWithEdit(host: String) throws {
        #expect(!EditAccess(host: host).isEnabled)
        #expect(!EditAccess(host: host, edit: false).isEnabled)
        let on = EditAccess(host: host, edit: true)
        #expect(on.isEnabled)
        let warning = try #require(on.warning)
        #expect(warning.contains("anyone who can reach that address can change the case's files"))
        #expect(warning.contains(host))
    }

    @Test func namesAreTheBoundAddressAndLocalhost() {
        #expect(EditAccess(host: "127.0.0.1").hostNames() == ["localhost", "127.0.0.1"])
        #expect(EditAccess(host: "::1").hostNames() == ["localhost", "[::1]"])
        #expect(EditAccess(host: "localhost").hostNames(bound: "::1") == ["localhost", "[::1]"])
        #expect(EditAccess(host: "192.168.1.5").hostNames() == ["localhost", "192.168.1.5", "127.0.0.1", "[::1]"])
    }

    /// Beyond loopback, a write from the LAN address the server was given passes the checks
    /// that need no body; one naming the server by another name is misdirected.
    @Test func beyondLoopbackTheGivenHostMayWrite() {
        let writeGuard = WriteGuard(access: EditAccess(host: "192.168.1.5", edit: true), port: 8000)
        var head = HTTPRequest(method: .post, scheme: "http", authority: "192.168.1.5:8000", path: "/_casefile/save")
        head.headerFields[.origin] = "http://192.168.1.5:8000"
        #expect(writeGuard.checkWrite(head) == nil)
        head.authority = "casefile.lan:8000"
        #expect(writeGuard.checkWrite(head)?.status == .misdirectedRequest)
    }
}
