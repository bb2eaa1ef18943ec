import Foundation
import CasefileTestSupport
import Testing
@testable import CasefileKit
@testable import CasefileModel

/// Every record's own page (`suspects/id/fish.html`): its address depends on its id alone, so
/// it shows the same record after records are added before it, removed, or the table reordered;
/// the feed, the listings and the notes on records' pages link it; the inspector offers it; and
/// after a publish that removed a record, its address says so.
@Suite struct RecordAddressTests {
    /// The record a record page shows: its panel's id and its title.
    static func shown(_ html: String) -> (id: String?, title: String?) {
        (SiteBuildTests.matches(#"<article data-inspector-panel="([^"]*)""#, in: html).first,
         SiteBuildTests.matches(#"class="cf-panel-title">([^<]*)<"#, in: html).first)
    }

    /// A copy of the sample in a scratch folder, to change.
    static func copy() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-addr-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: SiteBuildTests.sample, to: root)
        return root
    }

    static func edit(_ folder: URL, _ file: String, _ change: (String) -> String) throws {
        let url = folder.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        let changed = change(text)
        try #require(changed != text, "the edit of \(file) changed nothing")
        try changed.write(to: url, atomically: true, encoding: .utf8)
    }

    @Test func anAddressShowsItsRecordAfterAnInsertionARemovalAndAReorder() async throws {
        let content = try Self.copy()
        defer { try? FileManager.default.removeItem(at: content) }
        // Page size 3: hedgehog (9th) is on page 3 of the suspects.
        try Self.edit(content, "site.yaml") { $0 + "\npageSize: 3\n" }
        let (first, site) = try await SiteBuildTests.build(content: content)
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(first.errorCount == 0)
        let before = try SiteBuildTests.page(site, "suspects/id/hedgehog.html")
        #expect(Self.shown(before).id == "hedgehog")
        #expect(before.contains(#"data-record-place href="../../suspects/page-3.html#hedgehog""#))

        // Three suspects inserted before it: its row moves to page 4, its address stays.
        let newcomers = (1...3).map { n in
            "- id: newcomer-\(n)\n  name: Newcomer \(n)\n  species: Vole\n  pawSize: small\n  suspicionLevel: 0.1\n  alibi: \"New here.\"\n"
        }.joined()
        try Self.edit(content, "animals.yaml") { $0.replacingOccurrences(of: "- id: fish\n", with: newcomers + "- id: fish\n") }
        let (_, inserted) = try await SiteBuildTests.build(content: content, into: site)
        #expect(inserted == site)
        let after = try SiteBuildTests.page(site, "suspects/id/hedgehog.html")
        #expect(Self.shown(after).id == "hedgehog" && Self.shown(after).title == Self.shown(before).title)
        #expect(after.contains(#"data-record-place href="../../suspects/page-4.html#hedgehog""#))
        #expect(Self.shown(try SiteBuildTests.page(site, "suspects/id/newcomer-2.html")).id == "newcomer-2")

        // Durian removed (nothing names it): its page goes with it; the others stay.
        try Self.edit(content, "fruits.yaml") { text in String(text[..<text.range(of: "- id: durian\n")!.lowerBound]) }
        let (removed, _) = try await SiteBuildTests.build(content: content, into: site)
        #expect(removed.errorCount == 0)
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("fruits/id/durian.html").path))
        #expect(Self.shown(try SiteBuildTests.page(site, "fruits/id/golden-gem.html")).id == "golden-gem")
        #expect(Self.shown(try SiteBuildTests.page(site, "suspects/id/hedgehog.html")).id == "hedgehog")

