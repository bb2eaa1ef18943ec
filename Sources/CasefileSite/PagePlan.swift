import CasefileModel

/// Where every page and every record lives in the output, and relative links between them.
/// Suspects page 1 is the home page `index.html`; the others live in a folder per kind:
/// `suspects/page-2.html`, `bulletins/index.html`, `bulletins/page-2.html`, …
public struct PagePlan: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case suspects, bulletins, fruits, validation
    }

    public let pageSize: Int
    public let counts: [Kind: Int]

    public init(pageSize: Int, suspects: Int, bulletins: Int, fruits: Int, problems: Int) {
        self.pageSize = max(1, pageSize)
        self.counts = [.suspects: suspects, .bulletins: bulletins, .fruits: fruits, .validation: problems]
    }

    /// How many pages a kind has (at least one: an empty table still has its page).
    public func pageCount(_ kind: Kind) -> Int {
        max(1, ((counts[kind] ?? 0) + pageSize - 1) / pageSize)
    }

    /// The output path of page `number` (1-based) of `kind`.
    public func path(_ kind: Kind, page number: Int) -> String {
        switch (kind, number) {
        case (.suspects, 1): "index.html"
        case (_, 1): "\(kind.rawValue)/index.html"
        default: "\(kind.rawValue)/page-\(number).html"
        }
    }

    /// The page that shows the record at `index` of its table.
    public func page(ofRecordAt index: Int) -> Int { index / pageSize + 1 }

    /// The path of the page holding record `index` of `kind`.
    public func path(_ kind: Kind, recordAt index: Int) -> String {
        path(kind, page: page(ofRecordAt: index))
    }

    /// A link from the page at `from` to `to` (a path from the root), optionally with a fragment;
    /// on the same page, the fragment alone.
    public static func link(from: String, to: String, fragment: String? = nil) -> String {
        link(from: from, root: root(from: from), to: to, fragment: fragment)
    }

    /// `link(from:to:fragment:)` with `root(from: from)` already known (a note's links all start
    /// from its page).
    package static func link(from: String, root: String, to: String, fragment: String?) -> String {
        if let fragment, from == to { return "#" + fragment }
        guard let fragment else { return root + to }
        return root + to + "#" + fragment
    }

    /// `""` for a page at the root, `"../"` for one a folder down (for a path as `path(_:page:)`
    /// makes them: relative, no empty component).
    public static func root(from path: String) -> String {
        String(repeating: "../", count: path.utf8.count(where: { $0 == UInt8(ascii: "/") }))
    }
}

extension CaseCollection {
    package var pageKind: PagePlan.Kind {
        switch self {
        case .fruits: .fruits
        case .animals: .suspects
        case .bulletins: .bulletins
        }
    }
}
