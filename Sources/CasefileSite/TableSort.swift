import CasefileModel
import CasefileValidation

/// How a table's records compare by each of its columns (a comparison per case of the table's
/// column enumeration, `SuspectColumn` and the others): what the table's default order
/// (site.yaml's `defaultOrder`) and its pre-rendered orders sort by. Text compares without regard
/// to case; ties keep file order, so an order is the same every build. Descending is ascending
/// reversed, ties too.
public struct TableSort: Sendable {
    public let table: SiteTable
    /// How many records the table has.
    public let count: Int
    /// Per column: whether record `a` comes before record `b`, ascending.
    private let before: [@Sendable (Int, Int) -> Bool]
    /// Per column: for a column of text, each record's text as it is before the comparison folds
    /// its case (what an index of the column's order files records under); nil for the others.
    public let texts: [[String]?]

    /// `problems` are the validation table's rows (unused for the other tables).
    public init(_ table: SiteTable, _ c: CaseContent, _ index: CaseIndex, problems: [Diagnostic] = []) {
        self.table = table
        let fruits = c.fruits
        let fruitName: @Sendable (Fruit.ID) -> String = { id in index.fruitPosition[id].map { fruits[$0].name } ?? id.rawValue }
        /// Text compared without regard to case (keys made once per table).
        func keys(_ texts: [String]) -> [String] { texts.map { $0.lowercased() } }
        switch table {
        case .suspects:
            let animals = c.animals
            count = animals.count
            let texts = animals.map(\.name), names = keys(texts)
            self.texts = SuspectColumn.allCases.map { $0 == .suspect ? texts : nil }
            before = SuspectColumn.allCases.map { column -> @Sendable (Int, Int) -> Bool in
                switch column {
                case .suspect: { (names[$0], $0) < (names[$1], $1) }
                case .fruits: { (animals[$0].favoriteFruits.count, $0) < (animals[$1].favoriteFruits.count, $1) }
                case .suspicion: { (animals[$0].suspicionLevel, $0) < (animals[$1].suspicionLevel, $1) }
                }
            }
        case .bulletins:
            let bulletins = c.bulletins
            count = bulletins.count
            let time: @Sendable (Int) -> Int = { bulletins[$0].nibbledAt?.secondsSince1970 ?? .min }
            let awake: @Sendable (Int) -> Int = { index.suspectCount($0) - index.asleepSuspectCount($0) }
            let fruitTexts = bulletins.map { fruitName($0.fruit) }, placeTexts = bulletins.map(\.location)
            let fruitKeys = keys(fruitTexts), places = keys(placeTexts)
            texts = BulletinColumn.allCases.map { $0 == .fruit ? fruitTexts : $0 == .location ? placeTexts : nil }
            before = BulletinColumn.allCases.map { column -> @Sendable (Int, Int) -> Bool in
                switch column {
                case .when: { (time($0), $0) < (time($1), $1) }
                case .fruit: { (fruitKeys[$0], $0) < (fruitKeys[$1], $1) }
                case .location: { (places[$0], $0) < (places[$1], $1) }
                case .bites: { (bulletins[$0].bites ?? -1, $0) < (bulletins[$1].bites ?? -1, $1) }
                case .suspects: { (awake($0), $0) < (awake($1), $1) }
                }
            }
        case .fruits:
            count = fruits.count
            let texts = fruits.map(\.name), names = keys(texts)
            self.texts = FruitColumn.allCases.map { $0 == .fruit ? texts : nil }
            before = FruitColumn.allCases.map { column -> @Sendable (Int, Int) -> Bool in
                switch column {
                case .fruit: { (names[$0], $0) < (names[$1], $1) }
                case .fans: { (index.fans[$0].count, $0) < (index.fans[$1].count, $1) }
                case .bulletins: { (index.fruitBulletins[$0].count, $0) < (index.fruitBulletins[$1].count, $1) }
                }
            }
        case .validation:
            count = problems.count
            let place: @Sendable (Int) -> (String, Int, Int) = { i in
                (problems[i].location?.path ?? "", problems[i].location?.line ?? 0, problems[i].location?.column ?? 0)
            }
            let messages = keys(problems.map(\.message))
            // Messages sort by their English text, but a listing shows them in the site's language.
            texts = ProblemColumn.allCases.map { _ in nil }
            before = ProblemColumn.allCases.map { column -> @Sendable (Int, Int) -> Bool in
                switch column {
                case .severity: { (problems[$0].severity, $0) < (problems[$1].severity, $1) }
                case .message: { (messages[$0], $0) < (messages[$1], $1) }
                case .rule: { (problems[$0].ruleID, $0) < (problems[$1].ruleID, $1) }
                case .record: { (problems[$0].recordID ?? "", $0) < (problems[$1].recordID ?? "", $1) }
                case .field: { (problems[$0].fieldKey, $0) < (problems[$1].fieldKey, $1) }
                case .location: { let a = place($0), b = place($1); return (a.0, a.1, a.2, $0) < (b.0, b.1, b.2, $1) }
                }
            }
        }
    }

    /// The records in column `column`'s ascending order.
    public func ascending(_ column: Int) -> [Int] {
        (0..<count).sorted(by: before[column])
    }

    /// The records in `order`.
    public func records(_ order: TableOrder) -> [Int] {
        let ascending = ascending(order.column)
        return order.descending ? ascending.reversed() : ascending
    }
}
