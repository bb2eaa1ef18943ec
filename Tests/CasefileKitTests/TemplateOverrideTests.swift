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

    @Test func aCustomTemplateReplacesOnlyItself() async throws {
        let templates = try Self.folder(["notfound.mustache": "<p>Lost in {{siteTitle}}</p>\n"])
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-out-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: templates)
            try? FileManager.default.removeItem(at: output)
        }
        _ = try await BuildPipeline(options: Self.options(templates: templates, output: output)).run()
        let notFound = try String(contentsOf: output.appendingPathComponent("404.html"), encoding: .utf8)
        #expect(notFound == "<p>Lost in Who nibbled the fruit at Apple Park?</p>\n")
        // The other pages still come from the built-in templates.
        let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("data-page=\"suspects\""))
        #expect(SiteBuildTests.rowIDs(index).count == 10)
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
