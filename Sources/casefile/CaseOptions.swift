import ArgumentParser
import CasefileKit
import Foundation
import CasefileModel

/// The options every command that reads a case shares.
struct CaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The case folder to read.", valueName: "dir"), completion: .directory)
    var content: String = "Content"

    @Option(name: .long, help: ArgumentHelp(
        "A folder of templates overriding the built-in ones (used when it exists; a template it lacks falls back to the built-in one).",
        valueName: "dir"), completion: .directory)
    var templates: String = "Templates"

    var contentURL: URL { URL(fileURLWithPath: content) }
    var templatesURL: URL { URL(fileURLWithPath: templates) }

    /// What the pipeline is asked to do, writing into `output` as the user named it.
    func buildOptions(output: String, outputURL: URL? = nil, site: BaseURLOption) -> BuildOptions {
        BuildOptions(content: contentURL, contentDisplay: content, templates: templatesURL, templatesDisplay: templates,
                     output: outputURL ?? URL(fileURLWithPath: output), outputDisplay: output, baseURL: site.normalised)
    }
}

/// `--jobs`, for the commands that render pages: how many to work on at once.
struct JobsOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("How many pages to render (and, for publish, check) at once (default: every core).",
                                            valueName: "n"))
    var jobs: Int?

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1.") }
    }

    /// Runs `work` with that many at once.
    func run<T: Sendable>(_ work: () async throws(CasefileError) -> T) async throws -> T {
        try await Parallel.$width.withValue(jobs ?? Parallel.width) { () async throws(CasefileError) in try await work() }
    }
}

/// A command that reports through the terminal: an error it throws is printed there and becomes
/// the exit status.
protocol TerminalCommand: AsyncParsableCommand {
    func execute(_ terminal: Terminal) async throws(CasefileError)
}

extension TerminalCommand {
    func run() async throws {
        let terminal = Terminal()
        do { try await execute(terminal) } catch { throw terminal.exit(error) }
    }
}

/// `--base-url`, for the commands that render pages.
struct BaseURLOption: ParsableArguments {
    @Option(name: .customLong("base-url"),
            help: ArgumentHelp("The site's absolute http(s) address, for sitemap.xml and canonical links (overrides site.yaml baseURL).",
                               valueName: "url"))
    var baseURL: String?

    func validate() throws {
        if let baseURL, BaseURL.normalised(baseURL) == nil {
            throw ValidationError("--base-url must be \(BaseURL.expected), got \"\(baseURL)\".")
        }
    }

    /// The address as the pipeline takes it (validated above).
    var normalised: String? { baseURL.flatMap(BaseURL.normalised) }
}
