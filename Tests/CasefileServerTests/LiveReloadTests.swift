import CasefileKit
import CasefileServer
import Foundation
import Testing

/// Editing while the server runs: the watcher sees the write, the site is rebuilt, open pages get
/// a reload event, and the banner comes and goes with the case's errors.
@Suite struct LiveReloadTests {
    /// Appends a line to cat's note and waits for the reload; returns the milliseconds it took.
    static func editAndWait(_ workspace: Workspace, _ events: inout EventStream, line: String) async throws -> Double {
        let note = try workspace.read("notes/animals/cat.md")
        let start = ContinuousClock.now
        try workspace.write("notes/animals/cat.md", note + "\n" + line + "\n")
        try await events.next()
        let elapsed = start.duration(to: .now)
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }

    @Test(arguments: [WatchMode.inotify, .poll])
    func anEditedNoteReloadsOpenPagesWithTheNewText(mode: WatchMode) async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let session = try await workspace.session()
        defer { session.removeFolder() }
        let (times, page) = try await withLiveServer(session, watch: mode) { port in
            try await EventStream.with(port) { events in
                var times: [Double] = []
                for i in 1...5 { times.append(try await Self.editAndWait(workspace, &events, line: "Edit number \(i) *seen*.")) }
                return (times, try await RawHTTP.send(port, "GET", "/"))
            }
        }
        #expect(page.status == 200)
        #expect(page.body.contains("Edit number 5 <em>seen</em>."))
        let sorted = times.sorted()
        print("reload latency (\(mode.rawValue), sample case, debug build): median \(Int(sorted[2])) ms of \(times.map { Int($0) }) ms")
    }

    @Test func caseErrorsShowABannerUntilFixed() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let session = try await workspace.session()
        defer { session.removeFolder() }
        let note = try workspace.read("notes/animals/cat.md")
        try await withLiveServer(session, watch: .inotify) { port in
            try await EventStream.with(port) { events in
                let before = try await RawHTTP.send(port, "GET", "/fruits/index.html")
                #expect(!before.body.contains("casefile-serve-banner"))
                let etag = try #require(before.header("ETag"))

                try workspace.write("notes/animals/cat.md", note + "\nSee [the dog](animal:dgo).\n")
                try await events.next()
                let broken = try await RawHTTP.send(port, "GET", "/fruits/index.html")
                #expect(broken.body.contains("id=\"casefile-serve-banner\""))
                #expect(broken.body.contains("The case has 1 error"))
                #expect(broken.body.contains("href=\"/validation/index.html\""))
                // The page's file did not change, but what is sent did: so did its validator.
                #expect(broken.header("ETag") != etag)
                let revalidated = try await RawHTTP.send(port, "GET", "/fruits/index.html", headers: ["If-None-Match": etag])
                #expect(revalidated.status == 200)
                let validation = try await RawHTTP.send(port, "GET", "/validation/index.html")
                #expect(validation.body.contains("dgo"))

                try workspace.write("notes/animals/cat.md", note)
                try await events.next()
                let fixed = try await RawHTTP.send(port, "GET", "/fruits/index.html")
                #expect(!fixed.body.contains("casefile-serve-banner"))
            }
        }
    }

    @Test func aTemplateErrorShowsItsPlaceInTheBannerAndKeepsTheLastPages() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let session = try await workspace.session()
        defer { session.removeFolder() }
        let template = try workspace.read("fruits.mustache", in: workspace.templates)
        try await withLiveServer(session, watch: .inotify) { port in
            try await EventStream.with(port) { events in
                try workspace.write("fruits.mustache", "{{#section}}\nno end\n", in: workspace.templates)
                try await events.next()
                let broken = try await RawHTTP.send(port, "GET", "/fruits/index.html")
                #expect(broken.status == 200)
                #expect(broken.body.contains("<title>Fruits"), "the last good page is still served")
                let banner = try #require(broken.body.range(of: #"Templates/fruits\.mustache:\d+:\d+: error: template does not parse"#,
                                                            options: .regularExpression))
                #expect(!banner.isEmpty)

                try workspace.write("fruits.mustache", template, in: workspace.templates)
                try await events.next()
                let fixed = try await RawHTTP.send(port, "GET", "/fruits/index.html")
                #expect(!fixed.body.contains("casefile-serve-banner"))
            }
        }
    }

    @Test func aNewNotesFolderIsWatchedToo() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let extra = workspace.root.appendingPathComponent("extra")
        let watcher = FolderWatcher(roots: [workspace.content], mode: .inotify)
        #expect(await watcher.start() == .inotify)
        var batches = watcher.batches.makeAsyncIterator()
        let folder = workspace.content.appendingPathComponent("notes/drafts")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(await batches.next()?.contains(folder.path) == true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("later.md"))
        #expect(await batches.next() == [folder.appendingPathComponent("later.md").path])
        try Data("x".utf8).write(to: extra)  // outside the watched folder: nothing
        try Data("y".utf8).write(to: workspace.url("site.yaml"))
        #expect(await batches.next() == [workspace.url("site.yaml").path])
        await watcher.stop()
    }
}
