import Foundation
import Testing
@testable import CasefileKit
@testable import CasefileModel

/// Files are written on the cores that render them; a file that cannot be written there still
/// stops the build with the error of that file (exit 2), as when the collecting task wrote it.
@Suite struct BuildWriteFailureTests {
    @Test func aPageThatCannotBeWrittenStopsTheBuildNamingIt() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-blocked-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // A plain file where the bulletins' folder goes.
        try Data("in the way".utf8).write(to: out.appendingPathComponent("bulletins"))
        let error = await #expect(throws: CasefileError.self) {
            _ = try await SiteBuildTests.build(into: out)
        }
        #expect(error?.exitCode == 2)
        #expect(error?.description.contains("_site/bulletins/") == true)
        // The plain file is left as it was.
        #expect(try String(contentsOf: out.appendingPathComponent("bulletins"), encoding: .utf8) == "in the way")
    }
}
