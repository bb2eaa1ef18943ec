import Foundation
import CasefileTestSupport
import Testing

/// Files saved as editors save them, while `casefile serve` (the built binary, on loopback)
/// watches the case with inotify or by polling: a new version renamed over the old, a note
/// deleted and written again, site.yaml broken and mended. Each time the served pages follow.
@Suite struct EditorSaveTests {
    /// How an editor puts a new version of a file in place without writing into the old one.
    enum Save: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// A temporary file beside it, renamed over it (GLib's `.goutputstream-XXXXXX` in gedit,
        /// and the atomic saves of VS Code, Sublime Text and others).
        case renameOver
        /// The original renamed to a backup (`name~`), the new version written under the name,
        /// the backup removed (vim's `writebackup`, Emacs).
        case backupThenWrite
        /// The new version written to `name___jb_tmp___`, the original renamed to
        /// `name___jb_old___`, the new one renamed into place, the old removed (JetBrains' safe write).
        case safeWrite

        var testDescription: String { rawValue }

        func save(_ text: String, to file: URL) throws {
            let folder = file.deletingLastPathComponent(), name = file.lastPathComponent
            switch self {
            case .renameOver:
                let temporary = folder.appendingPathComponent(".goutputstream-\(UUID().uuidString.prefix(6))")
                try Data(text.utf8).write(to: temporary)
                try Self.rename(temporary, file)
            case .backupThenWrite:
                let backup = folder.appendingPathComponent(name + "~")
                try Self.rename(file, backup)
                try Data(text.utf8).write(to: file)
                try FileManager.default.removeItem(at: backup)
            case .safeWrite:
                let new = folder.appendingPathComponent(name + "___jb_tmp___")
                let old = folder.appendingPathComponent(name + "___jb_old___")
                try Data(text.utf8).write(to: new)
                try Self.rename(file, old)
                try Self.rename(new, file)
                try FileManager.default.removeItem(at: old)
            }
        }

