import ArgumentParser
import CasefileKit
import Foundation
import CasefileModel
import CasefileReports

struct Validate: TerminalCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif, github
    }

    static let configuration = CommandConfiguration(
        abstract: "Check a case against every rule, without writing a site.",
        discussion: """
            Loads the whole case and runs every validation rule (the README lists them), with \
            the severities site.yaml's validation.rules sets. Nothing is written.

            Formats: text (default) prints path:line:col: severity: message [rule] lines and a \
            summary on standard error; json and sarif write the report (the same bytes as the \
            site's validation/report.json and report.sarif, SARIF 2.1.0) to standard output; \
            github writes ::error file=…,line=…,col=…::message workflow commands to standard \
            output, which annotate the files in a GitHub pull request.

            Exit status: 0 no errors (warnings allowed unless --strict), 1 the case has errors \
            (or warnings with --strict), 2 it could not run (no such folder, no site.yaml, two \
            files for one collection).

            Examples:
              casefile validate --content Content
              casefile validate --format sarif > casefile.sarif
              casefile validate --format github --strict
            """
    )

    @Option(name: .long, help: ArgumentHelp("The case folder to read.", valueName: "dir"), completion: .directory)
    var content: String = "Content"

    @Option(name: .long, help: ArgumentHelp("How to report: text, json, sarif or github.", valueName: "format"))
    var format: Format = .text

    @Flag(name: .long, help: "Fail (exit 1) on warnings too.")
    var strict = false

    func execute(_ terminal: Terminal) async throws(CasefileError) {
        let validated = try await BuildPipeline.validate(content: URL(fileURLWithPath: content), contentDisplay: content)
        let findings = ValidationFindings(validated)
        switch format {
        case .text:
            terminal.report(validated.diagnostics, under: content, summary: false)
            terminal.error(TextReport.closingLine(findings))
        case .json: terminal.write(JSONReport(findings).render())
        case .sarif: terminal.write(SARIFReport(findings).render())
        case .github: terminal.write(GitHubAnnotations.lines(validated.diagnostics, under: content))
        }
        if validated.errorCount > 0 || (strict && validated.warningCount > 0) { throw CasefileError.caseProblems("") }
    }
}
