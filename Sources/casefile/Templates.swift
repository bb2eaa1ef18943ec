import ArgumentParser
import CasefileKit
import Foundation
import CasefileModel

/// `casefile templates list|copy`: the built-in templates, and a copy of one to change.
struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List the built-in templates, or copy one into the case's templates folder to change it.",
        discussion: """
            A case uses the built-in templates, and so every upgrade of them, except where its \
            templates folder (--templates, default ./Templates, as build, serve and publish read \
            it) holds a file of the same name. Copy only what you change; build says when a copy \
            is the built-in unchanged, lacks a data-* hook, or was made from an earlier built-in.

            Examples:
              casefile templates list
              casefile templates copy suspects partials/suspect-panel
            """,
        subcommands: [List.self, Copy.self]
    )

    /// `--templates`, as the commands that render read it.
    struct Folder: ParsableArguments {
        @Option(name: .long, help: ArgumentHelp("The case's templates folder.", valueName: "dir"), completion: .directory)
        var templates: String = "Templates"

        var url: URL { URL(fileURLWithPath: templates) }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List every built-in template and the stylesheet, and which ones the templates folder overrides.",
            discussion: """
                One line per built-in, by the name `casefile templates copy` takes; an overridden \
                one is followed by the file that overrides it. Then the folder's own templates, \
                which override nothing (partials of the case's own).

                Exit status: 0.

                Example:
                  casefile templates list --templates Templates
                """
        )

        @OptionGroup var folder: Folder

        func run() {
            let terminal = Terminal()
            let (entries, others) = TemplateCopies.list(folder.url)
            let width = entries.map(\.template.name.count).max() ?? 0
            let overridden = entries.count { $0.overriddenBy != nil }
            terminal.print("Built-in templates (\(entries.count); \(overridden) overridden in \(folder.templates)):")
            for entry in entries {
                let name = entry.template.name
                guard let file = entry.overriddenBy else {
                    terminal.print("  \(name)")
                    continue
                }
                terminal.print("  \(name.padding(toLength: width, withPad: " ", startingAt: 0))  overridden by \(folder.templates)/\(file)")
            }
            if !others.isEmpty {
                terminal.print("The case's own templates in \(folder.templates):")
                for file in others { terminal.print("  \(folder.templates)/\(file)") }
            }
        }
    }

    struct Copy: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy built-in templates into the templates folder, to change them.",
            discussion: """
                Writes each NAME (as `casefile templates list` shows it: suspects, \
                partials/suspect-panel, casefile.css) into the templates folder, and nothing else; \
                its first line, a Mustache comment that renders as nothing, records the built-in \
                it came from. Prints the data-* hooks each copy must keep (Templates/README.md, \
                "DOM hooks", says what each does).

                It refuses, writing nothing, when one of those files exists, unless --force.

                Exit status: 0 written, 2 it could not (a file in the way without --force, a \
                folder it cannot write), 64 a usage error (an unknown name, no name and no --all).

                Examples:
                  casefile templates copy suspects
                  casefile templates copy --all --templates /tmp/builtins
                """
        )

        @Argument(help: ArgumentHelp("The built-in templates to copy.", valueName: "name"))
        var names: [String] = []

        @Flag(name: .long, help: "Copy every built-in template and the stylesheet.")
        var all = false

        @Flag(name: .long, help: "Overwrite a file already there (losing its changes).")
        var force = false

        @OptionGroup var folder: Folder

        func validate() throws {
            if names.isEmpty && !all { throw ValidationError("Name a template to copy (casefile templates list shows them), or pass --all.") }
            if !names.isEmpty && all { throw ValidationError("Pass names or --all, not both.") }
            for name in names where BuiltinTemplate.named(name) == nil {
                let near = BuiltinTemplate.near(name)
                let hint = near.isEmpty ? "" : " Did you mean \(near.map { "\"\($0)\"" }.joined(separator: ", "))?"
                throw ValidationError("No built-in template is named \"\(name)\".\(hint) (casefile templates list shows them all.)")
            }
        }

        func run() throws {
            let terminal = Terminal()
            do { try execute(terminal) } catch { throw terminal.exit(error) }
        }

        private func execute(_ terminal: Terminal) throws(CasefileError) {
            let templates = all ? BuiltinTemplate.all : names.compactMap(BuiltinTemplate.named)
            var unique: [BuiltinTemplate] = []
            for template in templates where !unique.contains(template) { unique.append(template) }
            let written = try TemplateCopies.copy(unique, into: folder.url, displayPath: folder.templates, force: force)
            for (template, file) in zip(unique, written) {
                terminal.print("Wrote \(folder.templates)/\(file) (the built-in \(template.name), \(template.hash))")
                let hooks = template.hooks.map(\.name)
                if !hooks.isEmpty { terminal.print("  keep its hooks: \(hooks.joined(separator: ", "))") }
            }
        }
    }
}
