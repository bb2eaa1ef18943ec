import CasefileSample
import Foundation
import Testing
@testable import CasefileKit
import CasefileSiteCheck
import CasefileTestSupport

/// `casefile init`: what the binary carries, what it writes, and what it refuses.
@Suite struct InitTests {
    static let package = SiteBuildTests.sample.deletingLastPathComponent()

    /// Every file of Content/ and Schemas/ in the repository is embedded, byte for byte (a file
    /// added to the sample but not to Package.swift fails here).
    @Test func theEmbeddedSampleIsTheRepositorysSample() throws {
        var onDisk: [String: Data] = [:]
        for folder in ["Content", "Schemas"] {
            for path in SiteCheck.files(in: Self.package.appendingPathComponent(folder)) where !path.hasPrefix(".") {
                onDisk[folder + "/" + path] = try Data(contentsOf: Self.package.appendingPathComponent(folder + "/" + path))
            }
        }
        #expect(onDisk.count > 15)
        #expect(Set(SampleFiles.files.keys) == Set(onDisk.keys))
        for (path, bytes) in SampleFiles.files {
            #expect(onDisk[path] == Data(bytes), "\(path) differs from the repository's")
        }
        // The four schemas the sample's modelines point at.
        for name in ["site", "fruits", "animals", "bulletins"] {
            #expect(SampleFiles.files["Schemas/\(name).schema.json"] != nil)
        }
    }

    @Test func initThenBuildExitsZeroWithNoProblems() throws {
        let folder = URL(fileURLWithPath: CommandLineTests.temp("init"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CommandLineTests.run(["init", folder.path])
        #expect(result.status == 0)
        #expect(result.err.isEmpty)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "Wrote \(NewCase.files.count) files into \(folder.path):")
        #expect(lines.contains("  Content/site.yaml"))
        #expect(lines.contains("  Templates/README.md"))
        #expect(lines.contains("  Schemas/animals.schema.json"))
        #expect(lines.last?.hasPrefix("Next: cd \(folder.path) && casefile build") == true)
        for path in NewCase.files.map(\.path) {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path), "\(path) written")
        }
        // No template is copied: the case follows the built-ins (`casefile templates copy` copies one).
        let onDisk = try PublishScratch.snapshot(folder).keys
        #expect(!onDisk.contains { $0.hasSuffix(".mustache") || $0.hasSuffix(".css") }, "\(onDisk.sorted())")
        // As the user is told: cd DIR && casefile build (the defaults: Content, Templates, _site).
        let build = try CommandLineTests.run(["build"], in: folder)
        #expect(build.status == 0)
        #expect(build.err.split(separator: "\n").map(String.init) == (try SampleProblems.lines(shown: "Content")) + [SampleProblems.summary], "only the sample's own warning and note: \(build.err)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("_site/index.html").path))
        let publish = try CommandLineTests.run(["publish"], in: folder)
        #expect(publish.status == 0, "\(publish.err)")
        // --strict refuses the sample's warning.
        let strict = try CommandLineTests.run(["publish", "--strict"], in: folder)
        #expect(strict.status == 1 && strict.err.contains("the case has warnings and --strict is on"), "\(strict.err)")
    }

    @Test func initIntoAFolderWithThoseFilesRefusesAndChangesNothing() throws {
        let folder = URL(fileURLWithPath: CommandLineTests.temp("init-again"))
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try CommandLineTests.run(["init", folder.path]).status == 0)
        let site = folder.appendingPathComponent("Content/site.yaml")
        try Data("title: Mine\n".utf8).write(to: site)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Content/notes/animals/cat.md"))
        let before = try PublishScratch.snapshot(folder)

        let refused = try CommandLineTests.run(["init", folder.path])
        #expect(refused.status == 2)
        #expect(refused.out.isEmpty)
        #expect(refused.err.contains("Content/animals.yaml"))
        #expect(refused.err.contains("--force"))
        #expect(try PublishScratch.snapshot(folder) == before, "nothing written, not even the missing note")

        let forced = try CommandLineTests.run(["init", folder.path, "--force"])
        #expect(forced.status == 0)
        #expect(try Data(contentsOf: site) == Data(try #require(SampleFiles.files["Content/site.yaml"])))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Content/notes/animals/cat.md").path))
    }

    @Test func aFolderWithOtherFilesIsRefusedUnlessForcedAndTheyAreLeftAlone() throws {
        let folder = URL(fileURLWithPath: CommandLineTests.temp("init-beside"))
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("# My notes\n".utf8).write(to: folder.appendingPathComponent("README.md"))
        let before = try PublishScratch.snapshot(folder)

        let refused = try CommandLineTests.run(["init"], in: folder)
        #expect(refused.status == 2)
        #expect(refused.err.contains("not empty") && refused.err.contains("README.md") && refused.err.contains("--force"))
        #expect(try PublishScratch.snapshot(folder) == before, "a refused init changes nothing")

        let forced = try CommandLineTests.run(["init", "--force"], in: folder)
        #expect(forced.status == 0)
        #expect(forced.out.split(separator: "\n").last == "Next: casefile build   (then open _site/index.html; `casefile publish` writes public/ to deploy)")
        #expect(try String(contentsOf: folder.appendingPathComponent("README.md"), encoding: .utf8) == "# My notes\n")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Content/site.yaml").path))
    }

    @Test func hiddenEntriesSuchAsGitDoNotCountAsContent() throws {
        let folder = URL(fileURLWithPath: CommandLineTests.temp("init-git"))
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data("_site/\n".utf8).write(to: folder.appendingPathComponent(".gitignore"))
        let result = try CommandLineTests.run(["init", folder.path])
        #expect(result.status == 0, "\(result.err)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Schemas/site.schema.json").path))
        #expect(try String(contentsOf: folder.appendingPathComponent(".gitignore"), encoding: .utf8) == "_site/\n")
    }
}
