/// The published site's layout: where every file of a site lives, how to tell one kind of file
/// from another by its path, and how deep each sits. Every other part of the program asks here
/// instead of spelling a path; paths are relative to the site's root, `/`-separated.
///
///     index.html                               Suspects, page 1 (the home page)
///     suspects/page-2.html                     Suspects, page 2 (and so on)
///     bulletins/index.html, bulletins/page-2.html, fruits/…, validation/…   the other tables
///     suspects/by/suspicion-desc.html          a listing: a table in a column's order
///     suspects/by/suspicion-desc.page-2.html   its page 2
///     suspects/label/fishy.html                a listing: a filter value's records
///     suspects/id/fish.html                    a record's own page (its address), by its id
///     404.html                                 the page a server shows for a missing address
///     casefile.1a2b3c4d.css                    the stylesheet, named for a hash of its content
///     bulletins.atom                           the feed
///     sitemap.xml                              with a base URL (past 50,000 URLs, an index of sitemap-1.xml, …)
///     data/case.json, data/fruits.csv, …       the exports
///     validation/report.json, report.sarif, digest.json, previous/…   the validation reports
///
/// An enum of static members rather than a value: the layout is the same for every site
/// (site.yaml chooses which files there are, never where they go), so there is nothing to hold.
/// Which page holds which record is `PagePlan`'s (it depends on the page size and the orders).
public enum SiteLayout {
    // MARK: Pages

    /// How the name of every page (an HTML file) ends.
    public static let pageExtension = ".html"

    /// Whether the file at `path` is a page, rather than the stylesheet, an export or a report.
    public static func isPage(_ path: String) -> Bool {
        path.hasSuffix(pageExtension)
    }

    /// Page `number` (from 1) of `table`: Suspects' page 1 is the home page, `index.html`; every
    /// other page lives in its table's folder, `bulletins/index.html`, `bulletins/page-2.html`.
    public static func page(_ table: SiteTable, number: Int = 1) -> String {
        switch (table, number) {
        case (.suspects, 1): "index.html"
        case (_, 1): "\(table.rawValue)/index.html"
        default: "\(table.rawValue)/page-\(number).html"
        }
    }

    /// Whether `path` is one of `table`'s own pages (not a listing of it).
    public static func isPage(_ path: String, of table: SiteTable) -> Bool {
        guard isPage(path), !isListing(path), !isRecord(path) else { return false }
        return path.hasPrefix(table.rawValue + "/") || (table == .suspects && path == page(.suspects))
    }

    /// The page a server shows for an address the site does not have.
    public static let notFound = "404.html"

    // MARK: Listings

    /// How many folders down a listing sits: `suspects/by/…`, `suspects/label/…`.
    public static let listingDepth = 2

    /// The stem (the first page's path without `.html`) of `table`'s listing in the order of
    /// the column keyed `column`, ascending or descending: `suspects/by/suspicion-desc`.
    public static func orderListing(_ table: SiteTable, column: String, descending: Bool) -> String {
        "\(table.rawValue)/by/\(column)-\(descending ? "desc" : "asc")"
    }

    /// The stem of the listing of `table`'s records whose value of filter `facet` is `slug`:
    /// `suspects/label/fishy`.
    public static func facetListing(_ table: SiteTable, facet: String, value slug: String) -> String {
        "\(table.rawValue)/\(facet)/\(slug)"
    }

    /// Page `number` of the listing whose stem is `stem`: page 1 at `stem.html`, page n beside it
    /// at `stem.page-n.html` (a slug never holds a dot, so no value's listing can take another's
    /// page name). `stem` may be a listing's file name alone, for links between its pages.
    public static func listing(_ stem: String, page number: Int = 1) -> String {
        number == 1 ? stem + ".html" : "\(stem).page-\(number).html"
    }

    /// Whether `path` is a listing's page: a page `listingDepth` folders down (not a record's).
    public static func isListing(_ path: String) -> Bool {
        isPage(path) && depth(of: path) == listingDepth && !isRecord(path)
    }

    // MARK: Records

    /// The folder of each table that holds its records' own pages: `suspects/id/`. No filter is
    /// called `id`, so no listing shares it.
    public static let recordFolder = "id"

