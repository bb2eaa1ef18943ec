import Foundation
import Testing
@testable import CasefileKit
@testable import CasefileModel
import CasefileTestSupport

/// `casefile validate` as a user runs it: exit status as the README documents it, where each format goes, and
/// that its json/sarif are the very bytes the site's reports hold.
@Suite struct ValidateCommandTests {
    typealias CLI = CommandLineTests

    /// A copy of the sample with `old` replaced by `new` in `file`.
    static func sample(replacing old: String, with new: String, in file: String) throws -> URL {
        try SiteBuildTests.variant { folder in
            let url = folder.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text.contains(old), "the sample's \(file) no longer holds \(old)")
            try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
        }
    }

    @Test func theSampleValidatesWithItsWarningAndNoteAndExitsZeroUnlessStrict() throws {
        try #require(FileManager.default.fileExists(atPath: CLI.binary.path), "run `swift build` first")
        let result = try CLI.run(["validate", "--content", SiteBuildTests.sample.path])
        #expect(result.status == 0)
        #expect(result.out.isEmpty)
        let lines = result.err.split(separator: "\n").map(String.init)
        #expect(lines == (try SampleProblems.lines(shown: SiteBuildTests.sample.path)) + [SampleProblems.summary], "\(result.err)")
        let strict = try CLI.run(["validate", "--content", SiteBuildTests.sample.path, "--strict"])
        #expect(strict.status == 1)
    }

    @Test func anErrorExitsOneWithCompilerStyleLines() throws {
        let content = try Self.sample(replacing: "suspicionLevel: 0.3", with: "suspicionLevel: 1.4", in: "animals.yaml")
        defer { try? FileManager.default.removeItem(at: content) }
        let result = try CLI.run(["validate", "--content", content.path])
        #expect(result.status == 1)
        let animals = try String(contentsOf: content.appendingPathComponent("animals.yaml"), encoding: .utf8)
        let at = try #require(place(of: "1.4", in: animals))
        #expect(result.err.contains("\(content.path)/animals.yaml:\(at.line):\(at.column): error: suspicionLevel must be between 0 and 1, got 1.4 [suspicion-range]"))
        // With the sample's own warning (animals.yaml) and note (fruits.yaml).
        #expect(result.err.hasSuffix("1 error, 1 warning, 1 note in 2 files\n"))
        #expect(result.out.isEmpty)
    }

    @Test func aWarningExitsZeroUnlessStrict() throws {
        let content = try Self.sample(replacing: "  species: Fish\n", with: "  species: Fish\n  specis: Fish\n", in: "animals.yaml")
        defer { try? FileManager.default.removeItem(at: content) }
        let relaxed = try CLI.run(["validate", "--content", content.path])
        #expect(relaxed.status == 0)
        #expect(relaxed.err.contains("warning: unknown field \"specis\" (did you mean \"species\"?) [unknown-field]"))
        let strict = try CLI.run(["validate", "--content", content.path, "--strict"])
        #expect(strict.status == 1)
    }

    @Test func couldNotRunExitsTwo() throws {
        let missing = try CLI.run(["validate", "--content", CLI.temp("missing")])
        #expect(missing.status == 2)
        #expect(missing.err.contains("error: cannot read"))

        let twoFiles = try SiteBuildTests.variant { folder in
            try "[]".write(to: folder.appendingPathComponent("fruits.json"), atomically: true, encoding: .utf8)
        }
        defer { try? FileManager.default.removeItem(at: twoFiles) }
        let result = try CLI.run(["validate", "--content", twoFiles.path, "--format", "sarif"])
        #expect(result.status == 2)
        #expect(result.err.contains("fruits.yaml and"))
        #expect(result.out.isEmpty)
    }

    @Test func anUnknownFormatIsAUsageError() throws {
        let result = try CLI.run(["validate", "--format", "xml"])
        #expect(result.status == 64)
        #expect(result.err.contains("--format"))
    }

    @Test func jsonAndSarifOnStdoutAreTheSiteReports() throws {
        let content = try Self.sample(replacing: "favoriteFruits: [elstar, flavor-king]",
                                      with: "favoriteFruits: [elstr, flavor-king]", in: "animals.yaml")
        let output = CLI.temp("reports")
        defer {
            try? FileManager.default.removeItem(at: content)
            try? FileManager.default.removeItem(atPath: output)
        }
        let build = try CLI.run(["build", "--content", content.path, "--output", output])
        #expect(build.status == 1)
        for (format, file) in [("json", "report.json"), ("sarif", "report.sarif")] {
            let result = try CLI.run(["validate", "--content", content.path, "--format", format])
            #expect(result.status == 1)
            #expect(result.err.isEmpty)
            let site = try String(contentsOfFile: output + "/validation/" + file, encoding: .utf8)
            #expect(result.out == site, "\(format)")
            #expect(result.out.contains("no fruit with id \\\"elstr\\\" (did you mean \\\"elstar\\\"?)"))
        }
    }

    @Test func githubFormatWritesWorkflowCommands() throws {
        let content = try Self.sample(replacing: "  species: Fish\n", with: "  species: Fish\n  specis: Fish\n", in: "animals.yaml")
        defer { try? FileManager.default.removeItem(at: content) }
        let result = try CLI.run(["validate", "--content", content.path, "--format", "github"])
        #expect(result.status == 0)
        let animals = try String(contentsOf: content.appendingPathComponent("animals.yaml"), encoding: .utf8)
        let at = try #require(place(of: "specis", in: animals))
        // The planted warning, besides the sample's own warning and note.
        let lines = result.out.split(separator: "\n").filter { $0.contains("unknown-field") }
        #expect(result.out.split(separator: "\n").count == 3)
        #expect(lines.count == 1)
        let line = try #require(lines.first)
        #expect(line.hasPrefix("::warning file=\(content.path)/animals.yaml,line=\(at.line),col=\(at.column),title=unknown-field (fish)::"))
        #expect(line.contains("unknown field \"specis\" (did you mean \"species\"?)%0AKnown fields here: id%2C name") == false,
                "commas in the message stay as they are")
        #expect(line.contains("unknown field \"specis\" (did you mean \"species\"?)%0AKnown fields here: id, name"))
    }
}