        /// rename(2): replaces `to` in one step.
        static func rename(_ from: URL, _ to: URL) throws {
            guard Foundation.rename(from.path, to.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: to.path])
            }
        }
    }

    /// Runs `casefile serve` on the workspace's case and templates (`--poll` when `poll`) for the
    /// length of `body`, which gets its port; then stops it with SIGTERM.
    static func withServe<T: Sendable>(_ workspace: Workspace, poll: Bool, _ body: (Int) async throws -> T) async throws -> T {
        try #require(FileManager.default.fileExists(atPath: ServeCommandTests.binary.path), "run `swift build` first")
        let server = try ServeCommandTests.Server(["--content", workspace.content.path, "--templates", workspace.templates.path,
                                                   "--port", "0"] + (poll ? ["--poll"] : []))
        defer { try? FileManager.default.removeItem(at: server.tmp) }
        func stop() -> (status: Int32, err: String) {
            let pid = server.process.processIdentifier
            kill(pid, SIGTERM)
            // One that does not stop is killed after 20 s rather than hang the suite.
            let watchdog = Task.detached {
                try await Task.sleep(for: .seconds(20))
                kill(pid, SIGKILL)
            }
            defer { watchdog.cancel() }
            return server.wait()
        }
        // The first line says how it watches when it polls; then "Serving … at http://127.0.0.1:PORT/".
        var port: Int?
        for _ in 0..<3 where port == nil {
            let line = server.firstLine()
            port = line.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\//).flatMap { Int($0.1) }
            if line.isEmpty { break }
        }
        guard let port else {
            let result = stop()
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "serve did not start: \(result.err)"])
        }
        let result: T
        do {
            result = try await body(port)
        } catch {
            _ = stop()
            throw error
        }
        let stopped = stop()
        #expect(stopped.status == 0, "\(stopped.err)")
        return result
    }

    static func page(_ port: Int, _ path: String = "/") async -> RawHTTP.Answer? {
        try? await RawHTTP.send(port, "GET", path)
    }

    /// The inspector panel of record `id` on a table page.
    static func panel(_ id: String, in page: String) -> Substring? {
        guard let start = page.range(of: "data-inspector-panel=\"\(id)\""),
              let end = page[start.upperBound...].range(of: "</article>") else { return nil }
        return page[start.lowerBound..<end.upperBound]
    }

    /// The notes section of record `id`'s panel.
    static func noteSection(_ id: String, in page: String) -> Substring? {
        guard let panel = panel(id, in: page), let start = panel.range(of: "<section class=\"cf-section cf-note-section\">"),
              let end = panel[start.upperBound...].range(of: "</section>") else { return nil }
        return panel[start.lowerBound..<end.upperBound]
    }

    static let banner = "id=\"casefile-serve-banner\""

    @Test(arguments: Save.allCases, [false, true])
    func aNoteAndARecordFileSavedByRenameShowTheirNewVersion(save: Save, poll: Bool) async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let marker = "\(save.rawValue)\(UUID().uuidString.prefix(8))"
        let note = try workspace.read("notes/animals/cat.md")
        let animals = try workspace.read("animals.yaml")
        let alibi = "Napping in a sunny window of the Visitor Center, as cats do all day."
        try #require(animals.components(separatedBy: alibi).count == 2, "the cat's alibi, once in the sample")
        try await Self.withServe(workspace, poll: poll) { port in
            let before = try #require(await Self.page(port))
            #expect(before.status == 200)
            #expect(Self.panel("cat", in: before.body)?.contains(alibi) == true)
            #expect(!before.body.contains(marker))

            try save.save(note + "\nNote saved by \(marker).\n", to: workspace.url("notes/animals/cat.md"))
            let noteShown = await eventually(20) {
                guard let page = await Self.page(port) else { return false }
                return Self.noteSection("cat", in: page.body)?.contains("Note saved by \(marker).") == true
            }
            #expect(noteShown, "the note saved by \(save) shows on the served page")

            try save.save(animals.replacingOccurrences(of: alibi, with: "Alibi saved by \(marker)."), to: workspace.url("animals.yaml"))
            let recordShown = await eventually(20) {
                guard let page = await Self.page(port), let cat = Self.panel("cat", in: page.body) else { return false }
                return cat.contains("Alibi saved by \(marker).") && !cat.contains(alibi) && !page.body.contains(Self.banner)
            }
            #expect(recordShown, "the record file saved by \(save) shows on the served page, without a banner")
            // The whole case was read again: the saved note is still the one shown.
            let after = try #require(await Self.page(port))
            #expect(Self.noteSection("cat", in: after.body)?.contains("Note saved by \(marker).") == true)
        }
        // The editors' temporary and backup files are gone: only the case's own files are left.
        #expect(try FileManager.default.contentsOfDirectory(atPath: workspace.url("notes/animals").path).sorted()
                == ["cat.md", "crow.md", "dove.md", "fish.md", "mouse.md", "rabbit.md", "raccoon.md", "snail.md"])
    }

    @Test(arguments: [false, true])
    func aNoteDeletedThenWrittenAgainLeavesThePageAndComesBack(poll: Bool) async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let file = workspace.url("notes/animals/cat.md")
        // The duck has no note in the sample: its panel shows what a record without one shows.
        try #require(!FileManager.default.fileExists(atPath: workspace.url("notes/animals/duck.md").path))
        let marker = "Written again \(UUID().uuidString.prefix(8))"
        try await Self.withServe(workspace, poll: poll) { port in
            let before = try #require(await Self.page(port)).body
            let withNote = try #require(Self.noteSection("cat", in: before))
            let noNote = try #require(Self.noteSection("duck", in: before))
            #expect(withNote.contains("does not apologise"))
            #expect(withNote != noNote)

            try FileManager.default.removeItem(at: file)
            let gone = await eventually(20) {
                guard let page = await Self.page(port)?.body, let cat = Self.noteSection("cat", in: page) else { return false }
                return cat == Self.noteSection("duck", in: page)
            }
            #expect(gone, "with its note deleted, the cat's panel shows no note, as the duck's does")
            let deleted = try #require(await Self.page(port))
            #expect(deleted.status == 200)
            #expect(!deleted.body.contains(Self.banner), "a record without a note is no error")
            #expect(Self.panel("cat", in: deleted.body) != nil, "the record is still shown")

            try Data("# Interview: Miko Cat\n\n\(marker).\n".utf8).write(to: file)
            let back = await eventually(20) {
                guard let page = await Self.page(port)?.body else { return false }
                return Self.noteSection("cat", in: page)?.contains("<p>\(marker).</p>") == true
            }
            #expect(back, "the note written again shows")
            let final = try #require(await Self.page(port)).body
            #expect(Self.noteSection("cat", in: final)?.contains("does not apologise") == false)
        }
    }

    @Test(arguments: [false, true])
    func aBrokenSiteYamlKeepsTheServerServingWithItsBannerUntilMended(poll: Bool) async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let settings = try workspace.read("site.yaml")
        let title = "Who nibbled the fruit at Apple Park?"
        try #require(settings.contains("title: \(title)\n"))
        let mended = "Mended \(UUID().uuidString.prefix(8))"
        try await Self.withServe(workspace, poll: poll) { port in
            let before = try #require(await Self.page(port))
            #expect(before.body.contains(title))
            #expect(!before.body.contains(Self.banner))

            // An unclosed flow sequence: not YAML.
            try workspace.write("site.yaml", settings.replacingOccurrences(of: "title: \(title)", with: "title: [\(title)"))
            let bannered = await eventually(20) { await Self.page(port)?.body.contains(Self.banner) == true }
            #expect(bannered, "the broken site.yaml shows the banner")
            let broken = try #require(await Self.page(port))
            #expect(broken.status == 200)
            #expect(broken.body.contains("The case has 1 error"), "one error: site.yaml does not parse")
            #expect(broken.body.contains("\(title)</title>"), "the last pages without errors are still served")
            let validation = try #require(await Self.page(port, "/validation/index.html"))
            #expect(validation.status == 200)
            #expect(validation.body.contains("site.yaml"), "the validation page names the file")

            // Mended the way an editor saves: a new file renamed over it.
            try Save.renameOver.save(settings.replacingOccurrences(of: "title: \(title)", with: "title: \(mended)"),
                                     to: workspace.url("site.yaml"))
            let fixed = await eventually(20) {
                guard let page = await Self.page(port)?.body else { return false }
                return page.contains("\(mended)</title>") && !page.contains(Self.banner)
            }
            #expect(fixed, "the mended title shows and the banner is gone")
        }
    }
}
