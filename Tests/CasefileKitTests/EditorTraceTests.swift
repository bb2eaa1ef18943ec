import Foundation
import CasefileTestSupport
import Testing

/// The editor lives in `casefile serve` only: a site built or published from the sample carries
/// none of it — no Edit or New link, no form, no editor style, no route of the editor's, no
/// secret — in any file.
@Suite struct EditorTraceTests {
    /// What only the editor writes into a page.
    static let traces = ["data-edit", "data-new=", "cf-edit", "cf-new-link", "_casefile/edits", "_casefile/undo", "?edit=",
                         "?new=", "?delete=", "_secret", "data-saved-banner"]

    @Test(arguments: ["build", "publish"])
    func theSiteHasNoTraceOfTheEditor(command: String) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-trace-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("site")
        let run = try BinaryRun.run([command, "--content", Repository.sample.path, "--output", output.path])
        #expect(run.status == 0, "\(run.err)")
        let walker = try #require(FileManager.default.enumerator(at: output, includingPropertiesForKeys: nil))
        var files = 0
        for case let url as URL in walker {
            guard let data = FileManager.default.contents(atPath: url.path) else { continue }
            files += 1
            let text = String(decoding: data, as: UTF8.self)
            for trace in Self.traces {
                #expect(!text.contains(trace), "\(url.lastPathComponent) holds \(trace)")
            }
        }
        #expect(files > 10, "the \(command) wrote the site")
    }
}
