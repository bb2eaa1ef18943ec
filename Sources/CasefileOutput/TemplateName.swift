import CasefileModel

/// A template as the templates folder names it: a page template (`suspects`), the layout, a
/// partial (`partials/toolbar`), each without `.mustache`, or the stylesheet (`casefile.css`).
public struct TemplateName: Sendable, Hashable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public static let stylesheet = TemplateName(SiteLayout.stylesheet)
    public static let layout: TemplateName = "layout"
    public static let suspects: TemplateName = "suspects"
    public static let bulletins: TemplateName = "bulletins"
    public static let fruits: TemplateName = "fruits"
    public static let validation: TemplateName = "validation"
    public static let notFound: TemplateName = "notfound"
    public static let listing: TemplateName = "listing"
    /// A listing's row, rendered once per record (the listings copy it).
    public static let listingRow: TemplateName = "partials/listing-row"
    public static let record: TemplateName = "record"

    /// The template a file of the templates folder holds (`partials/toolbar.mustache`,
    /// `casefile.css`); nil for any other file, or one in a hidden folder.
    public init?(file relative: String) {
        if relative == Self.stylesheet.rawValue { self = .stylesheet; return }
        guard relative.hasSuffix(".mustache"), !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") })
        else { return nil }
        self.init(String(relative.dropLast(".mustache".count)))
    }

    /// Whether it is the stylesheet or one of the parts it includes (`styles/…`): a change to it
    /// changes the stylesheet's hashed name, which every page links to.
    public var isStylesheetPart: Bool { self == .stylesheet || rawValue.hasPrefix("styles/") }

    /// Its file in the templates folder.
    public var fileName: String { self == .stylesheet ? rawValue : rawValue + ".mustache" }

    public var description: String { rawValue }

    public static func < (a: TemplateName, b: TemplateName) -> Bool { a.rawValue < b.rawValue }

    /// The template of a table's own pages (`suspects` for `index.html` and `suspects/page-2.html`).
    public static func page(_ table: SiteTable) -> TemplateName {
        switch table {
        case .suspects: .suspects
        case .bulletins: .bulletins
        case .fruits: .fruits
        case .validation: .validation
        }
    }

    /// The page template that renders the file at `path` (a path in the site), inside the layout
    /// and with the partials it names: the one place that routes a page to its template. Nil for
    /// a file no template renders (a report, an export, the feed) and for the stylesheet.
    public static func rendering(_ path: String) -> TemplateName? {
        if path == SiteLayout.notFound { return .notFound }
        if SiteLayout.isListing(path) { return .listing }
        if SiteLayout.isRecord(path) { return .record }
        return SiteTable.allCases.first { SiteLayout.isPage(path, of: $0) }.map(page)
    }

    /// Whether it renders the file at `path`: a page template the pages routed to it
    /// (`rendering(_:)`), the stylesheet and its parts the stylesheet, and the layout and every
    /// partial every page.
    public func renders(_ path: String) -> Bool {
        if isStylesheetPart { return path == SiteLayout.stylesheet }
        if Self.pageTemplates.contains(self) { return Self.rendering(path) == self }
        return SiteLayout.isPage(path)
    }

    /// The templates a page is routed to (`rendering(_:)`).
    static let pageTemplates: Set<TemplateName> = Set(SiteTable.allCases.map(page)).union([.notFound, .listing, .record])
}
