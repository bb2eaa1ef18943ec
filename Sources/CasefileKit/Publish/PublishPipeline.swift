import Foundation
import CasefileModel
import CasefileOutput
import CasefileSiteCheck
import CasefileRendering
import CasefileReports

/// What a publish did: the build's summary, and either the checks that failed (nothing was
/// changed) or how the new site replaced the old one.
public struct PublishSummary: Sendable {
    public enum Outcome: Sendable {
        /// The case has errors (or warnings, with `strict`): nothing was checked or changed.
        case caseProblems
        /// The staged site failed a check: nothing was changed.
        case failedChecks([PublishFailure])
        /// The output folder now holds the new site.
        case published
    }

    public var build: BuildSummary
    public var outcome: Outcome
    /// The staging folder as the user names it (`.public.staging-4711`), for failure lines.
    public var stagingDisplay: String
    /// Seconds spent checking the staged site.
    public var checkSeconds: Double
    /// How the staged site was put in place, once published.
    public var swap: FolderSwap.Method?
    /// Leftovers of killed runs removed before staging.
    public var removedStale: [String]
    /// Files of the previous output that could not be removed (someone added them meanwhile).
    public var previousLeftAt: String?
    /// Wall-clock seconds of the stages around the build's, in order.
    var before: [StageTime] = []
    var after: [StageTime] = []

    /// Wall-clock seconds of every stage in order: the output folder checked and the last
    /// publish's report read, the build's stages (its pages scanned as they are rendered), the
    /// links between files checked, the swap, and the previous site cleared.
    public var stages: [StageTime] { before + build.stages + after }
}

/// `casefile publish`: build into a staging folder beside the output, check it, then replace
/// the output by renames. A publish that fails or is killed leaves the previous output as it was.
public struct PublishPipeline: Sendable {
    public let options: BuildOptions
    public let strict: Bool
    /// Shared by the copies of the pipeline (the command's and its signal handler's).
    private let progress = Progress()

    /// `options.output` is the folder to publish into; the build itself goes to a staging folder.
    public init(options: BuildOptions, strict: Bool) {
        self.options = options
        self.strict = strict
    }

    /// This process's staging folder for the output.
    public var stagingFolder: URL {
        PublishedFolder(url: options.output, displayPath: options.outputDisplay)
            .stagingURL(pid: ProcessInfo.processInfo.processIdentifier)
    }

    /// What Ctrl-C finds when it stops a publish.
    public enum Interrupted: Sendable {
        /// Before the swap: the staging folder is removed and the output is as it was.
        case beforeSwap
        /// After the swap: the output holds the new site; the previous one may be left in a
        /// staging folder, which the next publish clears.
        case afterSwap
    }

    /// Stops this publish's writing, then removes its staging folder unless the swap is done;
    /// for a signal handler. The staging folder's writes, the marker's removal and the swap all
    /// pass one gate, so this sees the publish before its swap or after it, never halfway.
    public func abandonStaging() -> Interrupted {
        // From here on nothing writes into the staging folder (nor makes it again), nor swaps.
        progress.gate.close()
        PublishLock.removeIfOwn(for: PublishedFolder(url: options.output, displayPath: options.outputDisplay))
        if progress.swapped { return .afterSwap }
        try? FileManager.default.removeItem(at: stagingFolder)
        return .beforeSwap
    }

    /// Publishes. Every failure is a `CasefileError` (exit 2): a case with problems is not one,
    /// it is the summary's outcome.
    public func run(events: (@Sendable (BuildEvent) -> Void)? = nil) async throws(CasefileError) -> PublishSummary {
        do { return try await publish(events: events) } catch { throw CasefileError.from(error) }
    }

    /// The report and digest the last publish left in `output`, if both are there and readable.
    static func history(in output: URL) -> PublishHistory? {
        guard let report = try? String(contentsOf: output.appendingPathComponent(SiteLayout.report), encoding: .utf8),
              let digest = try? String(contentsOf: output.appendingPathComponent(SiteLayout.digest), encoding: .utf8)
        else { return nil }
        return PublishHistory(report: report, digest: digest)
    }

