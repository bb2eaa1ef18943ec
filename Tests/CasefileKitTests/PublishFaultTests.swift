import Foundation
import Testing
@testable import CasefileKit
import CasefileSiteCheck
import CasefileOutput
import CasefileTestSupport

/// `casefile publish` when things go wrong around it: killed with SIGKILL at several moments of a
/// publish over an existing site, a disk that fills up, a read-only output, and two publishes into
/// one folder at once. Whatever happens, the output folder holds one whole site — the previous one
/// or the new one, never a mix — and the next publish clears what a killed one left beside it.
@Suite(.serialized) struct PublishFaultTests {
    // MARK: Two cases whose sites differ in every page

    /// Case A (`animals` animals, "Big case") in `root/A/Big` and case B (ten animals more, titled
    /// "Big case B") in `root/B/Big`: B's site has more pages than A's, and every page of both
    /// carries its case's title, so a mix of the two is never equal to either.
    static func twoCases(in root: URL, animals: Int = 100) throws -> (a: URL, b: URL) {
        let a = try PublishCommandTests.bigCase(in: root.appendingPathComponent("A"), animals: animals)
        let b = try PublishCommandTests.bigCase(in: root.appendingPathComponent("B"), animals: animals + 10)
        try "title: Big case B\npageSize: 10\n".write(to: b.appendingPathComponent("site.yaml"), atomically: true, encoding: .utf8)
        return (a, b)
    }

    static func publishArguments(_ content: URL) -> [String] {
        ["publish", "--content", content.path, "--output", "public"]
    }

    /// The sites the kill test compares against, published without interruption: A into an empty
    /// folder (the old site), B over it (the new site), and B over that again (what a publish of B
    /// makes of the new site: the reports compare with the last publish, so it is not the new
    /// site's bytes). Publishing is deterministic (PublishTests.twoPublishesAreByteIdentical) and
    /// the case folder's path is not written into the site, so these stand for every scratch folder.
    struct ReferenceSites: Sendable {
        var old: [String: Data]
        var new: [String: Data]
        var newAgain: [String: Data]
    }

    static let referenceSites: ReferenceSites? = {
        guard let scratch = try? PublishScratch() else { return nil }
        defer { scratch.remove() }
        guard let (a, b) = try? twoCases(in: scratch.root) else { return nil }
        var sites: [[String: Data]] = []
        for content in [a, b, b] {
            guard let run = try? BinaryRun.run(publishArguments(content), in: scratch.root), run.status == 0,
                  let site = try? PublishScratch.snapshot(scratch.output) else { return nil }
            sites.append(site)
        }
        return ReferenceSites(old: sites[0], new: sites[1], newAgain: sites[2])
    }()

