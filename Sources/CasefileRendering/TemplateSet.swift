import CasefileTemplates
import Foundation
import CasefileMustache
import CasefileModel
import CasefileOutput

/// The Mustache templates a build renders with: the built-in set, with any file of a custom
/// templates folder taking the place of the built-in one of the same name (and extra partials
/// added). Every template is parsed before anything renders; one that does not parse stops the
/// build with its file, line and column.
public struct TemplateSet: Sendable {
    let library: MustacheLibrary
    /// Every template's name and source, in the order registered, to parse again with the UI
    /// strings fixed (`fixingStrings`).
    private let sources: [Source]
    private struct Source: Sendable {
        let name: String
        let text: String
    }

    /// The stylesheet's file in a templates folder: the site's name for it before the hash.
    package static let stylesheetName = SiteLayout.stylesheet

    /// The built-in templates, overridden by those in `directory` when it exists.
    public static func load(directory: URL?, displayPath: String = "Templates") throws(CasefileError) -> TemplateSet {
        var sources: [String: (text: String, path: String)] = [:]
        for (name, text) in BuiltinTemplates.templates {
            sources[name] = (text, "<built-in>/\(name).mustache")
        }
        var stylesheet = (text: BuiltinTemplates.stylesheet, path: "<built-in>/\(stylesheetName)")
        if let directory, FileManager.default.fileExists(atPath: directory.path) {
            for (relative, name) in templateFiles(in: directory) {
                let path = displayPath + "/" + relative
                sources[name.rawValue] = (try read(directory, relative, path), path)
            }
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(stylesheetName).path) {
                let path = displayPath + "/" + stylesheetName
                stylesheet = (try read(directory, stylesheetName, path), path)
            }
        }
        var library = MustacheLibrary(vocabulary: TemplateField.vocabulary)
        var kept: [Source] = []
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            try parse(source.text, path: source.path, as: name, into: &library)
            kept.append(Source(name: name, text: source.text))
        }
        try parse(stylesheet.text, path: stylesheet.path, as: stylesheetName, into: &library)
        kept.append(Source(name: stylesheetName, text: stylesheet.text))
        return TemplateSet(library: library, sources: kept)
    }

    /// The same templates with `{{t.key}}` written in as `strings`' text when parsed: the strings
    /// are one build's, the same on every page, so no row looks them up again. (Each template
    /// parsed before, so it parses again; the set stays as it is if one did not.)
    func fixingStrings(_ strings: MustacheValue) -> TemplateSet {
        var library = MustacheLibrary(vocabulary: TemplateField.vocabulary, constants: ["t": strings])
        do {
            for source in sources { try library.register(source.text, named: source.name) }
        } catch {
            return self
        }
        return TemplateSet(library: library, sources: sources)
    }

    private static func read(_ directory: URL, _ relative: String, _ path: String) throws(CasefileError) -> String {
        do {
            return try String(contentsOf: directory.appendingPathComponent(relative), encoding: .utf8)
        } catch {
            throw CasefileError.unreadable(path, reason: error.localizedDescription)
        }
    }

    private static func parse(_ text: String, path: String, as name: String, into library: inout MustacheLibrary) throws(CasefileError) {
        do {
            try library.register(text, named: name)
        } catch {
            throw CasefileError.template("\(path):\(error.line):\(error.column)", message: error.message)
        }
    }

    /// The templates of the files below `directory` (`*.mustache`, outside hidden folders, as
    /// `TemplateName(file:)` reads them, the preview's watcher too), by sorted relative path.
    private static func templateFiles(in directory: URL) -> [(relative: String, name: TemplateName)] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.sorted().compactMap { relative in
            TemplateName(file: relative).flatMap { $0 == .stylesheet ? nil : (relative, $0) }
        }
    }

    /// Renders the template `name`; the set always has a page template (the built-in one at least).
    func render(_ context: some TemplateView, template name: TemplateName, capacity: Int = 0) -> [UInt8] {
        library.renderBytes(.view(context), template: name.rawValue, capacity: capacity)
    }

    /// Renders a run of pages on one thread (`MustacheLibrary.Run`).
    struct Run {
        var library: MustacheLibrary.Run

        mutating func render(_ context: some TemplateView, template name: TemplateName, capacity: Int = 0) -> [UInt8] {
            library.renderBytes(.view(context), template: name.rawValue, capacity: capacity)
        }
    }

    func run() -> Run {
        Run(library: library.run())
    }

    func renderStylesheet(_ context: MustacheValue) -> String {
        library.render(context, template: Self.stylesheetName, capacity: 1 << 16)
    }
}
