import Foundation

/// What the server shows besides the files: the current decoration (banner or not), when it last
/// changed (part of every HTML page's validators), and decorated pages, cached by the version of
/// the file they were made from, within a budget of bytes.
public actor PreviewState {
    public private(set) var decoration = PageDecoration()
    /// When the decoration last changed: an HTML page is as new as its file or its banner.
    public private(set) var decoratedAt = Date()
    private var pages: [String: CachedPage] = [:]
    /// Paths of the cached pages, least recently stored first.
    private var order: [String] = []
    private var cachedBytes = 0
    /// Most bytes of decorated pages kept: a client walking every page of a large site does not
    /// make the server hold the whole site.
    let budget: Int

    struct CachedPage {
        var version: FileVersion
        var decoratedAt: Date
        var bytes: [UInt8]
    }

    /// The editor's links for every page, while editing is on.
    public private(set) var editor: EditorLabels?

    /// Turns the editor's links on (or off, with nil) for the pages sent from now on.
    public func setEditor(_ labels: EditorLabels?) {
        editor = labels
        var decoration = self.decoration
        decoration.editor = labels
        set(decoration)
    }

    public init(budget: Int = 64 << 20) {
        self.budget = budget
    }

    /// Sets the decoration; true when it changed.
    @discardableResult
    public func set(_ decoration: PageDecoration) -> Bool {
        var decoration = decoration
        decoration.editor = editor
        guard decoration != self.decoration else { return false }
        self.decoration = decoration
        decoratedAt = Date()
        pages = [:]
        order = []
        cachedBytes = 0
        return true
    }

    /// The current decoration, when it was set, and the page at `path` decorated with it if it
    /// is cached for that `version` of the file.
    func page(_ path: String, version: FileVersion) -> (cached: [UInt8]?, decoration: PageDecoration, decoratedAt: Date) {
        let cached = pages[path].flatMap { $0.version == version && $0.decoratedAt == decoratedAt ? $0.bytes : nil }
        return (cached, decoration, decoratedAt)
    }

    /// Keeps `bytes`, the page at `path` of `version` decorated as of `decoratedAt`, unless the
    /// decoration has changed since.
    func store(_ bytes: [UInt8], path: String, version: FileVersion, decoratedAt: Date) {
        guard decoratedAt == self.decoratedAt, bytes.count <= budget else { return }
        if let old = pages.removeValue(forKey: path) {
            cachedBytes -= old.bytes.count
            order.removeAll { $0 == path }
        }
        while cachedBytes + bytes.count > budget, !order.isEmpty {
            let oldest = order.removeFirst()
            cachedBytes -= pages.removeValue(forKey: oldest)?.bytes.count ?? 0
        }
        pages[path] = CachedPage(version: version, decoratedAt: decoratedAt, bytes: bytes)
        order.append(path)
        cachedBytes += bytes.count
    }

    /// How many bytes of pages are cached.
    var cachedSize: Int { cachedBytes }
}
