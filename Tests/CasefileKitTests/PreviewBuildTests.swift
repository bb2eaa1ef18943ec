import Foundation
import Testing
import CasefileTemplates
@testable import CasefileKit
@testable import CasefileModel
@testable import CasefileOutput

/// The preview build of `casefile serve`: after each edit its folder must hold exactly what a full
/// build of the edited case writes, while it renders only the pages the edit touches.
@Suite struct PreviewBuildTests {
    /// A copy of the sample at 3 records a page (so notes live on different pages) and a copy of
    /// the built-in templates, both editable.
    struct Workspace {
        let root: URL
        var content: URL { root.appendingPathComponent("Content") }
        var templates: URL { root.appendingPathComponent("Templates") }
        var preview: URL { root.appendingPathComponent("preview") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-preview-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: SiteBuildTests.sample, to: content)
            let builtin = SiteBuildTests.sample.deletingLastPathComponent().appendingPathComponent("Templates")
            try FileManager.default.copyItem(at: builtin, to: templates)
            try append("site.yaml", "\npageSize: 3\n")
        }

        func options(output: URL) -> BuildOptions {
            BuildOptions(content: content, contentDisplay: "Content", templates: templates, templatesDisplay: "Templates",
                         output: output, outputDisplay: "_site")
        }

        func write(_ path: String, _ text: String, in folder: URL? = nil) throws {
            try Data(text.utf8).write(to: (folder ?? content).appendingPathComponent(path))
        }

        func read(_ path: String, in folder: URL? = nil) throws -> String {
            try String(contentsOf: (folder ?? content).appendingPathComponent(path), encoding: .utf8)
        }

        func append(_ path: String, _ text: String) throws { try write(path, try read(path) + text) }

        func path(_ relative: String, in folder: URL? = nil) -> String {
            (folder ?? content).appendingPathComponent(relative).path
        }

