import Foundation

/// Maps a request path (already percent-decoded) to a file inside the site folder, or to nothing
/// when the path could reach outside it: `..` or `.` segments, backslashes, empty segments
/// (`//`), NUL, or a symbolic link that resolves outside the folder.
struct SitePath: Sendable {
    /// The site folder with its symbolic links resolved.
    let root: String

    init(root: URL) {
        self.root = root.standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// The absolute file path for `path` with its links resolved, or nil when it is not allowed.
    func resolve(_ path: String) -> String? {
        guard path.hasPrefix("/"), !path.contains("\\"), !path.contains("\0") else { return nil }
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        // A trailing slash (a folder) leaves one empty segment at the end; any other is `//`.
        for (i, segment) in segments.enumerated() {
            if segment == "." || segment == ".." { return nil }
            if segment.isEmpty, i != segments.count - 1 { return nil }
        }
        let candidate = root + path
        let resolved = URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path
        guard resolved == root || resolved.hasPrefix(root + "/") else { return nil }
        return resolved
    }
}
