import Foundation
import Testing
import CasefileOutput

/// The preview's mirror: a file is written only when its bytes changed, and stale files go only
/// from the part of the site a render made completely.
@Suite struct MirrorWriterTests {
    @Test func writesOnlyWhatChanged() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mirror-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var mirror = MirrorWriter(directory: folder)
        let first = try mirror.write(OutputFile(path: "fruits/index.html", contents: "one"))
        let same = try mirror.write(OutputFile(path: "fruits/index.html", contents: "one"))
        let changed = try mirror.write(OutputFile(path: "fruits/index.html", contents: "two"))
        #expect(first)
        #expect(!same)
        #expect(changed)
        #expect(try String(contentsOf: folder.appendingPathComponent("fruits/index.html"), encoding: .utf8) == "two")
    }

    @Test func removesStaleFilesOnlyWhereTheRenderWasComplete() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mirror-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var mirror = MirrorWriter(directory: folder)
        for path in ["index.html", "suspects/page-2.html", "validation/index.html", "validation/page-2.html"] {
            _ = try mirror.write(OutputFile(path: path, contents: path))
        }
        // A render of the validation pages alone, which now fit on one page.
        let removed = mirror.finish(rendered: ["validation/index.html"], complete: .validationPages)
        #expect(removed == ["validation/page-2.html"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("validation/page-2.html").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("suspects/page-2.html").path))
        // Once removed, the same page written again is a change.
        let again = try mirror.write(OutputFile(path: "validation/page-2.html", contents: "validation/page-2.html"))
        #expect(again)
    }

    /// Each file is written beside itself and renamed over it: nothing else is left in the folder,
    /// and a file that cannot be written is an error naming it, with the system's reason.
    @Test func leavesOnlyTheFilesAndSaysWhyAWriteFailed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mirror-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var mirror = MirrorWriter(directory: folder)
        let big = [UInt8](repeating: UInt8(ascii: "x"), count: 3 << 20)
        _ = try mirror.write(OutputFile(path: "data/animals.json", bytes: big))
        _ = try mirror.write(OutputFile(path: "data/animals.json", bytes: Array(big.dropLast())))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("data").path) == ["animals.json"])
        #expect(try Data(contentsOf: folder.appendingPathComponent("data/animals.json")).count == (3 << 20) - 1)
        // A folder where the file should go.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("data/case.json"), withIntermediateDirectories: true)
        #expect {
            _ = try mirror.write(OutputFile(path: "data/case.json", contents: "{}"))
        } throws: { error in
            "\(error)".contains("data/case.json") && "\(error)".localizedCaseInsensitiveContains("directory")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("data").path).sorted()
                    == ["animals.json", "case.json"])
    }
}
