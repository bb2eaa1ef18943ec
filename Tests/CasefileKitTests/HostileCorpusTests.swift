import Foundation
import CasefileTestSupport
import Testing
import CasefileKit
#if canImport(Glibc)
import Glibc
#endif
@testable import CasefileModel

/// One folder of Tests/Hostile: a case (`case/`) and what `casefile` must do with it
/// (`expect.json`).
struct HostileCase: Sendable, CustomTestStringConvertible {
    struct Expectation: Decodable, Sendable {
        var about: String
        var command: String?
        var exit: Int32
        /// Each must appear in standard error.
        var stderr: [String]?
        /// None may appear in any output file.
        var absent: [String]?
        /// Each must appear in some output file.
        var present: [String]?
        /// Nothing at all may be written.
        var noOutput: Bool?
        /// What a checkout cannot hold, made before the run (`HostileCorpusTests.make`).
        var make: [[String: MakeValue]]?
    }

    enum MakeValue: Decodable, Sendable {
        case text(String), number(Int)
        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let n = try? c.decode(Int.self) { self = .number(n) } else { self = .text(try c.decode(String.self)) }
        }
        var text: String? { if case let .text(t) = self { t } else { nil } }
        var number: Int? { if case let .number(n) = self { n } else { nil } }
    }

    let name: String
    let folder: URL
    let expect: Expectation
    var testDescription: String { name }

    static let root = Repository.root.appendingPathComponent("Tests/Hostile")

    static var all: [HostileCase] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.sorted().compactMap { name in
            let folder = root.appendingPathComponent(name)
            guard let data = try? Data(contentsOf: folder.appendingPathComponent("expect.json")),
                  let expect = try? JSONDecoder().decode(Expectation.self, from: data) else { return nil }
            return HostileCase(name: name, folder: folder, expect: expect)
        }
    }
}

/// Every hostile case folder is built by the real binary: it exits 0, 1 or 2 as its
/// expect.json says, naming the file; it neither crashes nor hangs; no output file carries
/// anything executable from the content; nothing is read from outside the case folder (the
/// `absent` texts live outside it or in files it must refuse), nothing written outside the
/// output folder.
@Suite struct HostileCorpusTests {
    @Test func theCorpusIsThere() {
        // A folder whose expect.json does not decode would silently drop out of the run.
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: HostileCase.root.path)) ?? []).count
        #expect(folders >= 20)
        #expect(HostileCase.all.count == folders)
    }

    @Test(arguments: HostileCase.all)
    func hostileCase(_ hostile: HostileCase) throws {
        try #require(FileManager.default.fileExists(atPath: CommandLineTests.binary.path), "run `swift build` first")
        let fm = FileManager.default
        let scratch = fm.temporaryDirectory.appendingPathComponent("casefile-hostile-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: scratch) }
        try fm.createDirectory(at: scratch, withIntermediateDirectories: true)
        let content = scratch.appendingPathComponent("case"), output = scratch.appendingPathComponent("out")
        try fm.copyItem(at: hostile.folder.appendingPathComponent("case"), to: content)
        for step in hostile.expect.make ?? [] { try Self.make(step, in: scratch) }
        let before = try Self.listing(scratch)

        let command = hostile.expect.command ?? "build"
        let result = try BinaryRun.run([command, "--content", content.path, "--output", output.path], timeout: 60)
        #expect(!result.timedOut, "hung: killed after 60 s")
        #expect(result.status == hostile.expect.exit, "exit \(result.status)\n\(result.err.prefix(2000))")
        for text in hostile.expect.stderr ?? [] {
            #expect(result.err.contains(text), "standard error lacks \"\(text)\":\n\(result.err.prefix(2000))")
        }

        // Nothing written beside the output folder, nothing changed in the case.
        let after = try Self.listing(scratch).filter { !$0.hasPrefix("out/") && $0 != "out" }
        #expect(after == before, "files appeared or went outside the output folder")
        let files = try Self.outputFiles(output)
        if hostile.expect.noOutput == true { #expect(files.isEmpty, "wrote \(files.keys.sorted())") }
        // What must not appear is markup that would run or restyle a page; the CSV exports hold
        // the case's values as text, by design (and Docs/commands.md says so).
        for text in hostile.expect.absent ?? [] {
            for (path, body) in files where !path.hasSuffix(".csv") && body.contains(text) {
                Issue.record("\(path) contains \"\(text)\"")
            }
        }
        for text in hostile.expect.present ?? [] {
            #expect(files.values.contains { $0.contains(text) }, "no output file contains \"\(text)\"")
        }
        // Files are named relative to the case folder: no page or report says where it lives.
        for (path, body) in files where body.contains(scratch.path) { Issue.record("\(path) names the folder \(scratch.path)") }
        for (path, body) in files where path.hasSuffix(".html") {
            for finding in ExecutableContent.findings(in: body) { Issue.record("\(path): \(finding)") }
        }
    }

    /// One step of `make`: `link` (a symbolic link `to` a path as written), `outside` (a file
    /// beside the case folder), `write` (`text`, `hex`, or `repeat` × `times`), `fifo`.
    static func make(_ step: [String: HostileCase.MakeValue], in scratch: URL) throws {
        let fm = FileManager.default
        let content = scratch.appendingPathComponent("case")
        func prepare(_ url: URL) throws -> URL {
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            return url
        }
        if let link = step["link"]?.text, let to = step["to"]?.text {
            try fm.createSymbolicLink(atPath: try prepare(content.appendingPathComponent(link)).path, withDestinationPath: to)
        } else if let outside = step["outside"]?.text, let text = step["text"]?.text {
            try Data(text.utf8).write(to: try prepare(scratch.appendingPathComponent("outside/" + outside)))
        } else if let path = step["write"]?.text {
            var data = Data()
            if let text = step["text"]?.text { data = Data(text.utf8) }
            if let hex = step["hex"]?.text {
                let digits = Array(hex.utf8)
                data = Data(stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! })
            }
            if let unit = step["repeat"]?.text, let times = step["times"]?.number {
                data = Data(String(repeating: unit, count: times).utf8)
            }
            try data.write(to: try prepare(content.appendingPathComponent(path)))
        } else if let fifo = step["fifo"]?.text {
            let url = try prepare(content.appendingPathComponent(fifo))
            #expect(mkfifo(url.path, 0o644) == 0)
        } else {
            Issue.record("unknown make step \(step.keys.sorted())")
        }
    }

    /// Every path below `folder`, links not followed.
    static func listing(_ folder: URL) throws -> [String] {
        let base = folder.path + "/"
        return (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
            .map { $0.hasPrefix(base) ? String($0.dropFirst(base.count)) : $0 }.sorted()
    }

    /// Each regular file below `folder` as text (bytes that are not UTF-8 shown as U+FFFD).
    static func outputFiles(_ folder: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        for path in try listing(folder) {
            let url = folder.appendingPathComponent(path)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[path] = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        }
        return files
    }
}

