import Foundation
import CasefileModel
import CasefileTestSupport
import Testing

/// The `casefile` executable as a user runs it: exit status, where the lines go, help.
@Suite struct CommandLineTests {
    /// The binary `swift build` put beside the test bundle.
    static var binary: URL { Repository.binary }

    /// Runs the binary (`BinaryRun`); a run that hangs fails after two minutes.
    static func run(_ arguments: [String], in directory: URL? = nil,
                    environment: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        let run = try BinaryRun.run(arguments, in: directory, environment: environment)
        #expect(!run.timedOut, "casefile \(arguments.joined(separator: " ")) hung")
        return (run.status, run.out, run.err)
    }

    static func temp(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("casefile-cli-\(name)-\(UUID().uuidString)").path
    }

    @Test func buildsTheSampleAndSaysSo() throws {
        try #require(FileManager.default.fileExists(atPath: Self.binary.path), "run `swift build` first")
        let output = Self.temp("ok")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try Self.run(["build", "--content", SiteBuildTests.sample.path, "--output", output])
        #expect(result.status == 0)
        // 10 + 8 + 20 records; 4 table pages and the 404 page; listings: each table by each of its
        // 3 + 5 + 3 + 6 columns, both ways; a page of its own for each record (every id a slug);
        // the sample's warning and note.
        #expect(result.out.hasPrefix("Built 5 pages, 34 listings and 38 record pages from 38 records in "))
        #expect(result.out.contains(" (1 warning, 1 note) → "))
        #expect(result.err.split(separator: "\n").map(String.init) == (try SampleProblems.lines(shown: SiteBuildTests.sample.path)) + [SampleProblems.summary])
    }

    @Test func aCaseWithErrorsExitsOneAndPrintsCompilerStyleLines() throws {
        let content = try SiteBuildTests.variant { folder in
            let animals = folder.appendingPathComponent("animals.yaml")
            let text = try String(contentsOf: animals, encoding: .utf8)
            try text.replacingOccurrences(of: "suspicionLevel: 0.3", with: "suspicionLevel: 1.4")
                .write(to: animals, atomically: true, encoding: .utf8)
        }
        let output = Self.temp("errors")
        defer {
            try? FileManager.default.removeItem(at: content)
            try? FileManager.default.removeItem(atPath: output)
        }
        let result = try Self.run(["build", "--content", content.path, "--output", output])
        #expect(result.status == 1)
        let line = try #require(result.err.split(separator: "\n").first)
        #expect(line.hasPrefix(content.path + "/animals.yaml:"))
        #expect(line.hasSuffix("error: suspicionLevel must be between 0 and 1, got 1.4 [suspicion-range]"))
        #expect(result.err.contains("1 error, 1 warning, 1 note in 2 files"))
        #expect(FileManager.default.fileExists(atPath: output + "/validation/report.sarif"), "reports are still written")
    }

    @Test func aMissingFolderExitsTwo() throws {
        let result = try Self.run(["build", "--content", Self.temp("missing"), "--output", Self.temp("never")])
        #expect(result.status == 2)
        #expect(result.err.contains("error: cannot read"))
    }

    @Test func helpNamesTheCommandWithAnExample() throws {
        let root = try Self.run(["--help"])
        #expect(root.status == 0)
        #expect(root.out.contains("build"))
        #expect(root.out.contains("serve"))
        let build = try Self.run(["build", "--help"])
        #expect(build.out.contains("Example:"))
        #expect(build.out.contains("--strict"))
        let version = try Self.run(["--version"])
        #expect(version.out.trimmingCharacters(in: .whitespacesAndNewlines) == CasefileVersion.current)
    }
}
