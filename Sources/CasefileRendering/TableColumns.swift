import Foundation
import CasefileLocalization
import CasefileModel
import CasefileSite
import CasefileValidation

/// The columns of each table, for its header links and its pre-rendered orders: what a column is
/// called, and its text in a listing (a text per case of the table's column enumeration). How records compare by a column is `TableSort`'s, which the
/// tables' default orders share.
struct TableColumns: Sendable {
    /// A column as its header shows it.
    struct Header: Sendable {
        /// In the order's path (`suspects/by/suspicion-desc.html`) and in site.yaml's `defaultOrder`.
        let key: String
        let label: String
        let numeric: Bool
    }

    struct Column: Sendable {
        let header: Header
        var label: String { header.label }
        var numeric: Bool { header.numeric }
        let text: @Sendable (Int) -> String
    }

    let table: SiteTable
    let columns: [Column]
    let sort: TableSort
    /// How many records the table has.
    var count: Int { sort.count }

    /// Each table's columns, in order.
    static func headers(_ table: SiteTable, _ strings: UIStrings = .english) -> [Header] {
        table.columns.map { Header(key: $0.key, label: strings.text($0.label), numeric: $0.numeric) }
    }

    init(_ table: SiteTable, _ v: PlacedCase, _ strings: UIStrings = .english) {
        let c = v.caseContent, index = v.index, h = Self.headers(table, strings)
        self.table = table
        self.sort = TableSort(table, c, index, problems: v.diagnostics)
        let fruits = c.fruits
        let fruitName: @Sendable (Fruit.ID) -> String = { id in index.fruitPosition[id].map { fruits[$0].name } ?? id.rawValue }
        let listSeparator = strings.text(.listSeparator)
        let texts: [@Sendable (Int) -> String]
        switch table {
        case .suspects:
            let animals = c.animals
            texts = SuspectColumn.allCases.map { column -> @Sendable (Int) -> String in
                switch column {
                case .suspect: { "\(animals[$0].name) (\(animals[$0].species))" }
                case .fruits: { animals[$0].favoriteFruits.map(fruitName).joined(separator: listSeparator) }
                case .suspicion: { strings.label(animals[$0].suspicion.label) }
                }
            }
        case .bulletins:
            let bulletins = c.bulletins
            texts = BulletinColumn.allCases.map { column -> @Sendable (Int) -> String in
                switch column {
                case .when: { index.localTimes[$0].map(strings.when) ?? "—" }
                case .fruit: { fruitName(bulletins[$0].fruit) }
                case .location: { bulletins[$0].location }
                case .bites: { bulletins[$0].bites.map(strings.number) ?? "—" }
                case .suspects: {
                    strings.count(.awakeCount, index.suspectCount($0) - index.asleepSuspectCount($0)) + listSeparator
                        + strings.count(.asleepCount, index.asleepSuspectCount($0))
                }
                }
            }
        case .fruits:
            texts = FruitColumn.allCases.map { column -> @Sendable (Int) -> String in
                switch column {
                case .fruit: { fruits[$0].name }
                case .fans: { strings.number(index.fans[$0].count) }
                case .bulletins: { strings.number(index.fruitBulletins[$0].count) }
                }
            }
        case .validation:
            let problems = v.diagnostics
            texts = ProblemColumn.allCases.map { column -> @Sendable (Int) -> String in
                switch column {
                case .severity: { strings.label(problems[$0].severity) }
                case .message: { strings.message(problems[$0]) }
                case .rule: { problems[$0].ruleID }
                case .record: { problems[$0].recordID ?? "—" }
                case .field: { problems[$0].field?.key ?? "—" }
                case .location: { problems[$0].location?.description ?? "—" }
                }
            }
        }
        // Both lists are made from the table's column enumeration, so they pair one to one.
        columns = zip(h, texts).map { Column(header: $0, text: $1) }
    }
}
