import Foundation
import Testing
import CasefileTestSupport
@testable import CasefileKit
@testable import CasefileModel

/// What the editor hands the preview's rebuild after a save (`SavedFiles`): the reading of each
/// file it wrote and the case its check validated. The rebuild must take them only while they
/// are true of the folder; the site is then what a full build of the folder writes.
@Suite struct PreviewSavedFilesTests {
    /// A reading of bytes the file no longer holds (it changed again after the save, before the
    /// rebuild) is not taken: the rebuild reads the file.
    @Test func aReadingOfAFileChangedSinceIsNotTaken() async throws {
        let w = try PreviewBuildTests.Workspace()
        defer { try? FileManager.default.removeItem(at: w.root) }
        let build = PreviewBuild(options: w.options(output: w.preview))
        #expect(await build.buildAll().failure == nil)
        let original = try w.read("animals.yaml")
        let saved = original.replacingOccurrences(of: "name: Fabrizio", with: "name: Saved Name")
        let later = original.replacingOccurrences(of: "name: Fabrizio", with: "name: Later Name")
        try #require(saved != original && later != original)
        try w.write("animals.yaml", saved)
        var files = SavedFiles()
        files.readings = [SavedReading(path: w.path("animals.yaml"),
                                       result: EditCheck.decode(.animals, path: "animals.yaml", bytes: Array(saved.utf8)))]
        // Written again (another size, so that the stamp differs even within one clock tick).
        try w.write("animals.yaml", later + "\n")
        let update = await build.update(changed: [w.path("animals.yaml")], saved: files)
        #expect(update.failure == nil)
        let page = try String(contentsOf: w.preview.appendingPathComponent(SiteLayout.page(.suspects, number: 1)), encoding: .utf8)
        #expect(page.contains("Later Name") && !page.contains("Saved Name"))
        try await w.expectSameAsFullBuild()
    }

    /// Saves through the editor, each followed by a comparison with a full build: the readings
    /// and the check's validation the saves hand over give the same site as reading the folder.
    @Test func editorSavesMatchAFullBuild() async throws {
        let w = try PreviewBuildTests.Workspace()
        defer { try? FileManager.default.removeItem(at: w.root) }
        let build = PreviewBuild(options: w.options(output: w.preview))
        #expect(await build.buildAll().failure == nil)
        let editor = RecordEditor(build: build) { paths, saved in _ = await build.update(changed: paths, saved: saved) }
        let levels = ["0.1", "0.95", "0.5"]
        for (step, level) in levels.enumerated() {
            let base = try #require(await build.editorBase())
            let animal = base.loaded.caseContent.animals[step]
            var pairs = FormState(record: animal, zone: base.zone).values.sorted { $0.key < $1.key }.flatMap { name, values in
                (name == "suspicionLevel" ? [level] : name == "name" ? ["\(animal.name) \(step)"] : values).map { (name: name, value: $0) }
            }
            guard case let .panel(html, _, _) = await editor.form(EditTarget(collection: .animals, id: animal.id.rawValue), action: "/",
                                                                  cancel: "/", deleteHref: nil, grabbers: "", hidden: []),
                  let version = html.firstMatch(of: #/name="_version" value="([^"]+)"/#)?.output.1 else {
                Issue.record("step \(step): no form")
                return
            }
            pairs.append((RecordEditor.versionField, String(version)))
            let answer = await editor.submit(EditTarget(collection: .animals, id: animal.id.rawValue), pairs: pairs, action: "/",
                                             cancel: "/", deleteHref: nil, grabbers: "", hidden: [])
            guard case .redirect = answer else {
                Issue.record("step \(step): not saved: \(answer)")
                return
            }
            #expect(try w.read("animals.yaml").contains("\(animal.name) \(step)"))
            try await w.expectSameAsFullBuild("step \(step)")
        }
    }
}
