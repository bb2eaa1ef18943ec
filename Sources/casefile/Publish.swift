import ArgumentParser
import CasefileKit
import Foundation
import CasefileModel

struct Publish: TerminalCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build, check and publish a case's site into a folder that is safe to deploy.",
        discussion: """
            Builds into a hidden staging folder beside the output (.public.staging-PID) and \
            checks it: the case has no errors (no warnings either with --strict), every internal \
            link and #fragment leads to a file and an id, and nothing executes (no <script>, no \
            on…= attribute, no javascript: URL, no WebAssembly). Only then does the staged site \
            replace the output folder, by renames: readers see the old site or the new one, never \
            a mix. A publish that fails, or is stopped, leaves the previous output as it was.

            Each page is checked in memory as it is rendered, so the checks cost a fraction of \
            the build instead of a second read of the site. One publish runs at a time into a \
            folder: a second one refuses (exit 2) and names the one running.

            Publish only replaces its own output: it refuses a folder holding files it did not \
            write, or one that is or holds the content or templates folder. The stylesheet's name \
            carries a hash of its content; with a base URL (site.yaml baseURL or --base-url) it \
            also writes sitemap.xml and canonical links. Links between pages stay relative, so the \
            folder works at a domain root, under any sub-path, and opened from a file.

            Exit status: 0 published, 1 nothing changed because the case has errors or a check \
            failed (each printed with its file and place), 2 it could not run and changed nothing \
            (unreadable folder, a template that does not parse, an output folder it must not \
            touch, a full or read-only disk, another publish into the same folder).

            Example:
              casefile publish --output public --base-url https://example.org/case/
              rsync -a --delete public/ host:/var/www/case/
            """
    )

    @OptionGroup var caseOptions: CaseOptions

    @Option(name: [.short, .long], help: ArgumentHelp("The folder to publish into.", valueName: "dir"), completion: .directory)
    var output: String = "public"

    @OptionGroup var site: BaseURLOption

    @Flag(name: .long, help: "Refuse to publish when the case has warnings too.")
    var strict = false

    @OptionGroup var jobs: JobsOption

    @Flag(name: [.short, .long], help: "Print how long each stage took (the build's, the checks of links between files, the swap, clearing the previous site) on standard error.")
    var verbose = false

    func execute(_ terminal: Terminal) async throws(CasefileError) {
        let options = caseOptions.buildOptions(output: output, site: site)
        let progress = terminal.progressBar()
        let pipeline = PublishPipeline(options: options, strict: strict)
        let output = output
        let signals = Interruption.onSignal(reporting: {
            switch pipeline.abandonStaging() {
            case .beforeSwap: "Interrupted: publish changed nothing; \(output) is as it was."
            case .afterSwap: "Interrupted after \(output) was replaced: it holds the new site; "
                + "the next publish clears what is left of the previous one."
            }
        })
        defer {
            Interruption.waitIfStopping()
            signals.forEach { $0.cancel() }
        }
        let summary: PublishSummary
        do {
            summary = try await jobs.run { () async throws(CasefileError) in
                try await pipeline.run { progress?.show($0) }
            }
        } catch {
            Interruption.waitIfStopping()
            progress?.finish()
            // Every failure comes before the swap, or is the swap's own and undone: say so.
            let failure = CasefileError.from(error)
            throw CasefileError.failed("\(failure)\nPublish changed nothing; \(output) is as it was.")
        }
        progress?.finish()
        if verbose {
            for time in summary.stages {
                terminal.error("\(time.stage): \(String(format: "%.3f", time.seconds)) s")
            }
        }
        for name in summary.removedStale {
            terminal.error("Removed \(name), left behind by a publish that was stopped.")
        }
        terminal.report(summary.build.shown(content: caseOptions.content, templates: caseOptions.templates), under: "")
        switch summary.outcome {
        case .caseProblems:
            let what = summary.build.errorCount > 0 ? "the case has errors" : "the case has warnings and --strict is on"
            throw CasefileError.caseProblems("Publish changed nothing: \(what); \(output) is as it was.")
        case let .failedChecks(failures):
            for failure in failures { terminal.error(failure.line(in: summary.stagingDisplay)) }
            let count = failures.count { $0.line != nil }
            throw CasefileError.caseProblems("Publish changed nothing: \(count == 1 ? "1 check" : "\(count) checks") failed "
                + "in the staged site (now removed); \(output) is as it was.")
        case .published:
            if let left = summary.previousLeftAt {
                terminal.error("warning: \(left) still holds files Casefile did not write; they were left there.")
            }
            let b = summary.build
            func rounded(_ s: Double) -> Double { (s * 10).rounded() / 10 }
            terminal.print("Published \(Build.pages(b)) from "
                + "\(Numbers.count(b.records, "record")) in \(rounded(summary.stages.reduce(0) { $0 + $1.seconds })) s, "
                + "every page checked → \(output)")
        }
    }
}
