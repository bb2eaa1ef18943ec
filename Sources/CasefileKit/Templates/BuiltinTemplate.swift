import CasefileTemplates
import CasefileModel
import CasefileOutput
import CasefileRendering

/// One of the built-in templates a case may override, as `casefile templates` names it: a
/// template by its path without `.mustache` (`suspects`, `partials/suspect-panel`), or the
/// stylesheet by its file name (`casefile.css`).
public struct BuiltinTemplate: Sendable, Hashable {
    /// The name `casefile templates copy` takes.
    public let name: String
    /// The file that overrides it, relative to the templates folder.
    public let file: String
    /// The built-in's text, as the binary carries it.
    public let text: String

    /// The fingerprint of the built-in's text that a copy records (`Provenance`): 16 hex digits of
    /// FNV-1a, which tells versions of one template apart.
    public var hash: String { ContentHash.hex16(text) }

    /// The documented DOM hooks (`TemplateHooks`) that the built-in writes, in its order.
    public var hooks: [TemplateHook] { TemplateHooks.documented.filter { $0.isWritten(in: text) } }

    /// Every built-in a case may override, by name: the templates, then the stylesheet.
    public static let all: [BuiltinTemplate] = BuiltinTemplates.templates.keys.sorted().map {
        BuiltinTemplate(name: $0, file: $0 + ".mustache", text: BuiltinTemplates.templates[$0] ?? "")
    } + [BuiltinTemplate(name: TemplateSet.stylesheetName, file: TemplateSet.stylesheetName, text: BuiltinTemplates.stylesheet)]

    private static let byName: [String: BuiltinTemplate] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
    private static let byFile: [String: BuiltinTemplate] = Dictionary(uniqueKeysWithValues: all.map { ($0.file, $0) })

    /// The built-in named `name`; its file name is taken too (`suspects.mustache`).
    public static func named(_ name: String) -> BuiltinTemplate? {
        byName[name] ?? byFile[name]
    }

    /// The built-in that the file at `relative` in a templates folder overrides, if any.
    static func overridden(by relative: String) -> BuiltinTemplate? {
        byFile[relative]
    }

    /// The names nearest to a misspelt one, nearest first (at most three): those within a few
    /// edits, and those whose last part is the name asked for (`suspect-panel`).
    public static func near(_ name: String) -> [String] {
        let asked = name.hasSuffix(".mustache") ? String(name.dropLast(".mustache".count)) : name
        let limit = max(2, asked.count / 3)
        let scored = all.map { template -> (String, Int) in
            let last = template.name.split(separator: "/").last.map(String.init) ?? template.name
            return (template.name, min(Suggestion.distance(asked, template.name), Suggestion.distance(asked, last)))
        }
        return scored.filter { $0.1 <= limit }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
    }
}