    private func publish(events: (@Sendable (BuildEvent) -> Void)?) async throws -> PublishSummary {
        var clock = StageClock()
        let target = PublishedFolder(url: options.output, displayPath: options.outputDisplay)
        try SiteWriter(directory: options.output, displayPath: options.outputDisplay)
            .checkSafe(against: [options.content] + (options.templates.map { [$0] } ?? []))
        let lock = try PublishLock.acquire(for: target)
        defer { lock.release() }
        try target.checkOwned()
        let pid = ProcessInfo.processInfo.processIdentifier
        let removed = target.removeStale(except: pid)
        let staging = target.stagingURL(pid: pid)
        let parentDisplay = (options.outputDisplay as NSString).deletingLastPathComponent
        let stagingDisplay = (parentDisplay.isEmpty ? "" : parentDisplay + "/") + staging.lastPathComponent
        try progress.gate.pass(stagingDisplay) { () throws(CasefileError) in
            try? FileManager.default.removeItem(at: staging)
            do {
                try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
                try Data().write(to: staging.appendingPathComponent(PublishedFolder.stagingMarker))
            } catch {
                throw CasefileError.unwritable(stagingDisplay, reason: FileBytes.reason(of: error))
            }
        }
        var buildOptions = options
        buildOptions.publishing = true
        buildOptions.history = Self.history(in: options.output)
        buildOptions.output = staging
        buildOptions.outputDisplay = stagingDisplay
        buildOptions.gate = progress.gate
        var summary = PublishSummary(build: BuildSummary(pages: 0, files: 0, records: 0, diagnostics: [], seconds: 0),
                                     outcome: .caseProblems, stagingDisplay: stagingDisplay, checkSeconds: 0,
                                     removedStale: removed)
        clock.end("output folder and history")
        summary.before = clock.stages
        // Removing the staging folder passes the gate too: once Ctrl-C has closed it, its
        // clean-up removes the folder, and two removals of one tree at once would each stop at
        // the first file the other removed, leaving the rest.
        func discardStaging() {
            try? progress.gate.pass(stagingDisplay) { () throws(CasefileError) in
                try? FileManager.default.removeItem(at: staging)
            }
        }
        do {
            // Each file is scanned where it is rendered; its links to other files wait in the ledger.
            var ledger = SiteCheck.Ledger()
            summary.build = try await BuildPipeline(options: buildOptions).run(events: events, examine: { file, baseURL in
                SiteCheck.scan(file, baseURL: baseURL)
            }, found: { ledger.add($0) })
            if summary.build.errorCount > 0 || (strict && summary.build.warningCount > 0) {
                discardStaging()
                return summary
            }
            clock = StageClock()
            let failures = ledger.failures(baseURL: summary.build.baseURL) { page in
                (try? Data(contentsOf: staging.appendingPathComponent(page))).map { [UInt8]($0) }
            }
            clock.end("links between files")
            summary.checkSeconds = clock.stages[0].seconds
            guard failures.isEmpty else {
                discardStaging()
                summary.outcome = .failedChecks(failures)
                return summary
            }
        } catch {
            discardStaging()
            throw error
        }
        // The marker goes and the folders swap in one pass of the gate: Ctrl-C finds both done
        // or neither.
        let (method, previous) = try progress.gate.pass(stagingDisplay) { () throws(CasefileError) in
            do {
                try FileManager.default.removeItem(at: staging.appendingPathComponent(PublishedFolder.stagingMarker))
            } catch {
                try? FileManager.default.removeItem(at: staging)
                throw CasefileError.unwritable(stagingDisplay + "/" + PublishedFolder.stagingMarker, reason: FileBytes.reason(of: error))
            }
            do {
                let swap = try FolderSwap.replace(target.url, with: staging)
                progress.markSwapped()
                return swap
            } catch {
                throw CasefileError.from(error)
            }
        }
        clock.end("swap")
        summary.swap = method
        summary.outcome = .published
        if let previous, !PublishedFolder.removeOwnFiles(of: previous) {
            summary.previousLeftAt = (parentDisplay.isEmpty ? "" : parentDisplay + "/") + previous.lastPathComponent
        }
        clock.end("previous site cleared")
        summary.after = clock.stages
        return summary
    }
}

extension PublishPipeline {
    /// The gate every write of a publish passes, and whether its swap is done.
    final class Progress: Sendable {
        let gate = WriteGate()
        private let done = Locked(false)

        /// Called inside the gate, right after the swap.
        func markSwapped() { done.withLock { $0 = true } }

        var swapped: Bool { done.withLock { $0 } }
    }
}
