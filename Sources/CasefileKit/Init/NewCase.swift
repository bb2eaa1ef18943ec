import CasefileSample
import Foundation
import CasefileModel
import CasefileOutput

/// `casefile init`: a new case that builds clean at once — the sample case (Content/), the JSON
/// Schemas the sample's data files name in their modelines (Schemas/), and a Templates/ folder
/// holding only a README on how to override a built-in template. No template is copied: a case
/// uses the built-ins, and so each upgrade of them, until it copies one to change it
/// (`casefile templates copy`).
public enum NewCase {
    /// Every file a new case has, by its path from the case's folder, in path order.
    public static let files: [OutputFile] = {
        var files = SampleFiles.files.map { OutputFile(path: $0.key, bytes: $0.value) }
        files.append(OutputFile(path: "Templates/README.md", contents: templatesReadme))
        return files.sorted { $0.path < $1.path }
    }()

    /// What a new case's Templates/ holds: how to override one template, and why only one.
    static let templatesReadme = """
        # Templates

        This case uses Casefile's built-in templates, so every upgrade of Casefile reaches its
        pages. To change one page or part, copy only that template here and edit the copy:

            casefile templates list                   # the built-ins, and which ones this folder overrides
            casefile templates copy suspects          # writes Templates/suspects.mustache
            casefile templates copy partials/suspect-panel casefile.css

        A file here takes the place of the built-in of the same name; everything else stays
        built in. The copy's first line records which built-in it came from (a Mustache comment,
        which renders as nothing), and `casefile build` says when a copy is no different from its
        built-in, when it lacks one of the `data-*` hooks the pages rely on, and when the built-in
        has changed since the copy was made. Delete a copy to go back to the built-in.

        """

    /// Writes the new case into `folder` (created when missing) and returns the paths written.
    /// Without `force` it refuses, writing nothing, when the folder is not empty: when any of those
    /// files already exists, or anything else but hidden entries (`.git`, `.gitignore`) is there.
    /// With `force` it overwrites its own files and leaves every other file alone.
    public static func write(into folder: URL, displayPath: String, force: Bool) throws(CasefileError) -> [String] {
        let target = FolderFiles(folder: folder, displayPath: displayPath)
        try target.checkIsFolder()
        let existing = target.existing(files.map(\.path))
        if !existing.isEmpty, !force {
            throw CasefileError.refused(displayPath, reason: "it already has \(FolderFiles.listed(existing)); nothing was written "
                + "(pass --force to overwrite them, or choose another folder)")
        }
        let others = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        if !others.isEmpty, !force {
            throw CasefileError.refused(displayPath, reason: "it is not empty (it holds \(FolderFiles.listed(others))); nothing was "
                + "written (pass --force to write the case beside them, or choose an empty folder)")
        }
        try target.write(files)
        return files.map(\.path)
    }
}
