import Foundation
import NIOCore
import CasefileTestSupport
import Testing

/// The editor's writes against requests that must not write, through the built binary on
/// loopback over a copy of the sample: a page of another loopback port, another host, a secret
/// of an earlier run, ids that try to leave the case, a form too large, editing off, a file the
/// server may not write. Each refusal is checked by the answer and by the case's bytes, which
/// stay as they were; where a refusal could hide a form that never writes anyway, the same form
/// is then sent as the server's own page sends it and must write.
@Suite(.serialized) struct EditorSecurityTests {
    typealias Running = ServeEditTests.Running

    static func serve(_ workspace: Workspace, _ extra: [String] = [], launcher: [String] = [],
                      environment: [String: String] = [:]) throws -> Running {
        try Running(["--content", workspace.content.path, "--templates", workspace.templates.path] + extra,
                    launcher: launcher, environment: environment)
    }

    static let fishForm = "/index.html?edit=animals/fish"

    /// Serves a fresh copy of the sample (with `flags`) for the length of `body`, which gets the
    /// workspace, the server and a client of it.
    static func withServe(_ flags: [String] = [], _ body: (Workspace, Running, EditorClient) async throws -> Void) async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let running = try serve(workspace, flags)
        defer { _ = running.stop() }
        try await body(workspace, running, EditorClient(port: running.port))
    }

    @Test func aPageOfAnotherLoopbackPortCannotWrite() async throws {
        try await Self.withServe { workspace, running, client in
            let before = Bytes.snapshot(workspace.content)
            let form = try await client.form(Self.fishForm).setting("name", "Mallory")
            for origin in ["http://127.0.0.1:\(running.port + 1)", "http://localhost:\(running.port + 1)", "http://127.0.0.2:\(running.port)"] {
                let answer = try await client.post(form.target, form.submit(), origin: origin)
                #expect(answer.status == 403, "Origin: \(origin)")
                #expect(answer.body.contains(origin), "\(answer.body)")
            }
            #expect(Bytes.changed(before, Bytes.snapshot(workspace.content)).isEmpty)
            // The very same form from the server's own page writes.
            #expect(try await client.submit(form).status == 303)
            #expect(Bytes.changed(before, Bytes.snapshot(workspace.content)) == ["animals.yaml"])
        }
    }

    @Test func anotherHostReadsAndWritesNothing() async throws {
        try await Self.withServe { workspace, running, client in
            let before = Bytes.snapshot(workspace.content)
            let form = try await client.form(Self.fishForm).setting("name", "Mallory")
            for host in ["attacker.example", "attacker.example:\(running.port)"] {
                let read = try await RawHTTP.send(running.port, "GET", Self.fishForm, headers: ["Host": host])
                #expect(read.status == 421, "GET for Host: \(host)")
                #expect(!read.body.contains("_secret"), "no form, no secret")
                let write = try await client.post(form.target, form.submit(), origin: "http://\(host)", host: host)
                #expect(write.status == 421, "POST for Host: \(host)")
            }
            #expect(Bytes.changed(before, Bytes.snapshot(workspace.content)).isEmpty)
        }
    }

    @Test func aSecretFromAnEarlierRunIsRefused() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let first = try Self.serve(workspace)
        let old = try await EditorClient(port: first.port).form(Self.fishForm).setting("name", "Mallory")
        _ = first.stop()
        let before = Bytes.snapshot(workspace.content)

        let second = try Self.serve(workspace)
        defer { _ = second.stop() }
        let client = EditorClient(port: second.port)
        let fresh = try await client.form(Self.fishForm)
        #expect(fresh["_secret"] != old["_secret"], "each run has its own secret")
        #expect(fresh["_version"] == old["_version"], "the record is as the old form saw it")
        let answer = try await client.submit(old)
        #expect(answer.status == 403)
        #expect(answer.body.contains("not this server's"), "\(answer.body)")
        #expect(Bytes.changed(before, Bytes.snapshot(workspace.content)).isEmpty)
        #expect(try await client.submit(fresh.setting("name", "Mallory")).status == 303, "this run's form writes")
    }

    /// Ids that name no record of the three collections, or try to leave the case folder: no
    /// form, no write, never a server error.
    @Test func idsThatLeaveTheCaseWriteNothing() async throws {
        try await Self.withServe { workspace, running, client in
            let secret = try #require(try await client.form(Self.fishForm)["_secret"])
            let before = Bytes.snapshot(workspace.root)
            let body = PageForm.encode([("_secret", secret), ("id", "x"), ("name", "Mallory"), ("species", "Cat"), ("color", "red"),
                                        ("_note", "owned"), ("_deleteNote", "1"), ("_action", "save")])
            for query in ["edit=animals/../../etc/passwd", "edit=animals/%2e%2e", "edit=animals/%2e%2e%2f%2e%2e%2fsite", "new=../x",
                          "new=animals/..", "delete=animals/../fruits", "edit=animals/a/b", "edit=animals/Fish", "edit=people/x",
                          "edit=..%2fanimals/fish", "new=animals%2f..%2f..%2fx"] {
                for path in ["/index.html", "/fruits/index.html", "/../../etc/passwd"] {
                    let read = try await client.get("\(path)?\(query)")
                    #expect(read.status < 500, "GET \(path)?\(query): \(read.status)")
                    #expect(!read.body.contains("data-edit-form") && !read.body.contains("data-delete-form"), "GET \(path)?\(query)")
                    let write = try await client.post("\(path)?\(query)", body)
                    #expect((400..<500).contains(write.status), "POST \(path)?\(query): \(write.status)")
                }
            }
            #expect(Bytes.changed(before, Bytes.snapshot(workspace.root)).isEmpty, "nothing written in the workspace")
            #expect(!FileManager.default.fileExists(atPath: workspace.root.deletingLastPathComponent().appendingPathComponent("x.md").path))
        }
    }

    @Test func aFormLargerThanTheBoundIsRefusedUnread() async throws {
        try await Self.withServe { workspace, running, client in
            let port = running.port
            let secret = try #require(try await client.form(Self.fishForm)["_secret"])
            let before = Bytes.snapshot(workspace.content)
            let channel = try await RawHTTP.connect(port)
            // 30 MB announced (more than the default bound of 24 MiB and 64 KiB); a few sent.
            let answer = try await channel.executeThenClose { inbound, outbound in
                try await outbound.write(ByteBuffer(string: "POST \(Self.fishForm) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                    + "Origin: http://127.0.0.1:\(port)\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Content-Length: 30000000\r\nConnection: close\r\n\r\n_secret=\(secret)&name="))
                var received = ""
                do {
                    for try await chunk in inbound {
                        received += String(buffer: chunk)
                        if received.contains("\r\n\r\n") && received.contains("Nothing was written") { break }
                    }
                } catch {
                    // The server closes with the unsent body unread, which may reset the connection
                    // after its answer arrived: the answer stands.
                }
                return received
            }
            #expect(answer.hasPrefix("HTTP/1.1 413"), "\(answer)")
            #expect(Bytes.changed(before, Bytes.snapshot(workspace.content)).isEmpty)
        }
    }

    @Test(arguments: [["--host", "0.0.0.0"], ["--no-edit"]])
    func withEditingOffThereIsNoEditor(flags: [String]) async throws {
        try await Self.withServe(flags) { workspace, running, client in
            #expect(running.editing.hasPrefix("Editing is off"), "\(running.editing)")
            let before = Bytes.snapshot(workspace.content)
            for path in ["/index.html", "/fruits/index.html", "/bulletins/index.html"] {
                let page = try await client.get(path)
                #expect(page.status == 200, "\(path)")
                for trace in ["data-edit", "data-new", "cf-edit", "?edit="] { #expect(!page.body.contains(trace), "\(path): \(trace)") }
            }
            let form = try await client.get(Self.fishForm)
            #expect(form.status == 200 && !form.body.contains("data-edit-form") && !form.body.contains("_secret"))
            let body = PageForm.encode([("_secret", String(repeating: "0", count: 64)), ("name", "Mallory"), ("_action", "save")])
            for target in [Self.fishForm, "/fruits/index.html?new=fruits", "/index.html?delete=animals/fish", "/_casefile/undo"] {
                let answer = try await client.post(target, body)
                #expect(answer.status == 403 && answer.body.contains("Editing is off"), "POST \(target): \(answer.status) \(answer.body)")
            }
            #expect(Bytes.changed(before, Bytes.snapshot(workspace.content)).isEmpty)
        }
    }

    /// The server runs as a user who may not write the file (root may write anything, so as root
    /// the binary is started as `nobody`).
    @Test func aFileTheServerMayNotWriteIsLeftAsItWas() async throws {
        let workspace = try Workspace()
        let folder = workspace.content, file = workspace.url("animals.yaml")
        let tmp = workspace.root.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: tmp.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
            workspace.remove()
        }
        let launcher = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        let running = try Self.serve(workspace, launcher: launcher, environment: ["TMPDIR": tmp.path])
        defer { _ = running.stop() }
        let client = EditorClient(port: running.port)
        let before = Bytes.snapshot(workspace.content)
        let form = try await client.form(Self.fishForm)
        let answer = try await client.submit(form.setting("name", "Fred Fin"))
        #expect((400..<600).contains(answer.status), "\(answer.status) \(answer.body)")
        #expect(answer.body.contains("animals.yaml"), "the answer names the file: \(answer.body)")
        #expect(Bytes.changed(before, Bytes.snapshot(workspace.content)).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == ["animals.yaml", "bulletins.yaml", "fruits.yaml", "notes", "site.yaml"], "no temporary file is left")
    }
}
