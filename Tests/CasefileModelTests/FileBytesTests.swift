import Foundation
import Testing
@testable import CasefileModel

/// The loader's and the writer's own file calls: what `stat` says, and reading and writing whole
/// files without Foundation's `Data`.
@Suite struct FileBytesTests {
    private func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("filebytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func statusTellsKindsAndSizesAndLinks() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.md").path
        try Data("hello".utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link").path, withDestinationPath: file)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("broken").path, withDestinationPath: "nowhere")

        #expect(FileStatus.of(link: file) == FileStatus(kind: .regular, size: 5))
        #expect(FileStatus.of(link: folder.path)?.kind == .folder)
        #expect(FileStatus.of(link: folder.appendingPathComponent("link").path)?.kind == .symbolicLink)
        #expect(FileStatus.of(target: folder.appendingPathComponent("link").path) == FileStatus(kind: .regular, size: 5))
        #expect(FileStatus.of(link: folder.appendingPathComponent("broken").path)?.kind == .symbolicLink)
        #expect(FileStatus.of(target: folder.appendingPathComponent("broken").path) == nil)
        #expect(FileStatus.of(link: folder.appendingPathComponent("missing").path) == nil)
        #expect(FileStatus.of(link: "/dev/null")?.kind == .device)
    }

    @Test func readsTheWholeFileWhateverSizeItWasExpectedToHave() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("note.md").path
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try FileBytes.write(bytes, to: path)

        #expect(try FileBytes.read(path, expected: bytes.count, limit: 1 << 20) == bytes)
        // Measured smaller than it is (it grew): read on to the end…
        #expect(try FileBytes.read(path, expected: 10, limit: 1 << 20) == bytes)
        // …but never more than one byte past the limit, whatever was expected.
        #expect(try FileBytes.read(path, expected: 10, limit: 5_000).count == 5_001)
        #expect(try FileBytes.read(path, expected: bytes.count, limit: 5_000).count == 5_001)
        // Measured larger than it is (it shrank): what is there.
        #expect(try FileBytes.read(path, expected: 1_000_000, limit: 1 << 20) == bytes)
        // An empty file.
        try FileBytes.write([], to: path)
        #expect(try FileBytes.read(path, expected: 0, limit: 100) == [])
    }

    @Test func writingReplacesTheContentAndFailuresSayWhy() throws {
        let folder = try scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("page.html").path
        try FileBytes.write(Array("a longer first version".utf8), to: path)
        try FileBytes.write(Array("short".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "short")

        let missing = folder.appendingPathComponent("no/such/folder/page.html").path
        #expect { try FileBytes.write([1, 2, 3], to: missing) } throws: { error in
            (error as? FileBytes.Failure)?.reason == "No such file or directory"
        }
        #expect { try FileBytes.read(missing, expected: 0, limit: 10) } throws: { error in
            (error as? FileBytes.Failure)?.reason == "No such file or directory"
        }
    }
}
