import Foundation
import Testing
@testable import CasefileKit
@testable import CasefileModel

/// A custom templates folder replaces only the templates it holds; one that does not parse stops
/// the build before anything is written, naming its file, line and column.
@Suite struct TemplateOverrideTests {
    static func folder(_ files: [String: String]) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-tpl-\(UUID().uuidString)")
        for (path, text) in files {
            let url = dir.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return dir
    }

    static func options(templates: URL, output: URL) -> BuildOptions {
        BuildOptions(content: SiteBuildTests.sample, contentDisplay: "Content", templates: templates,
                     templatesDisplay: "Custom", output: output, outputDisplay: "_site")
    }

    /// The sample built with a templates folder holding `files`; the caller removes the output.
    static func build(with files: [String: String]) async throws -> URL {
        let templates = try folder(files)
        defer { try? FileManager.default.removeItem(at: templates) }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-out-\(UUID().uuidString)")
        _ = try await BuildPipeline(options: options(templates: templates, output: output)).run()
        return output
    }

    @Test func aCustomTemplateReplacesOnlyItself() async throws {
        let output = try await Self.build(with: ["notfound.mustache": "<p>Lost in {{siteTitle}}</p>\n"])
        defer { try? FileManager.default.removeItem(at: output) }
        let notFound = try String(contentsOf: output.appendingPathComponent("404.html"), encoding: .utf8)
        #expect(notFound == "<p>Lost in Who nibbled the fruit at Apple Park?</p>\n")
        // The other pages still come from the built-in templates.
        let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("data-page=\"suspects\""))
        #expect(SiteBuildTests.rowIDs(index).count == 10)
    }

    /// A listing's rows come from `partials/listing-row`: a copy of it changes every listing's
    /// rows, sees the row's own values and the UI strings, and nothing of the built-in row is left.
    @Test func aCustomListingRowChangesEveryListing() async throws {
        let row = "<tr data-custom=\"{{id}}\"><td>{{name}} · {{t.backToTable}}</td>{{#cells}}<td{{#numeric}} data-n{{/numeric}}>{{text}}</td>{{/cells}}</tr>\n"
        let output = try await Self.build(with: ["partials/listing-row.mustache": row])
        defer { try? FileManager.default.removeItem(at: output) }
        let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        let listing = try String(contentsOf: output.appendingPathComponent("suspects/by/suspect-asc.html"), encoding: .utf8)
        let ids = SiteBuildTests.matches(#"<tr data-custom="([^"]*)"><td>[^<]* · Back to the table</td>"#, in: listing)
        // Every suspect of the table, in another order, and no built-in row.
        #expect(ids.count == 10)
        #expect(Set(ids) == Set(SiteBuildTests.rowIDs(index)))
        #expect(SiteBuildTests.rowIDs(listing).isEmpty)
        // A numeric column (a bulletin's bites) is marked as such; the suspects have none.
        let bites = try String(contentsOf: output.appendingPathComponent("bulletins/by/bites-asc.html"), encoding: .utf8)
        #expect(bites.contains("<td data-n>"))
        #expect(!listing.contains("data-n"))
    }

    /// Every field row of the panels comes from `partials/field-row`: a copy of it changes them
    /// all, valid and invalid, on the table pages and the records' own pages.
    @Test func aCustomFieldRowChangesEveryPanelsFields() async throws {
        let row = "<p data-f{{#invalid}} data-bad=\"{{rule}}\"{{/invalid}}>{{$label}}{{/label}}={{$value}}{{/value}}</p>"
        let output = try await Self.build(with: ["partials/field-row.mustache": row])
        defer { try? FileManager.default.removeItem(at: output) }
        let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        // One species row per suspect, each valid.
        #expect(SiteBuildTests.matches(#"<p data-f>(Species)="#, in: index).count == 10)
        // The sample's suspect who lists a fruit twice: the row says so, with the rule.
        #expect(SiteBuildTests.matches(#"<p data-f data-bad="(duplicate-fruit)">Favourite fruits="#, in: index).count == 1)
        // No row of the built-in partial is left but the one that has no state (awake at).
        #expect(SiteBuildTests.matches(#"(<div class="cf-row)"#, in: index).count == SiteBuildTests.matches(#"(<dt>Awake at</dt>)"#, in: index).count)
        let bulletins = try String(contentsOf: output.appendingPathComponent("bulletins/index.html"), encoding: .utf8)
        #expect(bulletins.contains("<p data-f>Place="))
        let fruit = try String(contentsOf: output.appendingPathComponent("fruits/id/golden-gem.html"), encoding: .utf8)
        #expect(fruit.contains("<p data-f>Name=Golden Gem Apple</p>"))
    }

    @Test func aTemplateThatDoesNotParseStopsTheBuildWithItsPlace() async throws {
        // Line 2 opens a section that line 3 closes under another name.
        let templates = try Self.folder(["suspects.mustache": "<main>\n{{#rows}}\n{{/row}}\n</main>\n"])
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-out-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: templates) }
        await #expect {
            _ = try await BuildPipeline(options: Self.options(templates: templates, output: output)).run()
        } throws: { error in
            "\(error)".hasPrefix("Custom/suspects.mustache:3:")
        }
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing is written")
    }

    @Test func anOutputFolderHoldingTheContentIsRefused() async throws {
        let options = BuildOptions(content: SiteBuildTests.sample, contentDisplay: "Content", templates: nil,
                                   templatesDisplay: "Templates",
                                   output: SiteBuildTests.sample.deletingLastPathComponent(), outputDisplay: ".")
        await #expect(throws: CasefileError.self) {
            _ = try await BuildPipeline(options: options).run()
        }
    }
}