    /// Writes `files` (a snapshot) as the folder `folder`, replacing what was there.
    static func materialise(_ files: [String: Data], at folder: URL) throws {
        try? FileManager.default.removeItem(at: folder)
        for (path, bytes) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try bytes.write(to: url)
        }
    }

    /// How `site` differs from `reference`, in a few words, for a failure message.
    static func difference(_ site: [String: Data], from reference: [String: Data]) -> String {
        let missing = Set(reference.keys).subtracting(site.keys).count
        let extra = Set(site.keys).subtracting(reference.keys).count
        let changed = site.keys.filter { reference[$0] != nil && reference[$0] != site[$0] }.sorted()
        return "\(missing) files missing, \(extra) extra, \(changed.count) changed (\(changed.prefix(3).joined(separator: ", ")))"
    }

    // MARK: SIGKILL at several moments

    /// A moment of a publish over an existing site, as seen from outside by polling the files.
    enum Moment: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// The staging folder (marked) is being written: a page is there, its manifest is not yet.
        case writingPages
        /// The build is done (the staging manifest is written last) and the checks run: still marked.
        case checking
        /// The checks passed and the marker is gone; the staging folder is not swapped in yet.
        case swapImminent
        /// The folders were swapped: the previous site is under the staging name (or beside it,
        /// `-previous`, where the file system cannot exchange) and its files are being deleted.
        case deletingPrevious
        /// The previous site's files and manifest are gone; its folders are being removed.
        case emptyingPrevious

        var testDescription: String { rawValue }

        /// A window of tens of milliseconds or more, which polling catches every time; the others
        /// last microseconds and are caught only now and then.
        var isWide: Bool { [.writingPages, .checking, .deletingPrevious].contains(self) }
        var attempts: Int { 3 }
        /// Whether the swap has happened once the moment is seen.
        var afterSwap: Bool { [.deletingPrevious, .emptyingPrevious].contains(self) }

        func matches(_ g: Glimpse) -> Bool {
            switch self {
            case .writingPages: g.staging && g.marker && g.page && !g.manifest
            case .checking: g.staging && g.marker && g.manifest
            case .swapImminent: g.staging && !g.marker && g.manifest
            case .deletingPrevious: g.previous && g.previousManifest
            case .emptyingPrevious: g.previous && !g.previousManifest
            }
        }
    }

    /// What the folders beside the output hold at one instant.
    struct Glimpse {
        /// The staging name holds the folder being staged (not the previous site).
        var staging = false
        var marker = false, manifest = false, page = false
        /// The previous site was swapped out: it is under the staging name or beside it.
        var previous = false
        var previousManifest = false
    }

    static func inode(_ path: String) -> ino_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_ino : nil
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// The paths a glimpse looks at, worked out once: the loop that looks runs without a pause.
    struct Watched {
        let staging: String, aside: String
        let stagingMarker: String, stagingManifest: String, stagingPage: String
        let asideManifest: String
        /// The output folder's inode before the publish started: the previous site's folder.
        let previousInode: ino_t

        init(staging: URL, previousInode: ino_t) {
            self.staging = staging.path
            aside = staging.path + "-previous"
            stagingMarker = staging.appendingPathComponent(PublishedFolder.stagingMarker).path
            stagingManifest = staging.appendingPathComponent(SiteWriter.manifestName).path
            stagingPage = staging.appendingPathComponent("suspects/page-2.html").path
            asideManifest = aside + "/" + SiteWriter.manifestName
            self.previousInode = previousInode
        }

        /// What the folders hold now; nil when a folder changed while it was looked at.
        func glimpse() -> Glimpse? {
            let first = inode(staging)
            if let first, first == previousInode {
                let manifest = exists(stagingManifest)
                guard inode(staging) == first else { return nil }
                return Glimpse(previous: true, previousManifest: manifest)
            }
            if inode(aside) == previousInode {
                return Glimpse(previous: true, previousManifest: exists(asideManifest))
            }
            guard let first else { return Glimpse() }
            var g = Glimpse(staging: true)
            g.marker = exists(stagingMarker)
            g.manifest = exists(stagingManifest)
            g.page = g.manifest || exists(stagingPage)
            guard inode(staging) == first else { return nil }
            return g
        }
    }

    /// One attempt: B published over A (restored from the reference), killed with SIGKILL as soon
    /// as `moment` is seen. Returns whether the kill hit the publish at that moment.
    static func killPublish(at moment: Moment, attempt: Int, sites: ReferenceSites) throws -> Bool {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        let (_, b) = try twoCases(in: scratch.root)
        try materialise(sites.old, at: scratch.output)
        let previousInode = try #require(inode(scratch.output.path))

        let process = Process()
        process.executableURL = CommandLineTests.binary
        process.arguments = publishArguments(b)
        process.currentDirectoryURL = scratch.root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let pid = process.processIdentifier
        let staging = scratch.root.appendingPathComponent(".public.staging-\(pid)")
        let watched = Watched(staging: staging, previousInode: previousInode)
        var seen = false
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, Date() < deadline {
            if let g = watched.glimpse(), moment.matches(g) {
                kill(pid, SIGKILL)
                seen = true
                break
            }
            // The short windows are watched without a pause.
            if moment.isWide { usleep(300) }
        }
        if process.isRunning, !seen { kill(pid, SIGKILL) }  // a hang: the checks below fail
        process.waitUntilExit()
        let killed = seen && process.terminationReason == .uncaughtSignal

        // The output is one whole site: the old one or the new one.
        let after = try PublishScratch.snapshot(scratch.output)
        let wasOld = after == sites.old, wasNew = after == sites.new
        #expect(wasOld || wasNew, "killed at \(moment): the output is a mix — against the old site \(difference(after, from: sites.old)); against the new \(difference(after, from: sites.new))")
        let left = try scratch.leftovers().filter { $0.hasPrefix(".public.staging-") }
        let landed: String
        if !killed {
            landed = seen ? "after the publish had ended" : "missed: the publish ended first (status \(process.terminationStatus))"
            #expect(process.terminationReason == .exit && process.terminationStatus == 0)
            #expect(wasNew)
            #expect(left.isEmpty, "an uninterrupted publish left \(left)")
        } else if exists(watched.stagingMarker) {
            landed = "while staging, before the swap"
        } else if wasOld {
            landed = "after the checks, before the swap"
        } else if left.isEmpty {
            landed = "after the previous site was gone"
        } else if exists(watched.stagingManifest) || exists(watched.asideManifest) {
            landed = "after the swap, while deleting the previous site's files"
        } else {
            let files = left.flatMap { SiteCheck.files(in: scratch.root.appendingPathComponent($0)) }
            landed = "after the swap and after the previous site's manifest went (\(files.count) files left in it)"
        }
        print("SIGKILL at \(moment), attempt \(attempt): \(killed ? "hit" : "not hit"), landed \(landed); output was the \(wasOld ? "old" : "new") site; left beside it: \(left)")

        if killed {
            if moment.afterSwap {
                #expect(wasNew, "the swap was seen done before the kill")
            } else if moment != .swapImminent {
                // The checks of the staged site take far longer than the kill takes to land.
                #expect(wasOld, "killed before the checks passed")
                #expect(left == [staging.lastPathComponent], "the staging folder stays for the next publish")
            }
            // The next publish clears what was left, says so, and publishes as an uninterrupted one would.
            let next = try CommandLineTests.run(publishArguments(b), in: scratch.root)
            #expect(next.status == 0, "\(next.err)")
            for name in left {
                #expect(next.err.contains("Removed \(name), left behind by a publish that was stopped."), "\(next.err)")
            }
            #expect(try scratch.leftovers() == ["A", "B"], "after the next publish")
            let republished = try PublishScratch.snapshot(scratch.output)
            let expected = wasOld ? sites.new : sites.newAgain
            #expect(republished == expected, "the next publish differs from an uninterrupted one: \(difference(republished, from: expected))")
        }
        return killed
    }

    @Test(arguments: Moment.allCases)
    func aPublishKilledAtAnyMomentLeavesOneWholeSite(moment: Moment) throws {
        try #require(FileManager.default.fileExists(atPath: CommandLineTests.binary.path), "run `swift build` first")
        let sites = try #require(Self.referenceSites, "the reference publishes ran")
        #expect(sites.old != sites.new && sites.new != sites.newAgain && sites.old.count < sites.new.count)
        var hitOn: Int?
        for attempt in 1...moment.attempts where hitOn == nil {
            if try Self.killPublish(at: moment, attempt: attempt, sites: sites) { hitOn = attempt }
        }
        print("SIGKILL at \(moment): " + (hitOn.map { "hit on attempt \($0)" } ?? "not hit in \(moment.attempts) attempts"))
        if moment.isWide {
            // writingPages and, of the late moments, checking and deletingPrevious must be caught.
            #expect(hitOn != nil, "the moment \(moment) was never caught in \(moment.attempts) attempts")
        }
    }

    /// What a publish killed at the very end leaves — after the exchange and after its deletion of
    /// the previous site removed every file and the manifest, before the folders went (the
    /// `emptyingPrevious` moment, too short to catch reliably by polling): a staging-named folder of
    /// a dead process holding only empty folders. Nothing in it is anyone's file, so the next
    /// publish removes it like any other leftover.
    @Test func aPreviousSiteKilledAfterItsFilesWentIsClearedByTheNextPublish() throws {
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        // Two processes that have ended: their pids name the leftovers.
        var pids: [Int32] = []
        for _ in 0..<2 {
            let ended = Process()
            ended.executableURL = URL(fileURLWithPath: "/bin/true")
            try ended.run()
            ended.waitUntilExit()
            pids.append(ended.processIdentifier)
        }
        let folders = scratch.root.appendingPathComponent(".public.staging-\(pids[0])")
        for sub in ["suspects/by", "bulletins/by", "fruits", "validation"] {
            try FileManager.default.createDirectory(at: folders.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        // A step later: the folder alone, empty.
        let empty = scratch.root.appendingPathComponent(".public.staging-\(pids[1])")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let arguments = ["publish", "--content", SiteBuildTests.sample.path, "--output", "public"]
        let result = try CommandLineTests.run(arguments, in: scratch.root)
        #expect(result.status == 0)
        for folder in [folders, empty] {
            #expect(result.err.contains("Removed \(folder.lastPathComponent), left behind by a publish that was stopped."))
        }
        #expect(try scratch.leftovers().isEmpty, "\(result.err)")
    }

    // MARK: Two publishes into one folder

    @Test func twoPublishesIntoOneFolderAtOnceLeaveOneWholeSite() throws {
        try #require(FileManager.default.fileExists(atPath: CommandLineTests.binary.path), "run `swift build` first")
        let scratch = try PublishScratch()
        defer { scratch.remove() }
        let (a, b) = try Self.twoCases(in: scratch.root)
        // The old site: the sample.
        let sample = ["publish", "--content", SiteBuildTests.sample.path, "--output", "public"]
        #expect(try CommandLineTests.run(sample, in: scratch.root).status == 0)
        let old = try PublishScratch.snapshot(scratch.output)

        let first = try LaunchedCommand(Self.publishArguments(a), in: scratch.root)
        let staging = scratch.root.appendingPathComponent(".public.staging-\(first.pid)")
        let deadline = Date().addingTimeInterval(60)
        while first.process.isRunning, Date() < deadline, !FileManager.default.fileExists(atPath: staging.path) { usleep(1_000) }
        let second = try LaunchedCommand(Self.publishArguments(b), in: scratch.root)
        // The first is still publishing when the second has started: the two overlap.
        let overlapped = first.process.isRunning
        let runs = [(first, a), (second, b)].map { launched, content in (launched.finish(), launched, content) }
        for (result, launched, _) in runs {
            print("publish pid \(launched.pid): status \(result.status), ended \(result.ended), stderr: \(result.err)")
        }

        /// The site `content` makes published over `site`.
        func published(_ content: URL, over site: [String: Data]) throws -> [String: Data] {
            let reference = try PublishScratch()
            defer { reference.remove() }
            try Self.materialise(site, at: reference.output)
            let run = try CommandLineTests.run(Self.publishArguments(content), in: reference.root)
            #expect(run.status == 0, "\(run.err)")
            return try PublishScratch.snapshot(reference.output)
        }

        let after = try PublishScratch.snapshot(scratch.output)
        let statuses = runs.map(\.0.status)
        if statuses.sorted() == [0, 2] {
            let (winner, loser) = runs[0].0.status == 0 ? (runs[0], runs[1]) : (runs[1], runs[0])
            let refusal = #/error: refusing to touch public: another casefile publish \(pid (\d+)\) is publishing into it/#
            let match = loser.0.err.split(separator: "\n").lazy.compactMap { $0.prefixMatch(of: refusal) }.first
            #expect(match != nil, "the refused publish says why: \(loser.0.err)")
            #expect(match.flatMap { Int32($0.output.1) } == winner.1.pid, "it names the publish that holds the folder")
            #expect(loser.0.ended < winner.0.ended, "it refused at once, not once the other had finished")
            let whole = try published(winner.2, over: old)
            #expect(after == whole, "the output is the winner's whole site: \(Self.difference(after, from: whole))")
        } else if statuses == [0, 0] {
            #expect(!overlapped, "both published although the second (pid \(second.pid)) started while the first (pid \(first.pid)) was publishing into the same folder: the second should have refused")
            // Whole: what the one that finished last publishes, over the old site (it read the
            // folder before the other swapped) or over the other's site (after).
            let (last, other) = runs[0].0.ended > runs[1].0.ended ? (runs[0], runs[1]) : (runs[1], runs[0])
            let overOld = try published(last.2, over: old)
            let overOther = after == overOld ? overOld : try published(last.2, over: try published(other.2, over: old))
            #expect(after == overOld || after == overOther,
                    "the output is not the whole site of the publish that finished last: \(Self.difference(after, from: overOld))")
        } else {
            Issue.record("unexpected exit statuses \(statuses): \(runs.map(\.0.err))")
        }
        #expect(try scratch.leftovers() == ["A", "B"], "nothing is left beside the output")
    }
}
