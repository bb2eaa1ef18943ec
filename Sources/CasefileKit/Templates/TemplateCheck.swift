import Foundation
import CasefileModel
import CasefileOutput

/// The checks of a case's template overrides, run wherever templates are loaded (build, serve,
/// publish): a copy that is its built-in unchanged (`template-unchanged`), one that lacks a DOM
/// hook its built-in writes (`template-missing-hook`), one copied from an earlier built-in
/// (`template-outdated`). Each problem's place is the file, relative to the templates folder; the
/// case's `validation.rules` sets their severities. They are printed, never published: a site is
/// the same whether or not its case holds copies of the built-ins.
public enum TemplateCheck {
    /// The problems of the overrides in `folder` (none when it is missing, or when it is the
    /// folder the built-ins are compiled from: see `isBuiltinSource`), in report order.
    public static func problems(in folder: URL?, settings: SiteSettings) -> [Diagnostic] {
        guard let folder, !isBuiltinSource(folder) else { return [] }
        var problems: [Diagnostic] = []
        for (relative, template) in overrides(in: folder) {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(relative).path),
                  let text = String(data: data, encoding: .utf8) else { continue }  // loading the templates says why
            problems += check(text, at: relative, against: template)
        }
        return problems.compactMap { problem -> Diagnostic? in
            guard let severity = settings.severity(of: problem.rule) else { return nil }
            var problem = problem
            problem.severity = severity
            return problem
        }.sorted(by: Diagnostic.reportOrder)
    }

    /// The files of `folder` that override a built-in, by path relative to it, in path order.
    static func overrides(in folder: URL) -> [(file: String, template: BuiltinTemplate)] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.sorted().compactMap { relative in
            BuiltinTemplate.overridden(by: relative).map { (relative, $0) }
        }
    }

    /// Whether `folder` is the repository's own Templates/, which the built-ins are compiled from
    /// (it holds their Embedded.swift): not a copy of them, so nothing to say about it.
    static func isBuiltinSource(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("Embedded.swift").path)
    }

    /// The problems of one file's `text` overriding `template`.
    static func check(_ text: String, at file: String, against template: BuiltinTemplate) -> [Diagnostic] {
        let place = SourceLocation(path: file, line: 1, column: 1)
        let (provenance, body) = Provenance.read(text)
        let recorded = provenance?.name == template.name ? provenance : nil
        var problems: [Diagnostic] = []
        if body == template.text[...] {
            problems.append(Diagnostic(
                rule: .templateUnchanged,
                message: "this is the built-in \(template.name) template unchanged: while it is here, Casefile's "
                    + "upgrades of the template do not reach this case",
                location: place, value: template.name,
                fix: "Delete the file; `casefile templates copy \(template.name)` makes a fresh copy when you want to change it."))
        } else if let recorded, recorded.hash != template.hash {
            problems.append(outdated(body, recorded: recorded, at: place, template: template))
        }
        for hook in template.hooks where !hook.isWritten(in: String(body)) {
            problems.append(Diagnostic(
                rule: .templateMissingHook,
                message: "lacks the hook \(hook.name) that the built-in \(template.name) writes: \(hook.loss)",
                location: place, value: hook.name,
                fix: "Put \(hook.name) back on \(hook.on), as the built-in does (Templates/README.md, \"DOM hooks\")."))
        }
        return problems
    }

    /// A copy made from an earlier built-in: what changed between it and today's built-in.
    private static func outdated(_ body: Substring, recorded: Provenance, at place: SourceLocation,
                                 template: BuiltinTemplate) -> Diagnostic {
        let untouched = ContentHash.hex16(String(body)) == recorded.hash
        let change = TemplateChange(copy: String(body), builtin: template.text)
        let what = untouched
            ? "this copy is unchanged since it was made, so it holds the earlier built-in"
            : "merge its changes into this copy"
        return Diagnostic(
            rule: .templateOutdated,
            message: "the built-in \(template.name) template has changed since this copy was made from it "
                + "(\(recorded.hash) then, \(template.hash) now; \(change.summary)): \(what)",
            location: place, value: template.name,
            fix: untouched
                ? "Delete the file to use today's built-in, or copy it again (`casefile templates copy \(template.name) --force`)."
                : "`casefile templates copy \(template.name) --templates DIR` writes today's built-in into DIR to compare; "
                    + "once merged, write \(template.hash) in place of \(recorded.hash) in the first line.")
    }
}
