import Foundation
import Hummingbird

/// The files of the served site for Hummingbird's FileMiddleware, which does the HTTP part
/// (content types, ETag and Last-Modified with 304 answers, HEAD, ranges, folders' index.html).
/// This provider adds what a preview needs: no path outside the site folder (SitePath), and HTML
/// pages decorated with the live-reload snippet and the banner — their size and date are those of
/// the decorated page, so Content-Length and the validators match what is sent.
struct SiteFiles: FileProvider {
    struct FileAttributes: FileMiddlewareFileAttributes, Sendable {
        var isFolder: Bool
        var size: Int
        var modificationDate: Date
    }

    typealias FileIdentifier = String

    let paths: SitePath
    let state: PreviewState

    init(root: URL, state: PreviewState) {
        self.paths = SitePath(root: root)
        self.state = state
    }

    func getFileIdentifier(_ path: String) -> String? {
        paths.resolve(path)
    }

    static func isHTML(_ path: String) -> Bool { path.hasSuffix(".html") }

    func getAttributes(id: String) async throws -> FileAttributes? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: id),
              let type = attributes[.type] as? FileAttributeType else { return nil }
        let date = attributes[.modificationDate] as? Date ?? Date(timeIntervalSince1970: 0)
        if type == .typeDirectory { return FileAttributes(isFolder: true, size: 0, modificationDate: date) }
        guard type == .typeRegular else { return nil }
        guard Self.isHTML(id) else {
            return FileAttributes(isFolder: false, size: (attributes[.size] as? Int) ?? 0, modificationDate: date)
        }
        let page = try await state.decoratedPage(id, fileDate: date)
        return FileAttributes(isFolder: false, size: page.count, modificationDate: max(date, await state.decoratedAt))
    }

    func loadFile(id: String, context: some RequestContext) async throws -> ResponseBody {
        ResponseBody(byteBuffer: ByteBuffer(bytes: try await bytes(id)))
    }

    func loadFile(id: String, range: ClosedRange<Int>, context: some RequestContext) async throws -> ResponseBody {
        let all = try await bytes(id)
        let lower = max(0, range.lowerBound), upper = min(range.upperBound, all.count - 1)
        guard lower <= upper else { return ResponseBody() }
        return ResponseBody(byteBuffer: ByteBuffer(bytes: all[lower...upper]))
    }

    /// The bytes sent for the file `id`: HTML decorated, anything else as it is.
    func bytes(_ id: String) async throws -> [UInt8] {
        if Self.isHTML(id) {
            let date = (try? FileManager.default.attributesOfItem(atPath: id)[.modificationDate] as? Date) ?? nil
            return try await state.decoratedPage(id, fileDate: date ?? Date(timeIntervalSince1970: 0))
        }
        return Array(try Data(contentsOf: URL(fileURLWithPath: id)))
    }
}
