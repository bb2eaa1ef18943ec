import Foundation
import Testing
@testable import CasefileKit
@testable import CasefileModel
import CasefileTestSupport

/// `casefile publish` as users run it: exit statuses, the lines it prints, and a publish killed
/// with SIGKILL while staging.
@Suite struct PublishCommandTests {
    @Test func aPlantedBrokenLinkExitsOneNamingPageAndTarget() throws {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        let content = SiteBuildTests.sample.path
        #expect(try CommandLineTests.run(["publish", "--content", content, "--output", "public"], in: scratch.root).status == 0)
        let before = try PublishScratch.snapshot(scratch.output)
        try scratch.plant(#"<p><a href="{{root}}bulletins/page-9.html#b-12">planted</a></p>"#)
        let result = try CommandLineTests.run(["publish", "--content", content, "--output", "public"], in: scratch.root)
        #expect(result.status == 1)
        // After the sample's own warning and note.
        let lines = result.err.split(separator: "\n").map(String.init).filter { !$0.contains("[duplicate-fruit]") && !$0.contains("[unused-fruit]") && $0 != SampleProblems.summary }
        let line = try #require(lines.first)
        #expect(SiteBuildTests.matches(#"^\.public\.staging-\d+/index\.html:\d+:\d+: error: broken link "bulletins/page-9\.html#b-12" \(no such file\) \[broken-link\]$"#,
                                       in: line).count == 1, "\(line)")
        #expect(lines.last == "Publish changed nothing: 1 check failed in the staged site (now removed); public is as it was.")
        #expect(result.out.isEmpty)
        #expect(try PublishScratch.snapshot(scratch.output) == before)
    }

    @Test func aForeignFileExitsTwoAndStays() throws {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(at: scratch.output, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: scratch.output.appendingPathComponent("CNAME"))
        let result = try CommandLineTests.run(["publish", "--content", SiteBuildTests.sample.path, "--output", "public"],
                                              in: scratch.root)
        #expect(result.status == 2)
        #expect(result.err.contains("error: refusing to touch public: it holds files Casefile did not write (public/CNAME)"))
        #expect(try Data(contentsOf: scratch.output.appendingPathComponent("CNAME")) == Data("keep".utf8))
        #expect(try scratch.leftovers().isEmpty)
    }

    @Test func aBadBaseURLIsAUsageErrorNamingTheOption() throws {
        let result = try CommandLineTests.run(["publish", "--base-url", "example.org/case"])
        #expect(result.status != 0 && result.status != 1 && result.status != 2)
        #expect(result.err.contains("--base-url must be an absolute http or https URL"))
    }

    @Test func publishSaysWhatItDid() throws {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        let result = try CommandLineTests.run(["publish", "--content", SiteBuildTests.sample.path, "--output", "out/site"],
                                              in: scratch.root)
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("Published 5 pages, 34 listings and 38 record pages from 38 records in "))
        #expect(SiteBuildTests.matches(#" s, every page checked → out/site\n$"#, in: result.out).count == 1)
        let help = try CommandLineTests.run(["publish", "--help"])
        #expect(help.out.contains("Example:"))
        #expect(help.out.contains("--base-url"))
    }

    /// A case big enough that staging takes a while: `animals` animals and bulletins, 10 rows a page.
    static func bigCase(in folder: URL, animals: Int) throws -> URL {
        let content = folder.appendingPathComponent("Big")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try "title: Big case\npageSize: 10\n".write(to: content.appendingPathComponent("site.yaml"), atomically: true, encoding: .utf8)
        var fruits = "", animalsYAML = "", bulletins = ""
        for f in 0..<20 { fruits += "- { id: f\(f), name: Fruit \(f), color: red }\n" }
        for a in 0..<animals {
            animalsYAML += "- { id: a\(a), name: Animal \(a), species: Cat, emoji: \"🐱\", favoriteFruits: [f\(a % 20), f\((a + 7) % 20)], suspicionLevel: 0.3, alibi: Home }\n"
            bulletins += "- { id: b\(a), fruit: f\(a % 20), nibbledAt: \"2023-06-05T23:10:00-07:00\", location: Park }\n"
        }
        try fruits.write(to: content.appendingPathComponent("fruits.yaml"), atomically: true, encoding: .utf8)
        try animalsYAML.write(to: content.appendingPathComponent("animals.yaml"), atomically: true, encoding: .utf8)
        try bulletins.write(to: content.appendingPathComponent("bulletins.yaml"), atomically: true, encoding: .utf8)
        return content
    }

    /// Starts `casefile ARGUMENTS` in `folder` and returns once it is writing pages into its
    /// staging folder (and the folder's URL).
    static func startAndWaitForStaging(_ arguments: [String], in folder: URL, errors: Pipe? = nil) throws -> (Process, URL) {
        let process = Process()
        process.executableURL = CommandLineTests.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors ?? FileHandle.nullDevice
        try process.run()
        let staging = folder.appendingPathComponent(".public.staging-\(process.processIdentifier)")
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, process.isRunning,
              !FileManager.default.fileExists(atPath: staging.appendingPathComponent("suspects/page-2.html").path) {
            usleep(2_000)
        }
        #expect(process.isRunning, "publish finished before it could be stopped: make the case bigger")
        return (process, staging)
    }

    @Test func aPublishKilledWhileStagingLeavesThePreviousOutputIntact() throws {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        let big = try Self.bigCase(in: scratch.root, animals: 600)
        let arguments = ["publish", "--content", big.path, "--output", "public"]
        #expect(try CommandLineTests.run(arguments, in: scratch.root).status == 0)
        let before = try PublishScratch.snapshot(scratch.output)
        #expect(before.count > 120)

        let (process, staging) = try Self.startAndWaitForStaging(arguments, in: scratch.root)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(FileManager.default.fileExists(atPath: staging.path), "killed while staging")
        #expect(try PublishScratch.snapshot(scratch.output) == before, "the previous output is byte-identical")

        // The next publish recognises the leftover by its marker and removes it.
        let next = try CommandLineTests.run(arguments, in: scratch.root)
        #expect(next.status == 0)
        #expect(next.err.contains("Removed .public.staging-\(process.processIdentifier), left behind by a publish that was stopped."))
        #expect(try scratch.leftovers() == ["Big"])

        // Ctrl-C is caught: the writing stops, the staging folder goes and stays gone, and the
        // exit status says SIGINT. Five times, since the writing and the clean-up race (a
        // removal of the folder by the failing build beside the clean-up's left it 4 times in 60).
        for _ in 0..<5 {
            let errors = Pipe()
            let (interrupted, staged) = try Self.startAndWaitForStaging(arguments, in: scratch.root, errors: errors)
            let published = try PublishScratch.snapshot(scratch.output)
            kill(interrupted.processIdentifier, SIGINT)
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            interrupted.waitUntilExit()
            #expect(interrupted.terminationReason == .exit)
            #expect(interrupted.terminationStatus == 128 + SIGINT)
            #expect(said.hasSuffix("\nInterrupted: publish changed nothing; public is as it was.\n"), "\(said)")
            #expect(!FileManager.default.fileExists(atPath: staged.path))
            #expect(try PublishScratch.snapshot(scratch.output) == published)
            #expect(try scratch.leftovers() == ["Big"])
        }
    }

    /// Ctrl-C before the staging folder is made (while the case loads) changed nothing either.
    @Test func anInterruptionBeforeStagingSaysNothingChanged() async throws {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        let options = BuildOptions(content: scratch.content, contentDisplay: "Content", templates: nil, templatesDisplay: "",
                                   output: scratch.output, outputDisplay: "public")
        let pipeline = PublishPipeline(options: options, strict: false)
        #expect(pipeline.abandonStaging() == .beforeSwap)
        #expect(!FileManager.default.fileExists(atPath: pipeline.stagingFolder.path))
        // The publish under way then makes no staging folder and no output.
        await #expect(throws: CasefileError.self) { _ = try await pipeline.run() }
        #expect(!FileManager.default.fileExists(atPath: pipeline.stagingFolder.path))
        #expect(!FileManager.default.fileExists(atPath: scratch.output.path))
    }
}
