import Foundation
import Testing
@testable import CasefileKit
import CasefileModel
import CasefileOutput
import CasefileTestSupport

/// The checks of a case's template overrides: each rule fires on a case made for it, none on the
/// sample, and a case holding the old `init`'s full copy builds the same site with a note a copy.
@Suite struct TemplateCheckTests {
    static func build(templates: URL?, display: String = "Custom") async throws -> (BuildSummary, URL) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-out-\(UUID().uuidString)")
        let options = BuildOptions(content: SiteBuildTests.sample, contentDisplay: "Content", templates: templates,
                                   templatesDisplay: display, output: output, outputDisplay: "_site")
        return (try await BuildPipeline(options: options).run(), output)
    }

    static func template(_ name: String) throws -> BuiltinTemplate {
        try #require(BuiltinTemplate.named(name))
    }

    static func remove(_ urls: URL...) {
        for url in urls { try? FileManager.default.removeItem(at: url) }
    }

    @Test func aCopyNoDifferentFromItsBuiltinIsANoteAskingToRemoveIt() async throws {
        let suspects = try Self.template("suspects")
        let folder = try TemplateOverrideTests.folder(["suspects.mustache": Provenance.copy(of: suspects)])
        let (summary, output) = try await Self.build(templates: folder)
        defer { Self.remove(folder, output) }
        let found = summary.templateDiagnostics
        #expect(found.map(\.ruleID) == ["template-unchanged"])
        let note = try #require(found.first)
        #expect(note.severity == .note)
        #expect(note.location == SourceLocation(path: "suspects.mustache", line: 1, column: 1))
        #expect(note.message.contains("suspects") && note.message.contains("upgrades"))
        #expect(note.fix?.contains("Delete the file") == true)
        #expect(summary.errorCount == 0 && summary.warningCount == 1, "the sample's own warning only: a note fails nothing")
        #expect(summary.shown(content: "Content", templates: "Custom").contains { $0.location?.path == "Custom/suspects.mustache" })
    }

    @Test func aCopyLackingAHookIsAWarningNamingTheFileTheHookAndWhatStops() async throws {
        let suspects = try Self.template("suspects")
        let select = try #require(TemplateHooks.documented.first { $0.name == "data-select" })
        #expect(suspects.hooks.contains(select))
        let edited = Provenance.copy(of: suspects).replacingOccurrences(of: " data-select", with: " data-chosen")
        let folder = try TemplateOverrideTests.folder(["suspects.mustache": edited])
        let (summary, output) = try await Self.build(templates: folder)
        defer { Self.remove(folder, output) }
        let found = summary.templateDiagnostics
        #expect(found.map(\.ruleID) == ["template-missing-hook"], "\(found.map(\.message))")
        let warning = try #require(found.first)
        #expect(warning.severity == .warning)
        #expect(warning.location?.path == "suspects.mustache")
        #expect(warning.value == "data-select")
        #expect(warning.message.contains("data-select") && warning.message.contains("suspects"))
        // What stops working is the README's hook table's "activating it" for data-select.
        #expect(warning.message.contains("selects the row"), "\(warning.message)")
        #expect(summary.warningCount == 2, "the sample's warning and this one")
    }

    @Test func aCopyOfAnEarlierBuiltinIsANoteSayingWhatChanged() async throws {
        let suspects = try Self.template("suspects")
        var lines = suspects.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // A line of markup the built-in has once, taken out, and a line of the copy's own put in.
        let unique = try #require(lines.firstIndex { line in !line.isEmpty && !line.contains("{{") && lines.count { $0 == line } == 1 })
        lines.remove(at: unique)
        lines.insert("<p>Ours</p>", at: 1)
        let earlier = Provenance(name: "suspects", hash: "0123456789abcdef")
        let folder = try TemplateOverrideTests.folder(["suspects.mustache": earlier.line + lines.joined(separator: "\n")])
        let (summary, output) = try await Self.build(templates: folder)
        defer { Self.remove(folder, output) }
        let found = summary.templateDiagnostics
        #expect(found.map(\.ruleID) == ["template-outdated"], "\(found.map(\.message))")
        let note = try #require(found.first)
        #expect(note.severity == .note)
        #expect(note.location?.path == "suspects.mustache")
        #expect(note.message.contains("the built-in suspects template has changed since this copy was made"))
        #expect(note.message.contains("0123456789abcdef then, \(suspects.hash) now"))
        #expect(note.message.contains("1 line of the built-in not in the copy, 1 line of the copy not in the built-in"), "\(note.message)")
        #expect(note.message.contains("merge"))
    }

    @Test func anUntouchedCopyOfAnEarlierBuiltinSaysSo() {
        let old = "<p>{{siteTitle}}</p>\n"
        let recorded = Provenance(name: "notfound", hash: ContentHash.hex16(old))
        let problems = TemplateCheck.check(recorded.line + old, at: "notfound.mustache", against: BuiltinTemplate.named("notfound")!)
        #expect(problems.map(\.ruleID) == ["template-outdated"] + BuiltinTemplate.named("notfound")!.hooks.map { _ in "template-missing-hook" })
        #expect(problems.first?.message.contains("unchanged since it was made") == true)
    }

    /// The sample, built from the repository as the quick start does (its ./Templates is the
    /// built-ins' own source), without a templates folder, and with one of the case's own
    /// partials only: nothing to say.
    @Test func theSampleGetsNoneOfThem() async throws {
        let repositoryTemplates = Repository.root.appendingPathComponent("Templates")
        let own = try TemplateOverrideTests.folder(["partials/ours.mustache": "<p>ours</p>\n"])
        defer { Self.remove(own) }
        for templates in [repositoryTemplates, nil, own] {
            let (summary, output) = try await Self.build(templates: templates)
            Self.remove(output)
            #expect(summary.templateDiagnostics.isEmpty, "\(templates?.path ?? "none"): \(summary.templateDiagnostics.map(\.message))")
        }
    }

    /// What the old `casefile init` wrote: every built-in as it was, no first line, and the README.
    @Test func anOldInitsFullCopyBuildsTheSameSiteWithANotePerCopy() async throws {
        var files = Dictionary(uniqueKeysWithValues: BuiltinTemplate.all.map { ($0.file, $0.text) })
        files["README.md"] = "# Templates\n"
        let folder = try TemplateOverrideTests.folder(files)
        let (copied, withCopies) = try await Self.build(templates: folder)
        let (plain, without) = try await Self.build(templates: nil)
        defer { Self.remove(folder, withCopies, without) }
        let found = copied.templateDiagnostics
        #expect(found.count == BuiltinTemplate.all.count)
        #expect(found.allSatisfy { $0.rule == .templateUnchanged && $0.severity == .note })
        #expect(found.compactMap(\.location?.path).sorted() == BuiltinTemplate.all.map(\.file).sorted())
        #expect(copied.errorCount == plain.errorCount && copied.warningCount == plain.warningCount)
        #expect(copied.diagnostics == plain.diagnostics, "the case's own problems, and so its reports, are the same")
        let a = try PublishScratch.snapshot(withCopies), b = try PublishScratch.snapshot(without)
        #expect(a.count > 50)
        #expect(a == b, "files that differ: \(Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted())")
    }

    @Test func siteYamlSetsTheirSeverityOrTurnsThemOff() throws {
        let copy = Provenance.copy(of: try Self.template("fruits"))
        let folder = try TemplateOverrideTests.folder(["fruits.mustache": copy])
        defer { Self.remove(folder) }
        var settings = SiteSettings(title: "t")
        #expect(TemplateCheck.problems(in: folder, settings: settings).map(\.severity) == [.note])
        settings.ruleSeverities[.templateUnchanged] = .warning
        #expect(TemplateCheck.problems(in: folder, settings: settings).map(\.severity) == [.warning])
        settings.ruleSeverities[.templateUnchanged] = .some(nil)
        #expect(TemplateCheck.problems(in: folder, settings: settings).isEmpty)
    }
}
