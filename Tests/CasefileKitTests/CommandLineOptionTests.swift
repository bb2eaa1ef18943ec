import Foundation
import Testing

/// The options people bring from Hugo and Zola: `-o`, `--base-url` on every command that
/// renders, `-v`, CLICOLOR_FORCE beside NO_COLOR.
@Suite struct CommandLineOptionTests {
    /// The sample with one planted error, so that there is a diagnostic to colour.
    static func faultyCase() throws -> URL {
        let folder = URL(fileURLWithPath: CommandLineTests.temp("faulty"))
        try FileManager.default.copyItem(at: SiteBuildTests.sample, to: folder)
        let animals = folder.appendingPathComponent("animals.yaml")
        let text = try String(contentsOf: animals, encoding: .utf8)
        try text.replacingOccurrences(of: "pawSize: small", with: "pawSize: tiny").write(to: animals, atomically: true, encoding: .utf8)
        return folder
    }

    @Test func shortOutputAndBaseURLOnBuild() throws {
        let output = CommandLineTests.temp("short-o")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try CommandLineTests.run(["build", "--content", SiteBuildTests.sample.path, "-o", output,
                                               "--base-url", "https://example.org/case/", "--quiet"])
        #expect(result.status == 0, "\(result.err)")
        let sitemap = try String(contentsOfFile: output + "/sitemap.xml", encoding: .utf8)
        #expect(sitemap.contains("<loc>https://example.org/case/index.html</loc>"))
        let bad = try CommandLineTests.run(["build", "--content", SiteBuildTests.sample.path, "-o", output, "--base-url", "ftp://x"])
        #expect(bad.status == 64, "a usage error, as ArgumentParser reports it")
        #expect(bad.err.contains("--base-url must be"))
    }

    @Test func verbosePrintsEachStage() throws {
        let output = CommandLineTests.temp("verbose")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try CommandLineTests.run(["build", "--content", SiteBuildTests.sample.path, "-o", output, "-v"])
        #expect(result.status == 0)
        for stage in ["templates", "load", "validate", "render and write"] {
            #expect(result.err.contains("\n\(stage): ") || result.err.hasPrefix("\(stage): "), "\(result.err)")
        }
    }

    @Test func colourIsForcedByCLICOLOR_FORCEAndRefusedByNO_COLOR() throws {
        let content = try Self.faultyCase()
        let output = CommandLineTests.temp("colour")
        defer {
            try? FileManager.default.removeItem(at: content)
            try? FileManager.default.removeItem(atPath: output)
        }
        let arguments = ["build", "--content", content.path, "-o", output, "--quiet"]
        let plain = try CommandLineTests.run(arguments)
        #expect(plain.status == 1)
        #expect(plain.err.contains("error: pawSize") || plain.err.contains("[paw-size]"), "\(plain.err)")
        #expect(!plain.err.contains("\u{1B}["), "no colour into a pipe")
        let forced = try CommandLineTests.run(arguments, environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": ""])
        #expect(forced.err.contains("\u{1B}[1;31merror\u{1B}[0m"), "\(forced.err)")
        let refused = try CommandLineTests.run(arguments, environment: ["CLICOLOR_FORCE": "1", "NO_COLOR": "1"])
        #expect(!refused.err.contains("\u{1B}["))
        let zero = try CommandLineTests.run(arguments, environment: ["CLICOLOR_FORCE": "0", "NO_COLOR": ""])
        #expect(!zero.err.contains("\u{1B}["))
    }
}
