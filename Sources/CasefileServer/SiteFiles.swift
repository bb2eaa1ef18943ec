import Foundation
import Hummingbird

/// The files of the served site for Hummingbird's FileMiddleware, which does the HTTP part
/// (content types, ETag and Last-Modified with 304 answers, HEAD, ranges, folders' index.html).
/// This provider adds what a preview needs: no path outside the site folder (SitePath), HTML
/// pages decorated with the live-reload snippet and the banner — their size and date are those of
/// the decorated page, so Content-Length and the validators match what is sent — and each
/// request's file read from one open descriptor (ServedFile), so that a file the rebuild replaces
/// meanwhile is sent whole, old or new, never a mix of the two.
struct SiteFiles: FileProvider {
    struct FileAttributes: FileMiddlewareFileAttributes, Sendable {
        var isFolder: Bool
        var size: Int
        var modificationDate: Date
    }

    typealias FileIdentifier = ServedFile

    let paths: SitePath
    let state: PreviewState

    init(root: URL, state: PreviewState) {
        self.paths = SitePath(root: root)
        self.state = state
    }

    func getFileIdentifier(_ path: String) -> ServedFile? {
        paths.resolve(path).map(ServedFile.init(path:))
    }

    func getAttributes(id: ServedFile) async throws -> FileAttributes? {
        try await id.attributes(state)
    }

    func loadFile(id: ServedFile, context: some RequestContext) async throws -> ResponseBody {
        try await id.body(state)
    }

    func loadFile(id: ServedFile, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        try await id.body(state, range: range)
    }
}
