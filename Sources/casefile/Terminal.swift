import ArgumentParser
import CasefileKit
import Foundation
import CasefileModel
import CasefileReports

/// Standard output and error as a person sees them: colour only on a terminal without NO_COLOR,
/// a progress bar only on a terminal.
struct Terminal: Sendable {
    let isTerminal = isatty(STDERR_FILENO) == 1
    /// Colour: never with NO_COLOR set (and not empty); always with CLICOLOR_FORCE set (and not
    /// empty or 0), even into a pipe; otherwise on a terminal only.
    var colour: Bool {
        let environment = ProcessInfo.processInfo.environment
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return true }
        return isTerminal
    }

    func print(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Text as it is, without a newline added (reports that end in their own).
    func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    func error(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// The end of a command that failed: prints why (a case with problems has printed them
    /// already) and gives the exit status the error's kind settles: 1 or 2.
    func exit(_ error: CasefileError) -> ExitCode {
        let why = error.description
        if !why.isEmpty { self.error(error.exitCode == 1 ? why : "error: \(why)") }
        return ExitCode(error.exitCode)
    }

    /// Each problem on standard error in the compiler form, its path below `folder` (the case
    /// folder as the user named it), then, when there are any and `summary` asks for it, the
    /// count line (`3 errors, 1 warning in 5 files`).
    func report(_ diagnostics: [Diagnostic], under folder: String, summary: Bool = true) {
        let text = TextReport(colour: colour, folder: folder)
        for diagnostic in diagnostics { error(text.line(diagnostic)) }
        if summary, !diagnostics.isEmpty { error(TextReport.summary(diagnostics)) }
    }

    func progressBar() -> ProgressBar? {
        isTerminal ? ProgressBar() : nil
    }
}

/// A one-line bar on standard error, redrawn in place as pages render.
struct ProgressBar: Sendable {
    func show(_ event: BuildEvent) {
        let text: String
        switch event {
        case let .loaded(records, files): text = "Loaded \(records) records from \(files) files"
        case let .validated(problems): text = "Validated: \(problems) problems"
        case let .rendering(done, total):
            let width = 30
            let filled = total == 0 ? width : done * width / total
            text = "Rendering [" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
                + "] \(done)/\(total) pages"
        case let .writing(files): text = "Writing \(files) files"
        }
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + text).utf8))
    }

    func finish() {
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
    }
}
