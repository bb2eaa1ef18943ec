import Foundation
import CasefileLocalization
import CasefileModel
import CasefileSite
import CasefileValidation

/// The columns of each table, for its header links and its pre-rendered orders: what a column is
/// called, and its text in a listing. How records compare by a column is `TableSort`'s, which the
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

    let table: PagePlan.Kind
    let columns: [Column]
    let sort: TableSort
    /// How many records the table has.
    var count: Int { sort.count }

    /// Each table's columns, in order.
    static func headers(_ table: PagePlan.Kind, _ strings: UIStrings = .english) -> [Header] {
        let labels: [(UIText, Bool)] = switch table {
        case .suspects: [(.suspect, false), (.favouriteFruits, false), (.suspicion, false)]
        case .bulletins: [(.when, false), (.fruit, false), (.location, false), (.bites, true), (.suspects, false)]
        case .fruits: [(.fruit, false), (.fans, true), (.bulletins, true)]
        case .validation: [(.severity, false), (.message, false), (.rule, false), (.record, false), (.field, false),
                            (.location, false)]
        }
        return zip(table.columnKeys, labels).map { Header(key: $0, label: strings.text($1.0), numeric: $1.1) }
    }

    init(_ table: PagePlan.Kind, _ v: PlacedCase, _ strings: UIStrings = .english) {
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
            texts = [
                { "\(animals[$0].name) (\(animals[$0].species))" },
                { animals[$0].favoriteFruits.map(fruitName).joined(separator: listSeparator) },
                { strings.label(animals[$0].suspicion.label) },
            ]
        case .bulletins:
            let bulletins = c.bulletins
            texts = [
                { index.localTimes[$0].map(strings.when) ?? "—" },
                { fruitName(bulletins[$0].fruit) },
                { bulletins[$0].location },
                { bulletins[$0].bites.map(strings.number) ?? "—" },
                { strings.count(.awakeCount, index.suspectCount($0) - index.asleepSuspectCount($0)) + listSeparator
                    + strings.count(.asleepCount, index.asleepSuspectCount($0)) },
            ]
        case .fruits:
            texts = [
                { fruits[$0].name },
                { strings.number(index.fans[$0].count) },
                { strings.number(index.fruitBulletins[$0].count) },
            ]
        case .validation:
            let problems = v.diagnostics
            texts = [
                { strings.label(problems[$0].severity) },
                { strings.message(problems[$0]) },
                { problems[$0].ruleID },
                { problems[$0].recordID ?? "—" },
                { problems[$0].field ?? "—" },
                { problems[$0].location?.description ?? "—" },
            ]
        }
        columns = zip(h, texts).map { Column(header: $0, text: $1) }
    }
}
