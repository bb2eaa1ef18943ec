import Foundation
import CasefileModel
import CasefileOutput

/// `casefile templates`: which built-ins a case's templates folder overrides, and a copy of a
/// built-in written into it, one file at a time, to change.
public enum TemplateCopies {
    /// A built-in and, when the folder overrides it, the file that does (relative to the folder).
    public struct Entry: Sendable, Hashable {
        public var template: BuiltinTemplate
        public var overriddenBy: String?
    }

    /// Every built-in, with the file of `folder` that overrides it; and the folder's other
    /// templates (partials of the case's own), relative to it.
    public static func list(_ folder: URL) -> (entries: [Entry], others: [String]) {
        let overriding = Dictionary(TemplateCheck.overrides(in: folder).map { ($0.template.name, $0.file) }) { a, _ in a }
        let entries = BuiltinTemplate.all.map { Entry(template: $0, overriddenBy: overriding[$0.name]) }
        let others = (FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".mustache") && BuiltinTemplate.overridden(by: $0) == nil }.sorted()
        return (entries, others)
    }

    /// Writes a copy of each of `templates` into `folder` (created when missing), its provenance in
    /// its first line, and returns the files written, relative to the folder. Without `force` it
    /// refuses, writing nothing, when any of those files exists already.
    public static func copy(_ templates: [BuiltinTemplate], into folder: URL, displayPath: String,
                            force: Bool) throws(CasefileError) -> [String] {
        let target = FolderFiles(folder: folder, displayPath: displayPath)
        try target.checkIsFolder()
        let existing = target.existing(templates.map(\.file))
        if !existing.isEmpty, !force {
            throw CasefileError.refused(FolderFiles.listed(existing.map(target.shown)),
                                        reason: "\(existing.count == 1 ? "it exists" : "they exist") already; "
                + "nothing was written (pass --force to overwrite, which loses the changes made there)")
        }
        try target.write(templates.map { OutputFile(path: $0.file, contents: Provenance.copy(of: $0)) })
        return templates.map(\.file)
    }
}
