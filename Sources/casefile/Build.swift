import ArgumentParser
import CasefileKit
import Foundation
import CasefileModel

struct Build: TerminalCommand {
    static let configuration = CommandConfiguration(
        abstract: "Validate a case and write its site.",
        discussion: """
            Loads and validates the whole case, then renders every page. Problems are printed as \
            path:line:col: severity: message [rule]; the site and its validation reports \
            (validation/index.html, report.json, report.sarif) are written even when the case has \
            errors.

            Exit status: 0 built (warnings allowed unless --strict), 1 the case has errors, 2 it \
            could not run (unreadable folder, a template that does not parse, an output folder it \
            must not touch).

            Example:
              casefile build --content Content --output _site --strict
            """
    )

    @OptionGroup var caseOptions: CaseOptions

    @Option(name: [.short, .long], help: ArgumentHelp("Where to write the site.", valueName: "dir"), completion: .directory)
    var output: String = "_site"

    @Flag(name: .long, help: "Fail (exit 1) on warnings too.")
    var strict = false

    @OptionGroup var jobs: JobsOption

    @Flag(name: .long, help: "Print only the problems: no progress, no closing line.")
    var quiet = false

    @OptionGroup var site: BaseURLOption

    @Flag(name: [.short, .long], help: "Print how long each stage took (templates, load, validate, place, render and write) on standard error.")
    var verbose = false

    /// The earlier name of --verbose.
    @Flag(name: .long, help: .hidden)
    var timings = false

    func execute(_ terminal: Terminal) async throws(CasefileError) {
        let options = caseOptions.buildOptions(output: output, site: site)
        let progress = quiet ? nil : terminal.progressBar()
        let summary: BuildSummary
        do {
            summary = try await jobs.run { () async throws(CasefileError) in
                try await BuildPipeline(options: options).run { progress?.show($0) }
            }
        } catch {
            progress?.finish()
            throw CasefileError.from(error)
        }
        progress?.finish()
        if verbose || timings {
            for time in summary.stages {
                terminal.error("\(time.stage): \(String(format: "%.3f", time.seconds)) s")
            }
        }
        terminal.report(summary.shown(content: caseOptions.content, templates: caseOptions.templates), under: "", summary: !quiet)
        if !quiet { terminal.print(closingLine(summary)) }
        if summary.errorCount > 0 || (strict && summary.warningCount > 0) { throw CasefileError.caseProblems("") }
    }

    private func closingLine(_ s: BuildSummary) -> String {
        var problems: [String] = []
        if s.errorCount > 0 { problems.append(Numbers.count(s.errorCount, "error")) }
        if s.warningCount > 0 { problems.append(Numbers.count(s.warningCount, "warning")) }
        if s.noteCount > 0 { problems.append(Numbers.count(s.noteCount, "note")) }
        let tail = problems.isEmpty ? "" : " (\(problems.joined(separator: ", ")))"
        let seconds = (s.seconds * 10).rounded() / 10
        return "Built \(Self.pages(s)) from \(Numbers.count(s.records, "record")) "
            + "in \(seconds) s\(tail) → \(output)"
    }

    /// "5 pages, 34 listings and 38 record pages": what a build or publish wrote.
    static func pages(_ s: BuildSummary) -> String {
        var kinds = [Numbers.count(s.pages, "page")]
        if s.listings > 0 { kinds.append(Numbers.count(s.listings, "listing")) }
        if s.recordPages > 0 { kinds.append(Numbers.count(s.recordPages, "record page")) }
        return kinds.count == 1 ? kinds[0] : kinds.dropLast().joined(separator: ", ") + " and " + kinds.last!
    }
}
