import Foundation
import Testing
@testable import CasefileKit
import CasefileSiteCheck
@testable import CasefileModel
@testable import CasefileOutput

/// `PublishPipeline` end to end on the sample case: staged, checked, swapped in; and every way a
/// publish must stop without touching the previous output.
@Suite struct PublishTests {
    @Test func publishesTheSampleIntoACheckedFolderAndLeavesNothingBeside() async throws {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        let first = try await scratch.publish()
        #expect(first.published)
        #expect(first.swap == .rename)
        let files = SiteCheck.files(in: scratch.output)
        #expect(files.contains("index.html"))
        #expect(files.contains(SiteWriter.manifestName))
        #expect(!files.contains(PublishedFolder.stagingMarker))
        #expect(try scratch.leftovers().isEmpty)
        // The second publish replaces the first by one exchange, and removes the old tree.
        let second = try await scratch.publish()
        #expect(second.published)
        #expect(second.swap == .exchange)
        #expect(try scratch.leftovers().isEmpty)
        #expect(try await SiteCheck.run(folder: scratch.output, baseURL: nil).isEmpty)
    }

    @Test func aBrokenLinkStopsPublishNamingItsPageAndTarget() async throws {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        #expect(try await scratch.publish().published)
        let before = try PublishScratch.snapshot(scratch.output)
        try scratch.plant(#"<p><a href="{{root}}bulletins/page-9.html#b-12">planted</a></p>"#)
        let result = try await scratch.publish()
        let failure = try #require(result.failures.first)
        #expect(result.failures.count == 1)
        #expect(failure.check == .brokenLink)
        #expect(failure.page == "index.html")
        #expect(failure.message == #"broken link "bulletins/page-9.html#b-12" (no such file)"#)
        let line = try #require(failure.line)
        #expect(failure.line(in: result.stagingDisplay).hasPrefix(".public.staging-"))
        #expect(failure.line(in: result.stagingDisplay).contains("/index.html:\(line):"))
        #expect(try PublishScratch.snapshot(scratch.output) == before, "a failed publish leaves the output byte-identical")
        #expect(try scratch.leftovers().isEmpty, "the staging folder is removed")
    }

    @Test func aMissingFragmentStopsPublishNamingItsPageAndTarget() async throws {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        #expect(try await scratch.publish().published)
        let before = try PublishScratch.snapshot(scratch.output)
        try scratch.plant(##"<p><a href="{{root}}fruits/index.html#no-such-fruit">planted</a> <a href="#nobody">here</a></p>"##)
        let result = try await scratch.publish()
        #expect(result.failures.map(\.check) == [.missingFragment, .missingFragment])
        #expect(result.failures.map(\.page) == ["index.html", "index.html"])
        #expect(result.failures.map(\.message) == [
            #"broken link "fruits/index.html#no-such-fruit" (fruits/index.html has no id "no-such-fruit")"#,
            ##"broken link "#nobody" (this page has no id "nobody")"##,
        ])
        #expect(try PublishScratch.snapshot(scratch.output) == before)
        #expect(try scratch.leftovers().isEmpty)
    }

    @Test func anythingExecutableStopsPublish() async throws {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        try scratch.plant("""
            <script>alert(1)</script><p onclick="alert(1)">x</p><a href=" JavaScript:alert(1)">y</a>
            <object data="{{root}}app.wasm"></object>
            <p style="width: expression(alert(1))">z</p><p style="background:url( &#106;avascript:alert(1))">w</p>
            """)
        let result = try await scratch.publish()
        let checks = Set(result.failures.map(\.check.rawValue))
        #expect(checks.isSuperset(of: ["script", "event-handler", "javascript-url", "webassembly", "css-script"]))
        #expect(result.failures.count { $0.check == .cssScript } == 2)
        #expect(!FileManager.default.fileExists(atPath: scratch.output.path), "nothing was published")
        #expect(try scratch.leftovers().isEmpty)
    }

    @Test func aCaseWithErrorsChangesNothing() async throws {
        var scratch = try PublishScratch()
        defer { scratch.remove() }
        #expect(try await scratch.publish().published)
        let before = try PublishScratch.snapshot(scratch.output)
        scratch.content = try SiteBuildTests.variant { folder in
            let animals = folder.appendingPathComponent("animals.yaml")
            let text = try String(contentsOf: animals, encoding: .utf8)
            try text.replacingOccurrences(of: "suspicionLevel: 0.3", with: "suspicionLevel: 1.4")
                .write(to: animals, atomically: true, encoding: .utf8)
        }
        defer { try? FileManager.default.removeItem(at: scratch.content) }
        let result = try await scratch.publish()
        #expect(result.build.errorCount == 1)
        #expect(!result.published)
        #expect(try PublishScratch.snapshot(scratch.output) == before)
        #expect(try scratch.leftovers().isEmpty)
    }

