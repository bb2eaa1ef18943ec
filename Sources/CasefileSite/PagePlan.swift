import CasefileModel

/// Which page of its table shows each record: the tables paginated, `pageSize` records a page.
/// Where each page lives is `SiteLayout`'s.
///
/// A table lists its records in file order, or in its default order (site.yaml's
/// `defaultOrder`): then its pages hold the records in that order, and a record's page is found
/// from its place in it.
public struct PagePlan: Sendable {
    public let pageSize: Int
    public let counts: [SiteTable: Int]
    /// Per table (by `SiteTable.ordinal`): the records in the order its pages list them, and each
    /// record's place in that order; nil for file order.
    private let orders: [[Int]?]
    private let places: [[Int]?]

    /// `orders`: the tables listed in an order other than their file's, each as every record's
    /// position in its collection, in the order the pages list them.
    public init(pageSize: Int, suspects: Int, bulletins: Int, fruits: Int, problems: Int, orders: [SiteTable: [Int]] = [:]) {
        self.pageSize = max(1, pageSize)
        self.counts = [.suspects: suspects, .bulletins: bulletins, .fruits: fruits, .validation: problems]
        self.orders = SiteTable.allCases.map { orders[$0] }
        self.places = SiteTable.allCases.map { kind in
            orders[kind].map { order in
                var places = [Int](repeating: 0, count: order.count)
                for (place, record) in order.enumerated() { places[record] = place }
                return places
            }
        }
    }

    /// The records of `kind` in the order its pages list them; nil for file order.
    public func order(_ kind: SiteTable) -> [Int]? { orders[kind.ordinal] }

    /// The tables' orders other than file order, as given to `init`.
    public var orderedTables: [SiteTable: [Int]] {
        var all: [SiteTable: [Int]] = [:]
        for kind in SiteTable.allCases { all[kind] = order(kind) }
        return all
    }

    /// The records page `number` (1-based) of `kind` lists, in order.
    public func records(_ kind: SiteTable, page number: Int) -> [Int] {
        let count = counts[kind] ?? 0
        let range = min(count, (number - 1) * pageSize)..<min(count, number * pageSize)
        guard let order = order(kind) else { return Array(range) }
        return Array(order[range])
    }

    /// How many pages a kind has (at least one: an empty table still has its page).
    public func pageCount(_ kind: SiteTable) -> Int {
        max(1, ((counts[kind] ?? 0) + pageSize - 1) / pageSize)
    }

    /// The page of `kind` that shows the record at `index` of its collection.
    public func page(_ kind: SiteTable, ofRecordAt index: Int) -> Int {
        (places[kind.ordinal]?[index] ?? index) / pageSize + 1
    }

    /// The path of the page holding record `index` of `kind`.
    public func path(_ kind: SiteTable, recordAt index: Int) -> String {
        SiteLayout.page(kind, number: page(kind, ofRecordAt: index))
    }
}

extension CaseCollection {
    /// The collection a table lists; nil for the validation table (its rows are problems).
    package init?(_ table: SiteTable) {
        switch table {
        case .suspects: self = .animals
        case .bulletins: self = .bulletins
        case .fruits: self = .fruits
        case .validation: return nil
        }
    }

    package var pageKind: SiteTable {
        switch self {
        case .fruits: .fruits
        case .animals: .suspects
        case .bulletins: .bulletins
        }
    }
}
