import Foundation
import Testing
import CasefileModel
import CasefileOutput

/// A build's files written on the cores that rendered them: many threads at once into folders
/// none of them has made yet, and a failure reported with the file it concerns.
@Suite struct ConcurrentFileWriterTests {
    /// Eight tasks write at once, each into the same 400 new folders (three levels deep) in the
    /// same order, so that several threads come to each folder before it exists: every file must
    /// be there with its own bytes. A folder is made once, under the lock; were a second thread
    /// let through before the first had made it, its write would find no folder (ENOENT).
    @Test func manyThreadsWriteIntoNewFoldersAtOnce() async throws {
        let (root, site) = try SiteWriterTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let session = try SiteWriter(directory: site, displayPath: "site").begin()
        let writer = try #require(session.concurrentWriter)
        func path(_ folder: Int, _ task: Int) -> String { "d\(folder)/e/f/page-\(task).html" }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for folder in 0..<400 {
                        try writer.write(OutputFile(path: path(folder, task), contents: "<p>\(folder) \(task)</p>"))
                    }
                }
            }
            try await group.waitForAll()
        }
        for folder in 0..<400 {
            for task in 0..<8 {
                #expect(try SiteWriterTests.text(site.appendingPathComponent(path(folder, task))) == "<p>\(folder) \(task)</p>")
            }
        }
    }

    /// A file whose folder cannot be made (a plain file holds its name) fails with the path as the
    /// command names the output folder; the writer still writes the files of other folders.
    @Test func aFileThatCannotBeWrittenNamesItself() throws {
        let (root, site) = try SiteWriterTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let session = try SiteWriter(directory: site, displayPath: "public").begin()
        try Data("not a folder".utf8).write(to: site.appendingPathComponent("suspects"))
        let writer = try #require(session.concurrentWriter)
        let error = #expect(throws: CasefileError.self) {
            try writer.write(OutputFile(path: "suspects/page-2.html", contents: "two"))
        }
        #expect(error?.description.contains("public/suspects/page-2.html") == true)
        #expect(error?.exitCode == 2)
        try writer.write(OutputFile(path: "fruits/index.html", contents: "fruits"))
        #expect(try SiteWriterTests.text(site.appendingPathComponent("fruits/index.html")) == "fruits")
    }

    /// Through the session, a written file is counted and listed in the manifest as before.
    @Test func theSessionCountsWhatTheWriterWrote() throws {
        let (root, site) = try SiteWriterTests.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        var session = try SiteWriter(directory: site, displayPath: "site").begin()
        let writer = try #require(session.concurrentWriter)
        let file = OutputFile(path: "bulletins/page-3.html", contents: "three")
        try writer.write(file)
        #expect(try session.wrote(file))
        #expect(session.count == 1)
        _ = try session.finish(rendered: ["bulletins/page-3.html"], complete: .all)
        #expect(try SiteWriterTests.text(site.appendingPathComponent(SiteWriter.manifestName)) == "bulletins/page-3.html\n")
        #expect(try SiteWriterTests.text(site.appendingPathComponent("bulletins/page-3.html")) == "three")
    }
}
