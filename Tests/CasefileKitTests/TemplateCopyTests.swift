import Foundation
import Testing
@testable import CasefileKit
import CasefileTestSupport

/// `casefile init` copies no template; `casefile templates` lists the built-ins and copies the one
/// asked for, recording where it came from, without changing what it renders.
@Suite struct TemplateCopyTests {
    static func emptyFolder() throws -> URL {
        let url = URL(fileURLWithPath: CommandLineTests.temp("templates"))
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func initWritesNoTemplateButTheReadme() throws {
        let paths = NewCase.files.map(\.path)
        #expect(!paths.contains { $0.hasSuffix(".mustache") || $0.hasSuffix(".css") }, "\(paths)")
        #expect(paths.filter { $0.hasPrefix("Templates/") } == ["Templates/README.md"])
        let readme = try #require(NewCase.files.first { $0.path == "Templates/README.md" })
        #expect(String(decoding: readme.bytes, as: UTF8.self).contains("casefile templates copy"))
    }

    @Test func copyWritesExactlyTheFileAskedForAndNamesItsHooks() throws {
        let case_ = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: case_) }
        let result = try CommandLineTests.run(["templates", "copy", "partials/suspect-panel"], in: case_)
        #expect(result.status == 0, "\(result.err)")
        let panel = try #require(BuiltinTemplate.named("partials/suspect-panel"))
        let written = try PublishScratch.snapshot(case_)
        #expect(Array(written.keys) == ["Templates/partials/suspect-panel.mustache"])
        let text = String(decoding: written.values.first ?? Data(), as: UTF8.self)
        #expect(text == "{{! casefile-template: partials/suspect-panel \(panel.hash) }}\n" + panel.text)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "Wrote Templates/partials/suspect-panel.mustache (the built-in partials/suspect-panel, \(panel.hash))")
        // The hooks of the README's table that the built-in panel writes, in the table's order;
        // a field's data-invalid is written by the partial each field row uses.
        #expect(panel.hooks.map(\.name) == ["data-inspector-panel", "data-detent", "data-permalink"])
        #expect(lines.dropFirst().first == "  keep its hooks: data-inspector-panel, data-detent, data-permalink")
        #expect(BuiltinTemplate.named("partials/field-row")?.hooks.map(\.name) == ["data-invalid"])
    }

    @Test func copyRefusesToOverwriteUnlessForced() throws {
        let case_ = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: case_) }
        let mine = case_.appendingPathComponent("Templates/suspects.mustache")
        try FileManager.default.createDirectory(at: mine.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("<p>mine</p>\n".utf8).write(to: mine)

        let refused = try CommandLineTests.run(["templates", "copy", "suspects", "fruits"], in: case_)
        #expect(refused.status == 2)
        #expect(refused.err.contains("Templates/suspects.mustache") && refused.err.contains("--force"), "\(refused.err)")
        #expect(try PublishScratch.snapshot(case_).keys.sorted() == ["Templates/suspects.mustache"], "nothing written, not even fruits")
        #expect(try String(contentsOf: mine, encoding: .utf8) == "<p>mine</p>\n")

        let forced = try CommandLineTests.run(["templates", "copy", "suspects", "--force"], in: case_)
        #expect(forced.status == 0)
        #expect(try String(contentsOf: mine, encoding: .utf8).hasPrefix("{{! casefile-template: suspects "))
    }

    /// `init` and `templates copy` share how they write into a folder: a path that is a file is
    /// refused (exit 2), and the file is left as it was.
    @Test func aFileWhereTheFolderGoesIsRefusedByInitAndCopy() throws {
        let case_ = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: case_) }
        let templates = case_.appendingPathComponent("Templates"), target = case_.appendingPathComponent("new-case")
        for file in [templates, target] { try Data("a file\n".utf8).write(to: file) }

        let copy = try CommandLineTests.run(["templates", "copy", "suspects"], in: case_)
        #expect(copy.status == 2)
        #expect(copy.err.contains("Templates") && copy.err.contains("it is a file, not a folder"), "\(copy.err)")
        let initialised = try CommandLineTests.run(["init", "new-case"], in: case_)
        #expect(initialised.status == 2)
        #expect(initialised.err.contains("new-case") && initialised.err.contains("it is a file, not a folder"), "\(initialised.err)")
        #expect(try PublishScratch.snapshot(case_) == ["Templates": Data("a file\n".utf8), "new-case": Data("a file\n".utf8)])
    }

    @Test func anUnknownNameIsAUsageErrorNamingTheNearOnes() throws {
        let case_ = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: case_) }
        let result = try CommandLineTests.run(["templates", "copy", "suspect-panle"], in: case_)
        #expect(result.status == 64)
        #expect(result.err.contains("No built-in template is named \"suspect-panle\""), "\(result.err)")
        #expect(result.err.contains("\"partials/suspect-panel\""), "\(result.err)")
        #expect(try PublishScratch.snapshot(case_).isEmpty)
        #expect(BuiltinTemplate.near("suspect") .first == "suspects")
        #expect(BuiltinTemplate.near("nothing-like-it").isEmpty)
    }

    @Test func listNamesEveryBuiltinAndWhichAreOverridden() throws {
        let case_ = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: case_) }
        #expect(try CommandLineTests.run(["templates", "copy", "casefile.css"], in: case_).status == 0)
        try Data("<p>ours</p>\n".utf8).write(to: case_.appendingPathComponent("Templates/ours.mustache"))
        let result = try CommandLineTests.run(["templates", "list"], in: case_)
        #expect(result.status == 0)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "Built-in templates (\(BuiltinTemplate.all.count); 1 overridden in Templates):")
        let named = lines.dropFirst().prefix(BuiltinTemplate.all.count).map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(named == BuiltinTemplate.all.map(\.name))
        #expect(lines.contains { $0.hasPrefix("  casefile.css ") && $0.hasSuffix("  overridden by Templates/casefile.css") })
        #expect(lines.contains("  suspects"))
        #expect(lines.suffix(2) == ["The case's own templates in Templates:", "  Templates/ours.mustache"])
    }

    /// Every copy, first line and all, renders what its built-in does: the site is the same.
    @Test func everyCopyRendersAsItsBuiltinDoes() async throws {
        let folder = try Self.emptyFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try TemplateCopies.copy(BuiltinTemplate.all, into: folder, displayPath: "Custom", force: false)
        #expect(written.count == BuiltinTemplate.all.count)
        let (copied, withCopies) = try await TemplateCheckTests.build(templates: folder)
        let (_, without) = try await TemplateCheckTests.build(templates: nil)
        defer { TemplateCheckTests.remove(withCopies, without) }
        #expect(copied.templateDiagnostics.allSatisfy { $0.rule == .templateUnchanged })
        let a = try PublishScratch.snapshot(withCopies), b = try PublishScratch.snapshot(without)
        #expect(a.count > 50)
        #expect(a == b, "files that differ: \(Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted())")
    }

    @Test func theHookTableIsReadFromTheReadme() {
        let names = TemplateHooks.documented.map(\.name)
        #expect(names.prefix(4) == ["data-page", "data-table", "data-record-id", "data-select"])
        #expect(names.contains("data-page-jump") && names.contains("data-new") && names.contains("data-delete"))
        #expect(Set(names).count == names.count)
        let page = TemplateHooks.documented[0]
        #expect(page.isWritten(in: "<body data-page=\"x\">"))
        #expect(!page.isWritten(in: "<a data-page-jump href=\"#\">"), "another hook's name begins with it")
        #expect(!page.isWritten(in: "[data-page] { color: red }"), "a selector does not make the hook")
        #expect(page.activation == nil)
        #expect(TemplateHooks.documented[3].activation?.hasPrefix("selects the row") == true)
    }
}
