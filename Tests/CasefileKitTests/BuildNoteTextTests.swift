import Foundation
import Testing
@testable import CasefileKit
import CasefileModel
import CasefileOutput
import CasefileRendering

/// A build prepares the case without the notes' Markdown once they are compiled (it renders their
/// HTML only, and at 100k the Markdown held through the render was 65 MB of the peak).
@Suite struct BuildNoteTextTests {
    @Test func aBuildPreparesTheCaseWithoutTheNotesMarkdownAndRendersTheSameSite() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-note-text-\(UUID().uuidString)")
        let options = BuildOptions(content: SiteBuildTests.sample, contentDisplay: "Content", templates: nil,
                                   templatesDisplay: "", output: output, outputDisplay: "_site")
        let kept = try await BuildPipeline(options: options).prepare()
        let built = try await BuildPipeline(options: options).prepare(keepsNoteText: false)
        let keptNotes = kept.loaded.caseContent.notes.values.flatMap(\.values)
        #expect(keptNotes.count >= 3)
        #expect(keptNotes.allSatisfy { !$0.source.isEmpty })
        for content in [built.loaded.caseContent, built.placed.caseContent] {
            let notes = content.notes.values.flatMap(\.values)
            #expect(Set(notes.map(\.path)) == Set(keptNotes.map(\.path)))
            #expect(notes.allSatisfy { $0.source.isEmpty })
        }
        // What a site shows of the notes is their compiled HTML: the same pages either way.
        func site(_ prepared: PreparedCase) async throws -> [String: [UInt8]] {
            var files: [String: [UInt8]] = [:]
            try await SiteRenderer(templates: prepared.templates).render(prepared.placed) { files[$0.path] = $0.bytes }
            return files
        }
        let keptSite = try await site(kept), builtSite = try await site(built)
        #expect(keptSite.count > 20)
        #expect(keptSite == builtSite)
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