    @Test func warningsStopPublishOnlyWhenStrict() async throws {
        let scratch = try PublishScratch(siteYAMLAddition: "colour: red")  // unknown-field: a warning
        defer { scratch.remove() }
        let strict = try await scratch.publish(strict: true)
        #expect(strict.build.warningCount == 2)  // with the sample's own
        #expect(!strict.published)
        #expect(!FileManager.default.fileExists(atPath: scratch.output.path))
        #expect(try scratch.leftovers().isEmpty)
        #expect(try await scratch.publish().published)
    }

    @Test func aFolderWithAForeignFileIsRefusedAndTheFileStays() async throws {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        #expect(try await scratch.publish().published)
        let foreign = scratch.output.appendingPathComponent("bulletins/notes-to-self.txt")
        try Data("mine".utf8).write(to: foreign)
        let before = try PublishScratch.snapshot(scratch.output)
        await #expect {
            _ = try await scratch.publish()
        } throws: { error in
            "\(error)".contains("public/bulletins/notes-to-self.txt") && "\(error)".contains("did not write")
        }
        #expect(try Data(contentsOf: foreign) == Data("mine".utf8))
        #expect(try PublishScratch.snapshot(scratch.output) == before)
        #expect(try scratch.leftovers().isEmpty)
    }

    @Test func aFolderNeverPublishedIsRefusedUnlessEmpty() async throws {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(at: scratch.output, withIntermediateDirectories: true)
        #expect(try await scratch.publish().published, "an empty folder holds nothing to lose")
        let other = scratch.root.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data("# Docs".utf8).write(to: other.appendingPathComponent("index.md"))
        let options = BuildOptions(content: scratch.content, contentDisplay: "Content", templates: nil, templatesDisplay: "Templates",
                                   output: other, outputDisplay: "docs")
        await #expect(throws: CasefileError.self) { _ = try await PublishPipeline(options: options, strict: false).run() }
        #expect(try String(contentsOf: other.appendingPathComponent("index.md"), encoding: .utf8) == "# Docs")
    }

    @Test func anOutputThatHoldsTheContentIsRefused() async throws {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        let content = scratch.root.appendingPathComponent("Content")
        try FileManager.default.copyItem(at: SiteBuildTests.sample, to: content)
        let before = try PublishScratch.snapshot(scratch.root)
        let options = BuildOptions(content: content, contentDisplay: "Content", templates: nil, templatesDisplay: "Templates",
                                   output: scratch.root, outputDisplay: "case")
        await #expect {
            _ = try await PublishPipeline(options: options, strict: false).run()
        } throws: { error in
            "\(error)".contains("it is or contains")
        }
        #expect(try PublishScratch.snapshot(scratch.root) == before)
    }

    @Test func twoPublishesAreByteIdentical() async throws {
        let a = try PublishScratch(), b = try PublishScratch()
        defer { a.remove(); b.remove() }
        #expect(try await a.publish(baseURL: "https://example.org/case/").published)
        #expect(try await b.publish(baseURL: "https://example.org/case/").published)
        let first = try PublishScratch.snapshot(a.output), second = try PublishScratch.snapshot(b.output)
        #expect(first.keys.sorted() == second.keys.sorted())
        #expect(first.count > 8)
        for (path, bytes) in first {
            #expect(second[path] == bytes, "\(path) differs between two publishes")
        }
    }

    @Test func leftoversOfAKilledPublishAreRemovedAndOnlyThose() async throws {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        // A staging folder of a dead process (its marker says it is ours), a previous output not
        // yet deleted (a manifest; one file it does not list), and a folder that is not ours.
        let stale = scratch.root.appendingPathComponent(".public.staging-999999")
        try FileManager.default.createDirectory(at: stale.appendingPathComponent("fruits"), withIntermediateDirectories: true)
        try Data().write(to: stale.appendingPathComponent(PublishedFolder.stagingMarker))
        try Data("half".utf8).write(to: stale.appendingPathComponent("fruits/index.html"))
        let previous = scratch.root.appendingPathComponent(".public.staging-999998-previous")
        try FileManager.default.createDirectory(at: previous, withIntermediateDirectories: true)
        try Data("index.html\n".utf8).write(to: previous.appendingPathComponent(SiteWriter.manifestName))
        try Data("old".utf8).write(to: previous.appendingPathComponent("index.html"))
        try Data("added".utf8).write(to: previous.appendingPathComponent("added-by-hand.txt"))
        let foreign = scratch.root.appendingPathComponent(".public.staging-999997")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("?".utf8).write(to: foreign.appendingPathComponent("x.html"))

        let result = try await scratch.publish()
        #expect(result.published)
        #expect(result.removedStale == [".public.staging-999999"])
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: previous.path) == ["added-by-hand.txt"])
        #expect(FileManager.default.fileExists(atPath: foreign.appendingPathComponent("x.html").path))
    }

    @Test func aBaseURLAddsASitemapAndCanonicalLinksAndThe404LinksAbsolutely() async throws {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        #expect(try await scratch.publish().published)
        #expect(!FileManager.default.fileExists(atPath: scratch.output.appendingPathComponent("sitemap.xml").path))
        let plain = try SiteBuildTests.page(scratch.output, "bulletins/index.html")
        #expect(!plain.contains("rel=\"canonical\""))
        let plain404 = try SiteBuildTests.page(scratch.output, "404.html")
        #expect(SiteBuildTests.matches(#"href="(index\.html|casefile\.[0-9a-f]{8}\.css)""#, in: plain404).count >= 2)

        #expect(try await scratch.publish(baseURL: "https://example.org/case/").published)
        let sitemap = try SiteBuildTests.page(scratch.output, "sitemap.xml")
        let locs = SiteBuildTests.matches("<loc>([^<]*)</loc>", in: sitemap)
        // The table pages, then every record's own page, by collection in file order.
        var records: [String] = []
        for (file, folder) in [("animals.yaml", "suspects"), ("bulletins.yaml", "bulletins"), ("fruits.yaml", "fruits")] {
            let yaml = try String(contentsOf: SiteBuildTests.sample.appendingPathComponent(file), encoding: .utf8)
            records += SiteBuildTests.matches("(?m)^- id: ([a-z0-9-]+)$", in: yaml).map { "https://example.org/case/\(folder)/id/\($0).html" }
        }
        #expect(records.count == 38)
        #expect(locs == ["https://example.org/case/index.html", "https://example.org/case/bulletins/index.html",
                         "https://example.org/case/fruits/index.html", "https://example.org/case/validation/index.html"] + records)
        let bulletins = try SiteBuildTests.page(scratch.output, "bulletins/index.html")
        #expect(bulletins.contains(#"<link rel="canonical" href="https://example.org/case/bulletins/index.html">"#))
        #expect(SiteBuildTests.matches(#"href="(\.\./casefile\.[0-9a-f]{8}\.css)""#, in: bulletins).count == 1, "other links stay relative")
        let notFound = try SiteBuildTests.page(scratch.output, "404.html")
        #expect(SiteBuildTests.matches(#"href="https://example\.org/case/casefile\.[0-9a-f]{8}\.css""#, in: notFound).count == 1)
        #expect(SiteBuildTests.matches(##"href="(?!https://example\.org/case/)[^"#]"##, in: notFound).isEmpty)
    }

    @Test func theBaseURLOptionOverridesSiteYaml() async throws {
        let scratch = try PublishScratch(siteYAMLAddition: "baseURL: https://yaml.example.org/case")
        defer { scratch.remove() }
        #expect(try await scratch.publish().published)
        #expect(try SiteBuildTests.page(scratch.output, "sitemap.xml").contains("<loc>https://yaml.example.org/case/index.html</loc>"),
                "site.yaml's baseURL, with its slash added")
        #expect(try await scratch.publish(baseURL: "https://option.example.org/").published)
        let sitemap = try SiteBuildTests.page(scratch.output, "sitemap.xml")
        #expect(sitemap.contains("<loc>https://option.example.org/index.html</loc>"))
        #expect(!sitemap.contains("yaml.example.org"))
    }

    @Test func theStylesheetIsNamedForTheHashOfWhatIsWritten() async throws {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        #expect(try await scratch.publish().published)
        let builtIn = try #require(SiteCheck.files(in: scratch.output).first { $0.hasPrefix("casefile.") && $0.hasSuffix(".css") })
        let css = try SiteBuildTests.page(scratch.output, builtIn)
        #expect(builtIn == "casefile.\(ContentHash.hex8(css)).css")
        // A custom stylesheet gets its own name, and every page links it.
        try FileManager.default.createDirectory(at: scratch.templates, withIntermediateDirectories: true)
        try (css + "\n.planted { color: red; }\n").write(to: scratch.templates.appendingPathComponent("casefile.css"),
                                                         atomically: true, encoding: .utf8)
        #expect(try await scratch.publish().published)
        let custom = try #require(SiteCheck.files(in: scratch.output).first { $0.hasPrefix("casefile.") && $0.hasSuffix(".css") })
        #expect(custom != builtIn)
        #expect(try SiteBuildTests.page(scratch.output, custom).contains(".planted"))
        for page in SiteCheck.files(in: scratch.output) where page.hasSuffix(".html") {
            #expect(try SiteBuildTests.page(scratch.output, page).contains(custom + "\""), "\(page) links \(custom)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.output.appendingPathComponent(builtIn).path))
    }
}