        // The table in another order (by name, descending): the same address, the same record.
        try Self.edit(content, "site.yaml") { $0 + "defaultOrder:\n  suspects: suspect desc\n" }
        _ = try await SiteBuildTests.build(content: content, into: site)
        let reordered = try SiteBuildTests.page(site, "suspects/id/hedgehog.html")
        #expect(Self.shown(reordered).id == "hedgehog")
        let rows = SiteBuildTests.rowIDs(try SiteBuildTests.page(site, "index.html"))
        #expect(!rows.contains("hedgehog") || reordered.contains(#"href="../../index.html#hedgehog""#))
    }

    @Test func everyRecordHasItsPageAndTheInspectorOffersIt() async throws {
        let (summary, site) = try await SiteBuildTests.build()
        defer { try? FileManager.default.removeItem(at: site) }
        let files = SiteBuildTests.files(site)
        let records = files.filter { SiteLayout.isRecord($0) }
        #expect(records.count == summary.recordPages)
        #expect(records.count == 38, "10 suspects, 8 bulletins, 20 fruits, each id a slug")
        // Each table page's panel links its record's page, relative to that table page.
        let index = try SiteBuildTests.page(site, "index.html")
        let links = SiteBuildTests.matches(#"<a class="cf-permalink" data-permalink href="([^"]*)""#, in: index)
        #expect(links.count == SiteBuildTests.rowIDs(index).count)
        #expect(links.first == "suspects/id/fish.html")
        let fruits = try SiteBuildTests.page(site, "fruits/index.html")
        #expect(SiteBuildTests.matches(#"data-permalink href="([^"]*)""#, in: fruits).first == "../fruits/id/golden-gem.html")
        // A record's page: no inspector, no sheet, no close button, no script; its panel's mentions
        // open the other records' own pages.
        let fish = try SiteBuildTests.page(site, "suspects/id/fish.html")
        #expect(!fish.contains("data-inspector ") && !fish.contains("cf-sheet") && !fish.contains("cf-close"))
        #expect(!fish.contains("data-permalink"))
        #expect(!fish.lowercased().contains("<script"))
        #expect(fish.contains(#"<a href="../../fruits/id/strawberry-tree.html">"#))
        #expect(fish.contains(#"href="../../casefile."#))
        // Its note's case links open records' pages too; on the table page they select rows.
        #expect(fish.contains(#"<a href="../../bulletins/id/b-orchard-elstar.html">"#))
        #expect(index.contains(#"<a href="bulletins/index.html#b-orchard-elstar">"#))
    }

    @Test func theFeedTheListingsAndTheSinceLastPublishLinkRecordsPages() async throws {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        #expect(try await scratch.publish(baseURL: "https://example.org/case/").published)
        let feed = try SiteBuildTests.page(scratch.output, "bulletins.atom")
        let entries = SiteBuildTests.matches(#"<entry>\n<title>[^<]*</title>\n<id>([^<]*)</id>"#, in: feed)
        #expect(!entries.isEmpty)
        #expect(entries.allSatisfy { $0.hasPrefix("https://example.org/case/bulletins/id/") && $0.hasSuffix(".html") }, "\(entries)")
        // A note's case links open records' own pages, from the site's root (the content's base).
        #expect(feed.contains(#"<content type="html" xml:base="https://example.org/case/">"#))
        #expect(feed.contains(#"href="fruits/id/"#) && !feed.contains("index.html#"))
        let listing = try SiteBuildTests.page(scratch.output, "suspects/by/suspect-asc.html")
        let rows = SiteBuildTests.matches(#"<th scope="row"><a href="([^"]*)""#, in: listing)
        #expect(rows.count == 10)
        #expect(rows.allSatisfy { $0.hasPrefix("../../suspects/id/") }, "\(rows)")
    }

    @Test func aRecordRemovedSinceTheLastPublishAnswersThatItWasRemoved() async throws {
        var scratch = try PublishScratch()
        defer { scratch.remove() }
        scratch.content = scratch.root.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: SiteBuildTests.sample, to: scratch.content)
        #expect(try await scratch.publish().published)
        // Durian is named by no animal and no bulletin: it can go without an error.
        try Self.edit(scratch.content, "fruits.yaml") { text in
            let start = text.range(of: "- id: durian\n")!.lowerBound
            return String(text[..<start])
        }
        #expect(try await scratch.publish().published)
        let removed = try SiteBuildTests.page(scratch.output, "fruits/id/durian.html")
        #expect(removed.contains("data-removed-record"))
        #expect(removed.contains("durian"))
        #expect(removed.contains(#"<meta name="robots" content="noindex">"#))
        #expect(!removed.contains("data-inspector-panel"))
        // The publish after that knows it was already gone: the address is missing (the host's 404).
        #expect(try await scratch.publish().published)
        #expect(!FileManager.default.fileExists(atPath: scratch.output.appendingPathComponent("fruits/id/durian.html").path))
    }
}
