import CasefileModel

/// Which page of its table shows each record: the tables paginated, `pageSize` records a page.
/// Where each page lives is `SiteLayout`'s.
///
/// A table lists its records in file order, or in its default order (site.yaml's
/// `defaultOrder`): then its pages hold the records in that order, and a record's page is found
/// from its place in it.
public struct PagePlan: Sendable {
    public typealias Kind = SiteTable

    public let pageSize: Int
    public let counts: [Kind: Int]
    /// Per table (by `Kind.ordinal`): the records in the order its pages list them, and each
    /// record's place in that order; nil for file order.
    private let orders: [[Int]?]
    private let places: [[Int]?]

    /// `orders`: the tables listed in an order other than their file's, each as every record's
    /// position in its collection, in the order the pages list them.
    public init(pageSize: Int, suspects: Int, bulletins: Int, fruits: Int, problems: Int, orders: [Kind: [Int]] = [:]) {
        self.pageSize = max(1, pageSize)
        self.counts = [.suspects: suspects, .bulletins: bulletins, .fruits: fruits, .validation: problems]
        self.orders = Kind.allCases.map { orders[$0] }
        self.places = Kind.allCases.map { kind in
            orders[kind].map { order in
                var places = [Int](repeating: 0, count: order.count)
                for (place, record) in order.enumerated() { places[record] = place }
                return places
            }
        }
    }

    /// The records of `kind` in the order its pages list them; nil for file order.
    public func order(_ kind: Kind) -> [Int]? { orders[kind.ordinal] }

    /// The tables' orders other than file order, as given to `init`.
    public var orderedTables: [Kind: [Int]] {
        var all: [Kind: [Int]] = [:]
        for kind in Kind.allCases { all[kind] = order(kind) }
        return all
    }

    /// The records page `number` (1-based) of `kind` lists, in order.
    public func records(_ kind: Kind, page number: Int) -> [Int] {
        let count = counts[kind] ?? 0
        let range = min(count, (number - 1) * pageSize)..<min(count, number * pageSize)
        guard let order = order(kind) else { return Array(range) }
        return Array(order[range])
    }

    /// How many pages a kind has (at least one: an empty table still has its page).
    public func pageCount(_ kind: Kind) -> Int {
        max(1, ((counts[kind] ?? 0) + pageSize - 1) / pageSize)
    }

    /// The page of `kind` that shows the record at `index` of its collection.
    public func page(_ kind: Kind, ofRecordAt index: Int) -> Int {
        (places[kind.ordinal]?[index] ?? index) / pageSize + 1
    }

    /// The path of the page holding record `index` of `kind`.
    public func path(_ kind: Kind, recordAt index: Int) -> String {
        SiteLayout.page(kind, number: page(kind, ofRecordAt: index))
    }
}

extension CaseCollection {
    /// The collection a table lists; nil for the validation table (its rows are problems).
    package init?(_ table: PagePlan.Kind) {
        switch table {
        case .suspects: self = .animals
        case .bulletins: self = .bulletins
        case .fruits: self = .fruits
        case .validation: return nil
        }
    }

    package var pageKind: PagePlan.Kind {
        switch self {
        case .fruits: .fruits
        case .animals: .suspects
        case .bulletins: .bulletins
        }
    }
}
