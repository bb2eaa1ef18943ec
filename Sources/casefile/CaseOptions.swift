import ArgumentParser
import Foundation

/// The options every command that reads a case shares.
struct CaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The case folder to read.", valueName: "dir"))
    var content: String = "Content"

    @Option(name: .long, help: ArgumentHelp(
        "A folder of templates overriding the built-in ones (used when it exists; a template it lacks falls back to the built-in one).",
        valueName: "dir"))
    var templates: String = "Templates"

    var contentURL: URL { URL(fileURLWithPath: content) }
    var templatesURL: URL { URL(fileURLWithPath: templates) }
}
