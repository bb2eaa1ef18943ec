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
