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

    public static let stylesheet: TemplateName = "casefile.css"
    public static let layout: TemplateName = "layout"
    public static let suspects: TemplateName = "suspects"
    public static let bulletins: TemplateName = "bulletins"
    public static let fruits: TemplateName = "fruits"
    public static let validation: TemplateName = "validation"
    public static let notFound: TemplateName = "notfound"
    public static let listing: TemplateName = "listing"

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

    /// Whether it renders the file at `path` (a path in the site): a page template its own
    /// pages, the stylesheet itself, the layout and every partial every page.
    public func renders(_ path: String) -> Bool {
        switch self {
        case _ where isStylesheetPart: path == Self.stylesheet.rawValue
        case .notFound: path == "404.html"
        case .listing: Self.isListing(path)
        case .suspects: path == "index.html" || (path.hasPrefix("suspects/") && !Self.isListing(path))
        case .bulletins, .fruits, .validation: path.hasPrefix(rawValue + "/") && path.hasSuffix(".html") && !Self.isListing(path)
        default: path.hasSuffix(".html")
        }
    }

    /// A table's listing (an order or a filter value's records) lives two folders down:
    /// `suspects/by/suspicion-desc.html`, `suspects/label/fishy.html`.
    public static func isListing(_ path: String) -> Bool {
        path.hasSuffix(".html") && path.utf8.count(where: { $0 == UInt8(ascii: "/") }) == 2
    }
}
