import Foundation
import CasefileModel

/// The case folder as the loader reads it. Files are named by their path relative to the folder
/// (`fruits.yaml`, `notes/animals/fox.md`): that is how every diagnostic, report and page names
/// them, so nothing published says where the folder is on the author's machine. Only what the
/// folder owns is read: a symbolic link is followed when it leads to a file inside the folder,
/// and refused (with a diagnostic naming the link) when it leads anywhere else; a file that is
/// not a regular file (a pipe, a device) or is larger than its limit is not read either.
package struct CaseFolder: Sendable {
    let url: URL
    /// How the user named the folder: prefixed to paths in errors printed on the terminal.
    let shownAs: String
    /// The folder with every symbolic link in its path resolved: what "inside" is measured against.
    private let resolvedPrefix: String
    /// The folder's path with a final "/": files' paths are made from it by appending (a `URL`
    /// appending a component asks the file system whether it is a folder, for every note).
    private let prefix: String

    init(url: URL, shownAs: String) {
        self.url = url.standardizedFileURL
        self.shownAs = shownAs
        let resolved = self.url.resolvingSymlinksInPath().path
        self.resolvedPrefix = resolved.hasSuffix("/") ? resolved : resolved + "/"
        let path = self.url.path
        self.prefix = path.hasSuffix("/") ? path : path + "/"
    }

    /// `relative` as the terminal shows it: below the folder as the user named it.
    func shown(_ relative: String) -> String {
        shownAs.isEmpty || shownAs == "." ? relative : shownAs + "/" + relative
    }

    package func exists(_ relative: String) -> Bool {
        FileStatus.of(link: prefix + relative) != nil
    }

    /// What reading a file of the case gave.
    enum Read: Sendable {
        case bytes([UInt8])
        /// The file was not read; the diagnostic says why and where.
        case refused(Diagnostic)
    }

    /// Whether the folder at `relative` is, links resolved, inside the case folder.
    package func holds(folder relative: String) -> Bool {
        (url.appendingPathComponent(relative).resolvingSymlinksInPath().path + "/").hasPrefix(resolvedPrefix)
    }

    /// Reads `relative`, at most `limit` bytes. Throws only when the file cannot be read at all
    /// (permissions, I/O): a case problem comes back as `.refused`. `inHeldFolder`: its folder is
    /// known to be inside (`holds(folder:)`), so only a file that is itself a link is resolved —
    /// twenty thousand notes are not resolved one by one.
    func read(_ relative: String, limit: Int, inHeldFolder: Bool = false) throws(CasefileError) -> Read {
        let file = prefix + relative
        let place = SourceLocation(path: relative, line: 1, column: 1)
        guard var status = FileStatus.of(link: file) else {
            throw CasefileError.unreadable(shown(relative), reason: "no such file")
        }
        // Every link on the way counts, the file's own and its folders' (`notes/` may be one);
        // in a folder known to be inside, only the file's own.
        let knownInside = inHeldFolder && status.kind != .symbolicLink
        let target = knownInside ? file : URL(fileURLWithPath: file).resolvingSymlinksInPath().path
        guard knownInside || target.hasPrefix(resolvedPrefix) else {
            return .refused(Diagnostic(
                rule: .outsideLink,
                message: "this file is reached through a symbolic link that leads outside the case folder; it was not read",
                location: place,
                fix: "Copy the file into the case folder, or link to a file inside it."))
        }
        if status.kind == .symbolicLink {
            guard let followed = FileStatus.of(target: target) else { return .refused(notAFile("a broken link or unknown kind", at: place)) }
            status = followed
        }
        guard status.kind == .regular else { return .refused(notAFile(Self.describe(status.kind), at: place)) }
        guard status.size <= limit else { return .refused(tooLarge(relative, size: status.size, limit: limit)) }
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(file, expected: status.size, limit: limit) } catch {
            throw CasefileError.unreadable(shown(relative), reason: error.reason)
        }
        guard bytes.count <= limit else { return .refused(tooLarge(relative, size: bytes.count, limit: limit)) }
        return .bytes(bytes)
    }

    private func notAFile(_ what: String, at place: SourceLocation) -> Diagnostic {
        Diagnostic(rule: .notAFile, message: "this is not a regular file but \(what); it was not read",
                   location: place, fix: "Replace it with a text file.")
    }

    private func tooLarge(_ relative: String, size: Int, limit: Int) -> Diagnostic {
        let isNote = CaseLayout.isNote(relative)
        return Diagnostic(
            rule: .fileTooLarge,
            message: "this file is \(ReadLimits.megabytes(size)), more than \(ReadLimits.megabytes(limit)) (the limit for \(isNote ? "a note" : "a data file")); it was not read",
            location: SourceLocation(path: relative, line: 1, column: 1),
            fix: "Split the file, or raise `limits.\(isNote ? "noteMB" : "dataFileMB")` in site.yaml.")
    }

    private static func describe(_ kind: FileStatus.Kind) -> String {
        switch kind {
        case .folder: "a folder"
        case .device: "a device"
        case .socket: "a socket"
        default: "a pipe or special file"
        }
    }
}