    /// The address of the record of `table` whose id is `id`: `suspects/id/fish.html`. It depends
    /// on the table and the id alone, so it stays the same however the case grows, shrinks or is
    /// reordered; nil when the id is not a slug (validation asks that it be one), which could not
    /// be a file name everywhere, or is longer than `recordIDLimit` bytes (a file name has 255).
    public static func record(_ table: SiteTable, id: String) -> String? {
        guard table != .validation, id.utf8.count <= recordIDLimit, Slug.isValid(id) else { return nil }
        return "\(table.rawValue)/\(recordFolder)/\(id)\(pageExtension)"
    }

    /// The longest id a record's own page is named for, in bytes.
    public static let recordIDLimit = 200

    /// Whether `path` is a record's own page.
    public static func isRecord(_ path: String) -> Bool {
        // `TABLE/id/NAME.html`, read without splitting: every page's frame asks.
        guard isPage(path), depth(of: path) == 2 else { return false }
        let bytes = path.utf8
        guard let first = bytes.firstIndex(of: UInt8(ascii: "/")) else { return false }
        let folder = bytes[bytes.index(after: first)...].prefix { $0 != UInt8(ascii: "/") }
        return !bytes[..<first].isEmpty && folder.elementsEqual(recordFolder.utf8)
    }

    // MARK: The stylesheet and the feed

    /// The stylesheet before its hash is added: what the templates folder calls it, and what a
    /// build is asked for to render it.
    public static let stylesheet = "casefile.css"

    /// The stylesheet's file in the site, named for `hash` (of its content) so that a browser
    /// never keeps a stale one: `casefile.1a2b3c4d.css`.
    public static func stylesheet(hash: String) -> String {
        "casefile.\(hash).css"
    }

    /// The Atom feed of the bulletins, at the site's root.
    public static let feed = "bulletins.atom"

    /// The sitemap, written when the site has a base URL: past 50,000 addresses, an index of
    /// its parts.
    public static let sitemap = "sitemap.xml"

    /// Part `number` (from 1) of a sitemap too long for one file: `sitemap-2.xml`.
    public static func sitemapPart(_ number: Int) -> String {
        "sitemap-\(number).xml"
    }

    // MARK: Data exports

    /// The whole validated case as one JSON document.
    public static let caseJSON = "data/case.json"
    /// Each collection as CSV and as JSON.
    public static let fruitsCSV = "data/fruits.csv"
    public static let fruitsJSON = "data/fruits.json"
    public static let animalsCSV = "data/animals.csv"
    public static let animalsJSON = "data/animals.json"
    public static let bulletinsCSV = "data/bulletins.csv"
    public static let bulletinsJSON = "data/bulletins.json"
    /// The validation problems as CSV.
    public static let problemsCSV = "data/problems.csv"

    /// Every export (site.yaml `exports`), the biggest, the whole case, first.
    public static let exports = [caseJSON, fruitsCSV, fruitsJSON, animalsCSV, animalsJSON, bulletinsCSV, bulletinsJSON,
                                 problemsCSV]

    // MARK: Validation reports

    /// The validation pages' folder, which holds the reports too.
    public static let validationFolder = "validation/"

    /// Whether `path` is a validation page or report.
    public static func isValidation(_ path: String) -> Bool {
        path.hasPrefix(validationFolder)
    }

    /// The problems as JSON.
    public static let report = "validation/report.json"
    /// The problems as SARIF 2.1.0.
    public static let sarifReport = "validation/report.sarif"
    /// A fingerprint of each record, for the next publish to compare with.
    public static let digest = "validation/digest.json"
    /// The last publish's report and digest, kept as they were.
    public static let previousReport = "validation/previous/report.json"
    public static let previousDigest = "validation/previous/digest.json"

    // MARK: Depth and links

    /// How many folders down `path` sits: 0 for `index.html`, 1 for `bulletins/page-2.html`, 2
    /// for a listing (for a path as this type makes them: relative, no empty component).
    public static func depth(of path: String) -> Int {
        path.utf8.count(where: { $0 == UInt8(ascii: "/") })
    }

    /// The way back to the site's root from `depth` folders down: `""`, `"../"`, `"../../"`.
    public static func root(depth: Int) -> String {
        String(repeating: "../", count: depth)
    }

    /// The way back to the site's root from the file at `path`.
    public static func root(from path: String) -> String {
        root(depth: depth(of: path))
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
}
