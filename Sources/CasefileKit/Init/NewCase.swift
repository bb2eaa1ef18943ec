import CasefileSample
import CasefileTemplates
import Foundation
import CasefileModel
import CasefileOutput
import CasefileRendering

/// `casefile init`: a new case that builds clean at once — the sample case (Content/), the
/// built-in templates to edit (Templates/, with their README) and the JSON Schemas the sample's
/// data files name in their modelines (Schemas/).
public enum NewCase {
    /// Every file a new case has, by its path from the case's folder, in path order.
    public static let files: [OutputFile] = {
        var files = SampleFiles.files.map { OutputFile(path: $0.key, bytes: $0.value) }
        for (name, text) in BuiltinTemplates.templates {
            files.append(OutputFile(path: "Templates/\(name).mustache", contents: text))
        }
        files.append(OutputFile(path: "Templates/\(TemplateSet.stylesheetName)", contents: BuiltinTemplates.stylesheet))
        files.append(OutputFile(path: "Templates/README.md", contents: BuiltinTemplates.readme))
        return files.sorted { $0.path < $1.path }
    }()

    /// Writes the new case into `folder` (created when missing) and returns the paths written.
    /// Without `force` it refuses, writing nothing, when the folder is not empty: when any of those
    /// files already exists, or anything else but hidden entries (`.git`, `.gitignore`) is there.
    /// With `force` it overwrites its own files and leaves every other file alone.
    public static func write(into folder: URL, displayPath: String, force: Bool) throws(CasefileError) -> [String] {
        let fm = FileManager.default
        var isFolder: ObjCBool = false
        if fm.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw CasefileError.refused(displayPath, reason: "it is a file, not a folder")
        }
        let existing = files.map(\.path).filter { fm.fileExists(atPath: folder.appendingPathComponent($0).path) }
        if !existing.isEmpty, !force {
            let shown = existing.prefix(3).joined(separator: ", ")
            let more = existing.count > 3 ? " and \(existing.count - 3) more" : ""
            throw CasefileError.refused(displayPath, reason: "it already has \(shown)\(more); nothing was written "
                + "(pass --force to overwrite them, or choose another folder)")
        }
        let others = ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        if !others.isEmpty, !force {
            let shown = others.prefix(3).joined(separator: ", ")
            let more = others.count > 3 ? " and \(others.count - 3) more" : ""
            throw CasefileError.refused(displayPath, reason: "it is not empty (it holds \(shown)\(more)); nothing was "
                + "written (pass --force to write the case beside them, or choose an empty folder)")
        }
        for file in files {
            let url = folder.appendingPathComponent(file.path)
            do {
                try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.bytes).write(to: url)
            } catch {
                throw CasefileError.unwritable(displayPath == "." ? file.path : "\(displayPath)/\(file.path)",
                                               reason: error.localizedDescription)
            }
        }
        return files.map(\.path)
    }
}
