import ArgumentParser
import CasefileKit
import CasefileModel
// Nothing to call: the module links jemalloc's settings into this binary (its settings.c).
import CAllocatorSettings

@main
struct Casefile: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "casefile",
        abstract: "Turn a case file into a static website and validation reports.",
        discussion: """
            A case folder holds site.yaml, fruits, animals and bulletins (YAML or JSON) and Markdown \
            interview notes. Casefile validates all of it, then writes a site of HTML and CSS tables \
            with an inspector — no JavaScript.

            Example:
              casefile build --content Content --output _site
            """,
        version: CasefileVersion.current,
        subcommands: [Build.self, Validate.self, Serve.self, Publish.self, Init.self, TemplatesCommand.self]
    )
}