        /// Fails unless the preview folder equals a fresh full build of the case as it is now.
        /// `context` says which step of a longer test is checked.
        func expectSameAsFullBuild(_ context: String = "", sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
            let full = root.appendingPathComponent("full-\(UUID().uuidString)")
            _ = try await BuildPipeline(options: options(output: full)).run()
            let expected = SiteBuildTests.files(full).filter { $0 != SiteWriter.manifestName }
            #expect(SiteBuildTests.files(preview) == expected, "\(context)", sourceLocation: sourceLocation)
            for file in expected {
                let a = try Data(contentsOf: preview.appendingPathComponent(file))
                let b = try Data(contentsOf: full.appendingPathComponent(file))
                #expect(a == b, "\(file) differs from a full build \(context)", sourceLocation: sourceLocation)
            }
            try FileManager.default.removeItem(at: full)
        }
    }

    @Test func anEditedNoteRendersOnlyThePageShowingIt() async throws {
        let w = try Workspace()
        defer { try? FileManager.default.removeItem(at: w.root) }
        let build = PreviewBuild(options: w.options(output: w.preview))
        let first = await build.buildAll()
        #expect(first.failure == nil && first.scope == .everything)
        #expect(first.rendered > 10)
        try await w.expectSameAsFullBuild()

        // cat is the 5th animal: suspects page 2 at 3 a page; and cat's own page.
        try w.append("notes/animals/cat.md", "\nA new line about the cat, *emphasised*.\n")
        let edit = await build.update(changed: [w.path("notes/animals/cat.md")])
        #expect(edit.scope == .notes(["notes/animals/cat.md"]))
        #expect(first.pages == .all)
        #expect(edit.pages == PageSet(paths: ["suspects/page-2.html", "suspects/id/cat.html"]),
                "what the rebuild chose to render, as a value")
        #expect(edit.changed.sorted() == ["suspects/id/cat.html", "suspects/page-2.html"])
        #expect(edit.rendered == 2)
        #expect(try w.read("suspects/id/cat.html", in: w.preview).contains("<em>emphasised</em>"))
        #expect(try w.read("suspects/page-2.html", in: w.preview).contains("<em>emphasised</em>"))
        try await w.expectSameAsFullBuild()

        // An edit that keeps every length: the page is still written again.
        try w.write("notes/animals/cat.md", try w.read("notes/animals/cat.md").replacingOccurrences(of: "emphasised", with: "emphasized"))
        let same = await build.update(changed: [w.path("notes/animals/cat.md")])
        #expect(same.changed.sorted() == ["suspects/id/cat.html", "suspects/page-2.html"])
        #expect(try w.read("suspects/page-2.html", in: w.preview).contains("<em>emphasized</em>"))
        try await w.expectSameAsFullBuild()

        // A new note for an animal without one (mouse, 8th: page 3), then a removed note.
        try w.write("notes/animals/hedgehog.md", "Hedgehog says: *hmm*.\n")
        let added = await build.update(changed: [w.path("notes/animals/hedgehog.md")])
        #expect(added.changed.contains("suspects/page-3.html"))
        try await w.expectSameAsFullBuild()
        try FileManager.default.removeItem(atPath: w.path("notes/animals/hedgehog.md"))
        _ = await build.update(changed: [w.path("notes/animals/hedgehog.md")])
        try await w.expectSameAsFullBuild()
    }

    /// A bulletin's note is on its table's page, on its own page and in the feed: all three are
    /// rendered again.
    @Test func anEditedBulletinNoteRendersItsPagesAndTheFeed() async throws {
        let w = try Workspace()
        defer { try? FileManager.default.removeItem(at: w.root) }
        let build = PreviewBuild(options: w.options(output: w.preview))
        #expect(await build.buildAll().failure == nil)
        try w.append("notes/bulletins/b-orchard-elstar.md", "\nOne more line, *for the feed*.\n")
        let edit = await build.update(changed: [w.path("notes/bulletins/b-orchard-elstar.md")])
        #expect(edit.scope == .notes(["notes/bulletins/b-orchard-elstar.md"]))
        #expect(Set(edit.changed).isSuperset(of: ["bulletins/index.html", "bulletins/id/b-orchard-elstar.html", "bulletins.atom"]))
        #expect(try w.read("bulletins.atom", in: w.preview).contains("<em>for the feed</em>"))
        try await w.expectSameAsFullBuild()
    }

    /// A note edit reuses what the record rules found, unless the edit adds or removes a note:
    /// then missing-interview is found again (duck, Extremely suspicious without an alibi).
    @Test func aNoteAddedOrRemovedRunsTheRecordRulesAgain() async throws {
        let w = try Workspace()
        defer { try? FileManager.default.removeItem(at: w.root) }
        try w.write("animals.yaml", try w.read("animals.yaml")
            .replacingOccurrences(of: "  suspicionLevel: 0.4\n  alibi: \"Leading a morning paddle around the pond.\"\n",
                                  with: "  suspicionLevel: 0.95\n"))
        let build = PreviewBuild(options: w.options(output: w.preview))
        _ = await build.buildAll()
        func missingInterviews() throws -> Int {
            try SiteBuildTests.matches("missing-interview", in: w.read("validation/report.json", in: w.preview)).count
        }
        let before = try missingInterviews()
        #expect(before >= 1, "duck is reported")
        try await w.expectSameAsFullBuild()

        try w.write("notes/animals/duck.md", "Duck was seen *paddling*.\n")
        _ = await build.update(changed: [w.path("notes/animals/duck.md")])
        #expect(try missingInterviews() == before - 1)
        try await w.expectSameAsFullBuild()

        try w.append("notes/animals/duck.md", "And then *diving*.\n")
        _ = await build.update(changed: [w.path("notes/animals/duck.md")])
        #expect(try missingInterviews() == before - 1)
        try await w.expectSameAsFullBuild()

        try FileManager.default.removeItem(atPath: w.path("notes/animals/duck.md"))
        _ = await build.update(changed: [w.path("notes/animals/duck.md")])
        #expect(try missingInterviews() == before)
        try await w.expectSameAsFullBuild()
    }

    @Test func filesTheLoaderNeverReadsChangeNothing() async throws {
        let w = try Workspace()
        defer { try? FileManager.default.removeItem(at: w.root) }
        let build = PreviewBuild(options: w.options(output: w.preview))
        _ = await build.buildAll()
        try w.write("notes/animals/.cat.md.swp", "x")
        try w.write("README.txt", "x")
        let update = await build.update(changed: [w.path("notes/animals/.cat.md.swp"), w.path("README.txt")])
        #expect(update.scope == .nothing && update.rendered == 0)
    }

    /// A collection's file is read again alone, and only the pages its changed record touches are
    /// rendered; site.yaml is read again with everything.
    @Test func aCollectionEditRendersItsRecordsPagesAndSiteYAMLEverything() async throws {
        let w = try Workspace()
        defer { try? FileManager.default.removeItem(at: w.root) }
        let build = PreviewBuild(options: w.options(output: w.preview))
        let first = await build.buildAll()
        let animals = try w.read("animals.yaml").replacingOccurrences(of: "name: Fabrizio\n", with: "name: Fabrizio Quinn\n")
        #expect(animals.contains("Fabrizio Quinn"))
        try w.write("animals.yaml", animals)
        let update = await build.update(changed: [w.path("animals.yaml")])
        #expect(update.scope == .records(["animals.yaml"]))
        #expect(update.changed.contains("index.html"))
        #expect(update.rendered < first.rendered)
        try await w.expectSameAsFullBuild()

        try w.append("site.yaml", "feed: false\n")
        let site = await build.update(changed: [w.path("site.yaml")])
        #expect(site.scope == .everything)
        try await w.expectSameAsFullBuild()
    }

    @Test func aPageTemplateRendersItsPagesOnlyAndALayoutEveryPage() async throws {
        let w = try Workspace()
        defer { try? FileManager.default.removeItem(at: w.root) }
        let build = PreviewBuild(options: w.options(output: w.preview))
        _ = await build.buildAll()
        let fruits = try w.read("fruits.mustache", in: w.templates)
        try w.write("fruits.mustache", fruits + "\n<!-- fruits edited -->\n", in: w.templates)
        let update = await build.update(changed: [w.path("fruits.mustache", in: w.templates)])
        #expect(update.scope == .templates(["fruits"]))
        #expect(update.pages == PageSet(templates: ["fruits"]))
        #expect(update.pages.contains("fruits/index.html") && !update.pages.contains("index.html"))
        #expect(!update.changed.isEmpty && update.changed.allSatisfy { $0.hasPrefix("fruits/") })
        try await w.expectSameAsFullBuild()

        let layout = try w.read("layout.mustache", in: w.templates)
        try w.write("layout.mustache", layout.replacingOccurrences(of: "<main ", with: "<main data-edited "), in: w.templates)
        let all = await build.update(changed: [w.path("layout.mustache", in: w.templates)])
        #expect(all.changed.contains("index.html") && all.changed.contains("404.html")
                && all.changed.contains("bulletins/index.html"))
        try await w.expectSameAsFullBuild()
    }

    /// The stylesheets in the preview's folder (one, named for its content, when all is well).
    static func stylesheets(in w: Workspace) -> [String] {
        SiteBuildTests.files(w.preview).filter { $0.hasSuffix(".css") }
    }

    @Test func aStylesheetEditRenamesItAndEveryPageLinksTheNewName() async throws {
        let w = try Workspace()
        defer { try? FileManager.default.removeItem(at: w.root) }
        let build = PreviewBuild(options: w.options(output: w.preview))
        _ = await build.buildAll()
        let before = Self.stylesheets(in: w)
        #expect(before.count == 1)
        let css = try w.read("casefile.css", in: w.templates)
        try w.write("casefile.css", css + "\n.cf-edited { color: red; }\n", in: w.templates)
        let update = await build.update(changed: [w.path("casefile.css", in: w.templates)])
        let after = Self.stylesheets(in: w)
        #expect(after.count == 1 && after != before, "the old stylesheet goes, the new one has a new name: \(after)")
        #expect(update.changed.contains("index.html") && update.changed.contains("fruits/index.html"))
        let index = try String(contentsOf: w.preview.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(after.allSatisfy { index.contains($0) })
        try await w.expectSameAsFullBuild()
    }

    @Test func aStylesheetPartEditRenamesTheStylesheetToo() async throws {
        let w = try Workspace()
        defer { try? FileManager.default.removeItem(at: w.root) }
        let build = PreviewBuild(options: w.options(output: w.preview))
        _ = await build.buildAll()
        let before = Self.stylesheets(in: w)
        // A new file overriding one built-in part of casefile.css.
        let part = try #require(BuiltinTemplates.templates["styles/tables"])
        try FileManager.default.createDirectory(at: w.templates.appendingPathComponent("styles"), withIntermediateDirectories: true)
        try w.write("styles/tables.mustache", part + ".cf-edited { color: red; }\n", in: w.templates)
        let update = await build.update(changed: [w.path("styles/tables.mustache", in: w.templates)])
        let after = Self.stylesheets(in: w)
        #expect(after.count == 1 && after != before, "\(before) → \(after)")
        let css = try w.read(try #require(after.first), in: w.preview)
        #expect(css.contains(".cf-edited { color: red; }"))
        #expect(update.changed.contains("index.html") && update.changed.contains("validation/index.html"))
        try await w.expectSameAsFullBuild()
    }

    @Test func aTemplateThatDoesNotParseKeepsThePagesAndSaysWhere() async throws {
        let w = try Workspace()
        defer { try? FileManager.default.removeItem(at: w.root) }
        let build = PreviewBuild(options: w.options(output: w.preview))
        _ = await build.buildAll()
        let before = try w.read("index.html", in: w.preview)
        let fruits = try w.read("fruits.mustache", in: w.templates)
        try w.write("fruits.mustache", "line one\n{{#open}}\n", in: w.templates)
        let broken = await build.update(changed: [w.path("fruits.mustache", in: w.templates)])
        let failure = try #require(broken.failure)
        #expect(failure.hasPrefix("Templates/fruits.mustache:"), "\(failure)")
        #expect(failure.range(of: #"^Templates/fruits\.mustache:\d+:\d+: error"#, options: .regularExpression) != nil)
        #expect(try w.read("index.html", in: w.preview) == before)

        try w.write("fruits.mustache", fruits, in: w.templates)
        let fixed = await build.update(changed: [w.path("fruits.mustache", in: w.templates)])
        #expect(fixed.failure == nil)
        try await w.expectSameAsFullBuild()
    }

    @Test func caseErrorsKeepTheLastGoodPagesAndUpdateTheValidationPage() async throws {
        let w = try Workspace()
        defer { try? FileManager.default.removeItem(at: w.root) }
        let build = PreviewBuild(options: w.options(output: w.preview))
        _ = await build.buildAll()
        let page = try w.read("suspects/page-2.html", in: w.preview)
        let note = try w.read("notes/animals/cat.md")
        try w.write("notes/animals/cat.md", note + "\nSee [the dog](animal:dgo).\n")
        let broken = await build.update(changed: [w.path("notes/animals/cat.md")])
        #expect(broken.errorCount == 1)
        #expect(broken.keptLastGoodPages)
        #expect(try w.read("suspects/page-2.html", in: w.preview) == page)
        #expect(try w.read("validation/index.html", in: w.preview).contains("dgo"))
        #expect(broken.changed.allSatisfy { $0.hasPrefix("validation/") })
        #expect(broken.rendered == 3 + 12, "the validation page, its listings (6 columns, both ways) and the two reports, nothing else")

        // Edits while the errors stay are remembered, and written once they are gone.
        let fish = try w.read("notes/animals/fish.md")
        try w.write("notes/animals/fish.md", fish + "\nFish edited meanwhile.\n")
        let meanwhile = await build.update(changed: [w.path("notes/animals/fish.md")])
        #expect(meanwhile.keptLastGoodPages && meanwhile.changed.isEmpty)
        #expect(!(try w.read("index.html", in: w.preview)).contains("Fish edited meanwhile."))

        try w.write("notes/animals/cat.md", note + "\nSee [the dog](animal:crow).\n")
        let fixed = await build.update(changed: [w.path("notes/animals/cat.md")])
        #expect(fixed.errorCount == 0 && !fixed.keptLastGoodPages)
        #expect(Set(fixed.changed).isSuperset(of: ["index.html", "suspects/page-2.html", "validation/index.html"]))
        #expect(fixed.rendered < 10 + 12, "back to the problems on disk: only the edited pages, the validation page and its 12 listings")
        try await w.expectSameAsFullBuild()

        // A data file broken meanwhile: everything is rendered once it is fixed.
        let site = try w.read("site.yaml")
        try w.write("site.yaml", site + "pageSize: [\n")
        let data = await build.update(changed: [w.path("site.yaml")])
        #expect(data.errorCount > 0 && data.keptLastGoodPages)
        try w.write("site.yaml", site.replacingOccurrences(of: "pageSize: 3", with: "pageSize: 4"))
        let back = await build.update(changed: [w.path("site.yaml")])
        #expect(back.errorCount == 0)
        try await w.expectSameAsFullBuild()
    }
}
