import Foundation

/// What the server shows besides the files: the current decoration (banner or not), when it last
/// changed (part of every HTML page's validators), and the decorated pages, cached by file date.
public actor PreviewState {
    public private(set) var decoration = PageDecoration()
    /// When the decoration last changed: an HTML page is as new as its file or its banner.
    public private(set) var decoratedAt = Date()
    private var pages: [String: CachedPage] = [:]

    struct CachedPage {
        var fileDate: Date
        var decoratedAt: Date
        var bytes: [UInt8]
    }

    public init() {}

    /// Sets the decoration; true when it changed.
    @discardableResult
    public func set(_ decoration: PageDecoration) -> Bool {
        guard decoration != self.decoration else { return false }
        self.decoration = decoration
        decoratedAt = Date()
        pages = [:]
        return true
    }

    /// The page at `path` (modified at `fileDate`) as the server sends it.
    func decoratedPage(_ path: String, fileDate: Date) throws -> [UInt8] {
        if let cached = pages[path], cached.fileDate == fileDate, cached.decoratedAt == decoratedAt {
            return cached.bytes
        }
        let html = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        let bytes = Array(decoration.decorate(html).utf8)
        pages[path] = CachedPage(fileDate: fileDate, decoratedAt: decoratedAt, bytes: bytes)
        return bytes
    }
}
