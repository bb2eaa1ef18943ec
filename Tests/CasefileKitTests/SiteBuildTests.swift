import Foundation
import CasefileTestSupport
import Synchronization
import Testing
@testable import CasefileKit
@testable import CasefileModel

/// Builds the sample case (and variants of it) through the whole pipeline into a temporary
/// folder and reads the pages back: one row per record, every DOM hook of Templates/README.md, no script,
/// and byte-identical output from two builds.
@Suite struct SiteBuildTests {
    static let sample = Repository.sample

    static func build(content: URL = sample, into output: URL? = nil) async throws -> (BuildSummary, URL) {
        let out = output ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("casefile-site-\(UUID().uuidString)")
        let options = BuildOptions(content: content, contentDisplay: "Content", templates: nil,
                                   templatesDisplay: "Templates", output: out, outputDisplay: "_site")
        return (try await BuildPipeline(options: options).run(), out)
    }

    static func page(_ site: URL, _ path: String) throws -> String {
        try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            let range = match.numberOfRanges > 1 ? match.range(at: 1) : match.range
            return String(text[Range(range, in: text)!])
        }
    }

    /// Every regular file below `site`, as sorted relative paths.
    static func files(_ site: URL) -> [String] {
        FileManager.default.enumerator(atPath: site.path)!.compactMap { $0 as? String }.filter { path in
            var isDir: ObjCBool = false
            return FileManager.default.fileExists(atPath: site.appendingPathComponent(path).path, isDirectory: &isDir) && !isDir.boolValue
        }.sorted()
    }

    /// The record ids of the main table's rows, in order.
    static func rowIDs(_ html: String) -> [String] {
        matches(#"<tr[^>]*\sdata-record-id="([^"]*)""#, in: html)
    }

    @Test func samplePagesHaveOneRowPerRecordInFileOrder() async throws {
        let (summary, site) = try await Self.build()
        defer { try? FileManager.default.removeItem(at: site) }
        #expect(summary.errorCount == 0)

        // The ids as the sample's files list them, not as the pages show them.
        #expect(Self.rowIDs(try Self.page(site, "index.html")) ==
            ["fish", "snail", "dove", "crow", "cat", "rabbit", "duck", "mouse", "hedgehog", "raccoon"])
        let fruits = Self.rowIDs(try Self.page(site, "fruits/index.html"))
        #expect(fruits.count == 20)
        #expect(fruits.first == "golden-gem")
        #expect(fruits.last == "durian")
        let bulletinsYAML = try String(contentsOf: Self.sample.appendingPathComponent("bulletins.yaml"), encoding: .utf8)
        let bulletinIDs = Self.matches(#"(?m)^- id: ([a-z0-9-]+)"#, in: bulletinsYAML)
        #expect(!bulletinIDs.isEmpty)
        #expect(Self.rowIDs(try Self.page(site, "bulletins/index.html")) == bulletinIDs)
    }

    @Test(arguments: [("index.html", "suspects"), ("bulletins/index.html", "bulletins"),
                      ("fruits/index.html", "fruits")])
    func everyPageCarriesEveryHook(path: String, kind: String) async throws {
        let (_, site) = try await Self.build()
        defer { try? FileManager.default.removeItem(at: site) }
        let html = try Self.page(site, path)
        let rows = Self.rowIDs(html)
        #expect(html.contains("<body data-page=\"\(kind)\""))
        #expect(Self.matches(#"<table[^>]*\sdata-table[\s>=]"#, in: html).count == 1)
        #expect(Self.matches(#"<a[^>]*\sdata-select[\s>=]"#, in: html).count == rows.count)
        #expect(Self.matches(#"\sdata-inspector[\s>=]"#, in: html).count == 1)
        #expect(Self.matches(#"data-inspector-panel="([^"]*)""#, in: html) == rows)
        #expect(Self.matches(#"\sdata-inspector-empty[\s>=]"#, in: html).count == 1)
        // The wide column's switch, and the sheet's Show and Hide links (narrow screens).
        #expect(Self.matches(#"<input[^>]*\sdata-inspector-toggle[\s>=]"#, in: html).count == 1)
        #expect(Self.matches(#"<a[^>]*\sdata-inspector-toggle[^>]*data-sheet-toggle="(present|dismiss)""#, in: html) == ["present", "dismiss"])
        #expect(Self.matches(#"\sdata-sheet-dim[\s>=]"#, in: html).count == 1)
        // Each panel has a grabber for each of the three default detents, which names where it
        // moves the sheet: the next detent, and from the last the first.
        for (at, to) in [("200", "medium"), ("medium", "large"), ("large", "200")] {
            #expect(Self.matches(#"data-at="\#(at)" data-detent="\#(to)""#, in: html).count == rows.count)
        }
        // A group of markers per row, and a panel for each, by the row's fragment.
        #expect(Self.matches(#"<span class="cf-markers" data-for="([^"]*)""#, in: html) == rows)
        #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        #expect(html.contains("<title>"))
        #expect(html.contains("<caption"))
        #expect(html.contains("<html lang=\"en\""))
    }

    @Test func nothingExecutableIsWritten() async throws {
        let (_, site) = try await Self.build()
        defer { try? FileManager.default.removeItem(at: site) }
        let files = Self.files(site)
        #expect(files.contains("404.html"))
        #expect(files.count { Self.matches(#"^casefile\.[0-9a-f]{8}\.css$"#, in: $0).count == 1 } == 1)
        #expect(files.contains("validation/index.html"))
        #expect(files.contains("validation/report.json"))
        #expect(files.contains("validation/report.sarif"))
        #expect(!files.contains { $0.hasSuffix(".wasm") || $0.hasSuffix(".js") })
        for file in files where file.hasSuffix(".html") {
            let html = try Self.page(site, file).lowercased()
            #expect(!html.contains("<script"), "\(file) has a script")
            #expect(!html.contains("javascript:"), "\(file) has a javascript: URL")
            #expect(Self.matches(#"<[^>]+\son[a-z]+\s*="#, in: html).isEmpty, "\(file) has an on…= handler")
        }
    }

    @Test func twoBuildsAreByteIdentical() async throws {
        let (_, first) = try await Self.build()
        let (_, second) = try await Self.build()
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        let files = Self.files(first), others = Self.files(second)
        #expect(files == others)
        #expect(files.count > 8)
        for file in files {
            let a = try Data(contentsOf: first.appendingPathComponent(file))
            let b = try Data(contentsOf: second.appendingPathComponent(file))
            #expect(a == b, "\(file) differs between two builds")
        }
    }

    /// Pages render on every core; the site is the same bytes as one rendered a page at a time.
    @Test func parallelBuildEqualsOneAtATime() async throws {
        let content = try Self.variant(siteYAML: "\npageSize: 2\n")
        defer { try? FileManager.default.removeItem(at: content) }
        let (_, serial) = try await Parallel.$width.withValue(1) { try await Self.build(content: content) }
        let (_, parallel) = try await Parallel.$width.withValue(4) { try await Self.build(content: content) }
        defer {
            try? FileManager.default.removeItem(at: serial)
            try? FileManager.default.removeItem(at: parallel)
        }
        let files = Self.files(serial)
        #expect(files == Self.files(parallel))
        #expect(files.filter { $0.hasSuffix(".html") }.count > 8, "the variant paginates")
        for file in files {
            let a = try Data(contentsOf: serial.appendingPathComponent(file))
            let b = try Data(contentsOf: parallel.appendingPathComponent(file))
            #expect(a == b, "\(file) differs between --jobs 1 and --jobs 4")
        }
    }

    /// The fruit panel's swatch is named to a screen reader in the site's language, on the
    /// table's panel and on the record's own page.
    @Test(arguments: [("en", "Colour: yellow"), ("de", "Farbe: yellow"), ("fr", "Couleur : yellow"), ("ja", "色：yellow")])
    func aFruitSwatchIsNamedInTheSiteLanguage(language: String, label: String) async throws {
        let content = try Self.variant(siteYAML: "\nlanguage: \(language)\n")
        let (_, site) = try await Self.build(content: content)
        defer {
            try? FileManager.default.removeItem(at: site)
            try? FileManager.default.removeItem(at: content)
        }
        let swatch = #"class="cf-swatch-hero" role="img" aria-label="([^"]*)""#
        for path in ["fruits/index.html", "fruits/id/golden-gem.html"] {
            let labels = Self.matches(swatch, in: try Self.page(site, path))
            #expect(labels.first == label, "\(path)")
        }
    }

    /// The render's progress counts each page, listing, record page, export and the feed once,
    /// in order, up to a total that stays the same (small pages render in runs, one task a run).
    @Test func progressCountsEveryRenderedFileOnceUpToItsTotal() async throws {
        let seen = Mutex<[(done: Int, total: Int)]>([])
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-site-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let options = BuildOptions(content: Self.sample, contentDisplay: "Content", templates: nil,
                                   templatesDisplay: "Templates", output: out, outputDisplay: "_site")
        _ = try await BuildPipeline(options: options).run { event in
            if case let .rendering(done, total) = event { seen.withLock { $0.append((done, total)) } }
        }
        let events = seen.withLock { $0 }
        let files = Self.files(out)
        // What the render's jobs make: every HTML file (the 404 page among them), the exports
        // under data/ and the feed. The stylesheet, reports and manifest are written apart.
        let rendered = files.count { $0.hasSuffix(".html") || $0.hasPrefix("data/") || $0 == "bulletins.atom" }
        #expect(files.count { $0.contains("/id/") } == 38, "the sample's 10 suspects, 8 bulletins and 20 fruits")
        #expect(events.map(\.done) == Array(1...rendered))
        #expect(events.allSatisfy { $0.total == rendered })
    }

    /// A copy of the sample with `extra` added to the end of its site.yaml.
    static func variant(siteYAML extra: String) throws -> URL {
        try variant { folder in
            let site = folder.appendingPathComponent("site.yaml")
            let text = try String(contentsOf: site, encoding: .utf8)
            try (text + extra).write(to: site, atomically: true, encoding: .utf8)
        }
    }

    /// A copy of the sample with a small page size and planted problems.
    static func variant(edit: (URL) throws -> Void) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-case-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: sample, to: folder)
        try edit(folder)
        return folder
    }

    @Test func tablesPaginateByPageSize() async throws {
        let content = try Self.variant(siteYAML: "\npageSize: 3\n")
        let (_, site) = try await Self.build(content: content)
        defer {
            try? FileManager.default.removeItem(at: site)
            try? FileManager.default.removeItem(at: content)
        }
        // 10 suspects at 3 a page: index.html and suspects/page-2…4.html.
        #expect(Self.rowIDs(try Self.page(site, "index.html")) == ["fish", "snail", "dove"])
        #expect(Self.rowIDs(try Self.page(site, "suspects/page-2.html")) == ["crow", "cat", "rabbit"])
        #expect(Self.rowIDs(try Self.page(site, "suspects/page-4.html")) == ["raccoon"])
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("suspects/page-5.html").path))
        let first = try Self.page(site, "index.html")
        #expect(Self.matches(#"<nav[^>]*\sdata-pagination[\s>=]"#, in: first).count == 1)
        #expect(first.contains("href=\"suspects/page-2.html\""))
        let last = try Self.page(site, "suspects/page-4.html")
        #expect(last.contains("href=\"../index.html\""))
        #expect(Self.matches(#"href="\.\./casefile\.[0-9a-f]{8}\.css""#, in: last).count == 1)

        // A listing paginates the same way, its pages side by side: the suspects by name
        // (Cat, Cornelius, Catie… sorted without regard to case) 3, 3, 3 and 1 a page.
        let listing = ["suspects/by/suspect-asc.html", "suspects/by/suspect-asc.page-2.html",
                       "suspects/by/suspect-asc.page-3.html", "suspects/by/suspect-asc.page-4.html"]
        let pages = try listing.map { try Self.page(site, $0) }
        #expect(pages.map { Self.rowIDs($0).count } == [3, 3, 3, 1])
        #expect(Set(pages.flatMap(Self.rowIDs)).count == 10)
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("suspects/by/suspect-asc.page-5.html").path))
        #expect(pages[0].contains("href=\"suspect-asc.page-2.html\" rel=\"next\""))
        #expect(pages[1].contains("href=\"suspect-asc.html\" rel=\"prev\""))
        #expect(pages[1].contains("<title>Suspects by suspect, page 2 of 4 · "))
        #expect(pages.allSatisfy { Self.matches(#"<th[^>]*aria-sort="ascending""#, in: $0).count == 1 })
    }

    @Test func problemsAppearOnTheValidationPageAndInTheirPanels() async throws {
        let content = try Self.variant { folder in
            let animals = folder.appendingPathComponent("animals.yaml")
            let text = try String(contentsOf: animals, encoding: .utf8)
            // A suspicion out of range on the first animal (fish).
            let planted = text.replacingOccurrences(of: "suspicionLevel: 0.3", with: "suspicionLevel: 1.4")
            try #require(planted != text)
            try planted.write(to: animals, atomically: true, encoding: .utf8)
        }
        let (summary, site) = try await Self.build(content: content)
        defer {
            try? FileManager.default.removeItem(at: site)
            try? FileManager.default.removeItem(at: content)
        }
        #expect(summary.errorCount == 1)
        #expect(summary.diagnostics.first?.ruleID == "suspicion-range")
        let validation = try Self.page(site, "validation/index.html")
        // The error first, then the sample's own warning and note.
        #expect(Self.rowIDs(validation) == ["p1", "p2", "p3"])
        #expect(validation.contains("suspicion-range"))
        let suspects = try Self.page(site, "index.html")
        #expect(suspects.contains("data-invalid=\"suspicion-range\""))
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("validation/report.json"))) as? [String: Any]
        #expect(report?["errors"] as? Int == 1)
    }

    @Test func chartsSayInWordsWhatTheirBarsShow() async throws {
        let (_, site) = try await Self.build()
        defer { try? FileManager.default.removeItem(at: site) }
        // SAMPLE's suspicion levels: snail 0.1, rabbit 0.15, hedgehog 0 (Unlikely); fish 0.3,
        // duck 0.4 (Fishy); dove, mouse, cat (Very); raccoon 0.9, crow 0.95 (Extremely).
        let suspects = try Self.page(site, "index.html")
        #expect(suspects.contains("<desc id=\"cf_chart_desc\">Unlikely: 3 suspects; Fishy: 2 suspects; "
            + "Very suspicious: 3 suspects; Extremely suspicious!: 2 suspects.</desc>"))
        #expect(Self.matches(#"<rect "#, in: suspects).count == 4)
        // Eight bulletins, each in its own hour: eight non-empty hours of 24.
        let bulletins = try Self.page(site, "bulletins/index.html")
        let desc = try #require(Self.matches(#"<desc id="cf_chart_desc">([^<]*)</desc>"#, in: bulletins).first)
        #expect(desc.components(separatedBy: "; ").count == 24)
        #expect(Self.matches(#"\d+:00: 1 nibble(?!s)"#, in: desc).count == 8)
        #expect(desc.hasPrefix("0:00: 0 nibbles; 1:00: 0 nibbles; 2:00: 1 nibble;"), "02:20 on 7 June")
    }
}
