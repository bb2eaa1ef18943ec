import CasefileLocalization
import CasefileModel
import CasefileMustache
import CasefileSite

/// The index of a listing in the order of a text column (the suspects by name), as the iOS
/// contacts list has one: A to Z and the other initials the texts begin with, each linking to
/// the page where its first record is, `#` for texts that begin with no letter; and, for each
/// page, the first and last text it holds (“Ada – Bea”), which its page links say.
///
/// The entries follow the order itself (`TableSort`, which compares text by Unicode scalars
/// without regard to case), so each entry's records stand together: a Latin letter with a mark
/// (Ä, É) is an entry of its own, after Z, where the order puts it; hiragana and katakana file
/// under the first kana of their row (か for が, き, ぐ …), whose characters stand together in that order; any
/// other letter (a kanji) under itself.
struct NameIndex: Sendable {
    struct Entry: Sendable, Equatable {
        let label: String
        /// The page (from 1) its first record is on; nil for a letter of A to Z no text begins with.
        let page: Int?
    }

    /// The listing's records, in its order, and each record's text.
    let order: [Int]
    let texts: [String]
    let pageSize: Int
    let entries: [Entry]
    /// Each page's `names`, made once when the index is made with the site's strings: every page
    /// of the listing links, and names, a few dozen of its pages.
    private let pageNames: [String]?

    /// `strings`: the site's, to make each page's names once (an index that only compares, for
    /// `showsSame`, needs none).
    init(order: [Int], texts: [String], pageSize: Int, descending: Bool, strings: UIStrings? = nil) {
        self.order = order
        self.texts = texts
        self.pageSize = max(1, pageSize)
        let size = self.pageSize
        pageNames = strings.map { strings in
            (1...max(1, (order.count + size - 1) / size)).map { Self.names(page: $0, order, texts, size, strings) }
        }
        var first: [String: Int] = [:]
        var labels: [String] = []
        for (place, record) in order.enumerated() {
            let label = Self.label(texts[record])
            if first[label] == nil {
                first[label] = place
                if label != Self.rest { labels.append(label) }
            }
        }
        // A to Z stand in full once any text begins with one of them; a letter no text begins
        // with goes where the order would put it, and links nowhere.
        if labels.contains(where: Self.isLatin) {
            for letter in Self.latin where first[letter] == nil {
                let later = labels.firstIndex { Self.isLatin($0) && (descending ? $0 < letter : $0 > letter) }
                labels.insert(letter, at: later ?? (labels.lastIndex(where: Self.isLatin).map { $0 + 1 } ?? 0))
            }
        }
        if first[Self.rest] != nil { labels.append(Self.rest) }
        entries = labels.map { Entry(label: $0, page: first[$0].map { $0 / size + 1 }) }
    }

    /// The entry for texts that begin with no letter.
    static let rest = "#"
    static let latin = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }

    static func isLatin(_ label: String) -> Bool {
        label.utf8.count == 1 && label.utf8.first.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) } == true
    }

    /// The first scalar of each kana row, hiragana then katakana, with its row's name.
    private static let kanaRows: [(UInt32, String)] = {
        let heads: [UInt32] = [0x3041, 0x304B, 0x3055, 0x305F, 0x306A, 0x306F, 0x307E, 0x3083, 0x3089, 0x308E]
        let hiragana = "あかさたなはまやらわ".map(String.init), katakana = "アカサタナハマヤラワ".map(String.init)
        return Array(zip(heads, hiragana)) + zip(heads.map { $0 + 0x60 }, katakana)
    }()

    /// The entry a text files under.
    static func label(_ text: String) -> String {
        guard let character = text.first, let scalar = character.unicodeScalars.first else { return rest }
        let v = scalar.value
        if (0x3041...0x309F).contains(v) || (0x30A1...0x30FA).contains(v) {
            return kanaRows.last { $0.0 <= v }?.1 ?? rest
        }
        guard character.isLetter else { return rest }
        // The order folds case with `lowercased()`: so does the entry, then shows the capital.
        let lower = String(character).lowercased()
        let upper = lower.uppercased()
        return upper.count == 1 ? upper : lower
    }

    /// How many pages the listing spans.
    var pageCount: Int { max(1, (order.count + pageSize - 1) / pageSize) }

    /// The first and the last text page `page` holds, as its links say them.
    func names(page: Int, strings: UIStrings) -> String {
        if let pageNames, pageNames.indices.contains(page - 1) { return pageNames[page - 1] }
        return Self.names(page: page, order, texts, pageSize, strings)
    }

    private static func names(page: Int, _ order: [Int], _ texts: [String], _ pageSize: Int, _ strings: UIStrings) -> String {
        let from = min(order.count, (page - 1) * pageSize), to = min(order.count, page * pageSize)
        guard from < to else { return "" }
        let first = texts[order[from]], last = texts[order[to - 1]]
        return first == last ? first : strings.text(.pageNames, ["first": first, "last": last])
    }

    /// Whether `other` links and names every page as this index does: the same entries, and the
    /// same first and last text on each page (what the index and every page link show).
    func showsSame(as other: NameIndex) -> Bool {
        guard entries == other.entries, order.count == other.order.count, pageSize == other.pageSize else { return false }
        var start = 0
        while start < order.count {
            let end = min(order.count, start + pageSize) - 1
            if texts[order[start]] != other.texts[other.order[start]] || texts[order[end]] != other.texts[other.order[end]] {
                return false
            }
            start += pageSize
        }
        return true
    }

    /// The index of each of `tables` whose own pages list it in the order of a text column
    /// (site.yaml's `defaultOrder`) and that spans pages.
    static func defaultOrders(_ v: PlacedCase, tables: Set<SiteTable>, strings: UIStrings) -> [SiteTable: NameIndex] {
        let site = v.caseContent.site
        var indexes: [SiteTable: NameIndex] = [:]
        for table in tables where v.pagePlan.pageCount(table) > 1 {
            guard let order = site.defaultOrder[table], let records = v.pagePlan.order(table),
                  let texts = TableSort(table, v.caseContent, v.index, problems: v.diagnostics).texts[order.column]
            else { continue }
            indexes[table] = NameIndex(order: records, texts: texts, pageSize: site.pageSize, descending: order.descending,
                                       strings: strings)
        }
        return indexes
    }

    /// The `pageIndex` context: `{links: [{label, href, names}]}`, `href` false for a letter no
    /// text begins with; page n is at `href(n)`.
    func context(strings: UIStrings, href: (Int) -> String) -> MustacheValue {
        .fields([(.links, .list(entries.map { entry in
            guard let page = entry.page else { return .fields([(.label, .string(entry.label)), (.href, .bool(false))]) }
            return .fields([(.label, .string(entry.label)), (.href, .string(href(page))),
                            (.names, .string(names(page: page, strings: strings)))])
        }))])
    }
}
