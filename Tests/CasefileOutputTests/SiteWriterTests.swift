import Foundation
import Testing
import CasefileModel
import CasefileOutput

/// Writing a site into its folder: the manifest of what was written, a later build removing what
/// it no longer makes and nothing else, and the refusal of an output folder the build reads from.
@Suite struct SiteWriterTests {
    /// A fresh empty folder, and the site folder to be made inside it.
    static func scratch() throws -> (root: URL, site: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sitewriter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return (root, root.appendingPathComponent("site"))
    }

    static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    static func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }

    @Test func writesTheFilesAndAManifestOfThem() throws {
        let (root, site) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        var session = try SiteWriter(directory: site, displayPath: "site").begin()
        try session.write(OutputFile(path: "suspects/page-2.html", contents: "<p>two</p>"))
        try session.write(OutputFile(path: "index.html", contents: "<p>one</p>"))
        #expect(session.count == 2)
        let stale = try session.finish(rendered: ["index.html", "suspects/page-2.html"], complete: .all)
        #expect(stale.isEmpty)
        #expect(try Self.text(site.appendingPathComponent("index.html")) == "<p>one</p>")
        #expect(try Self.text(site.appendingPathComponent("suspects/page-2.html")) == "<p>two</p>")
        // One path a line, sorted, each line ended.
        #expect(try Self.text(site.appendingPathComponent(SiteWriter.manifestName)) == "index.html\nsuspects/page-2.html\n")
    }

    @Test func aLaterBuildRemovesWhatItNoLongerMakesAndNothingElse() throws {
        let (root, site) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = SiteWriter(directory: site, displayPath: "site")
        var first = try writer.begin()
        for path in ["index.html", "suspects/page-2.html", "suspects/page-3.html"] {
            try first.write(OutputFile(path: path, contents: path))
        }
        _ = try first.finish(rendered: [], complete: .all)
        // A file Casefile did not write, beside the pages.
        try Data("mine".utf8).write(to: site.appendingPathComponent("CNAME"))

        var second = try writer.begin()
        try second.write(OutputFile(path: "index.html", contents: "again"))
        let stale = try second.finish(rendered: ["index.html"], complete: .all)
        #expect(stale == ["suspects/page-2.html", "suspects/page-3.html"])
        #expect(!Self.exists(site.appendingPathComponent("suspects/page-2.html")))
        #expect(!Self.exists(site.appendingPathComponent("suspects/page-3.html")))
        #expect(try Self.text(site.appendingPathComponent("index.html")) == "again")
        #expect(try Self.text(site.appendingPathComponent("CNAME")) == "mine")
        #expect(try Self.text(site.appendingPathComponent(SiteWriter.manifestName)) == "index.html\n")
    }

    @Test func aManifestLineLeadingOutOfTheFolderIsNeverRemoved() throws {
        let (root, site) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let outside = root.appendingPathComponent("precious.txt")
        try Data("keep".utf8).write(to: outside)
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try Data("../precious.txt\n\(outside.path)\nold.html\n".utf8)
            .write(to: site.appendingPathComponent(SiteWriter.manifestName))
        try Data("old".utf8).write(to: site.appendingPathComponent("old.html"))

        var session = try SiteWriter(directory: site, displayPath: "site").begin()
        try session.write(OutputFile(path: "index.html", contents: "new"))
        let stale = try session.finish(rendered: ["index.html"], complete: .all)
        #expect(stale == ["old.html"])
        #expect(try Self.text(outside) == "keep")
        #expect(!Self.exists(site.appendingPathComponent("old.html")))
    }

    @Test func anOutputFolderHoldingAnInputIsRefused() throws {
        let (root, site) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let writer = SiteWriter(directory: site, displayPath: "site")
        #expect(throws: CasefileError.self) { try writer.checkSafe(against: [site]) }
        #expect(throws: CasefileError.self) { try writer.checkSafe(against: [site.appendingPathComponent("content")]) }
        // A sibling, even one whose name starts with the output's, is not inside it.
        #expect(throws: Never.self) { try writer.checkSafe(against: [root.appendingPathComponent("site-content")]) }
        #expect(throws: Never.self) { try writer.checkSafe(against: [root.appendingPathComponent("content")]) }
    }
}
