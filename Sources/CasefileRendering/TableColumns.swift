import Foundation
import CasefileModel
import CasefileSite
import CasefileValidation

/// The columns of each table, for its header links and its pre-rendered orders: what a column is
/// called, how two records compare by it, and its text in a listing. Ties keep file order, so
/// an order is the same every build.
struct TableColumns: Sendable {
    /// A column as its header shows it.
    struct Header: Sendable {
        /// In the order's path: `suspects/by/suspicion-desc.html`.
        let key: String
        let label: String
        let numeric: Bool
    }

    struct Column: Sendable {
        let header: Header
        var label: String { header.label }
        var numeric: Bool { header.numeric }
        /// Whether record `a` comes before record `b`, ascending.
        let before: @Sendable (Int, Int) -> Bool
        let text: @Sendable (Int) -> String
    }

    let table: PagePlan.Kind
    let columns: [Column]
    /// How many records the table has.
    let count: Int

    /// Each table's columns, in order.
    static func headers(_ table: PagePlan.Kind) -> [Header] {
        switch table {
        case .suspects: [
            Header(key: "suspect", label: "Suspect", numeric: false),
            Header(key: "fruits", label: "Favourite fruits", numeric: false),
            Header(key: "suspicion", label: "Suspicion", numeric: false),
        ]
        case .bulletins: [
            Header(key: "when", label: "When", numeric: false),
            Header(key: "fruit", label: "Fruit", numeric: false),
            Header(key: "location", label: "Location", numeric: false),
            Header(key: "bites", label: "Bites", numeric: true),
            Header(key: "suspects", label: "Suspects", numeric: false),
        ]
        case .fruits: [
            Header(key: "fruit", label: "Fruit", numeric: false),
            Header(key: "fans", label: "Fans", numeric: true),
            Header(key: "bulletins", label: "Bulletins", numeric: true),
        ]
        case .validation: [
            Header(key: "severity", label: "Severity", numeric: false),
            Header(key: "message", label: "Message", numeric: false),
            Header(key: "rule", label: "Rule", numeric: false),
            Header(key: "record", label: "Record", numeric: false),
            Header(key: "field", label: "Field", numeric: false),
            Header(key: "location", label: "Location", numeric: false),
        ]
        }
    }

    init(_ table: PagePlan.Kind, _ v: ValidatedCase) {
        let c = v.caseContent, index = v.index, h = Self.headers(table)
        self.table = table
        let fruits = c.fruits
        let fruitName: @Sendable (String) -> String = { id in index.fruitPosition[id].map { fruits[$0].name } ?? id }
        /// Text compared without regard to case (keys made once per table).
        func keys(_ texts: [String]) -> [String] { texts.map { $0.lowercased() } }
        switch table {
        case .suspects:
            let animals = c.animals
            count = animals.count
            let names = keys(animals.map(\.name))
            columns = [
                Column(header: h[0],
                       before: { (names[$0], $0) < (names[$1], $1) },
                       text: { "\(animals[$0].name) (\(animals[$0].species))" }),
                Column(header: h[1],
                       before: { (animals[$0].favoriteFruits.count, $0) < (animals[$1].favoriteFruits.count, $1) },
                       text: { animals[$0].favoriteFruits.map(fruitName).joined(separator: ", ") }),
                Column(header: h[2],
                       before: { (animals[$0].suspicionLevel, $0) < (animals[$1].suspicionLevel, $1) },
                       text: { animals[$0].suspicion.label.rawValue }),
            ]
        case .bulletins:
            let bulletins = c.bulletins
            count = bulletins.count
            let time: @Sendable (Int) -> Int = { bulletins[$0].nibbledAt?.secondsSince1970 ?? .min }
            let fruitKeys = keys(bulletins.map { fruitName($0.fruit) }), places = keys(bulletins.map(\.location))
            columns = [
                Column(header: h[0], before: { (time($0), $0) < (time($1), $1) },
                       text: { index.localTimes[$0]?.display ?? "—" }),
                Column(header: h[1],
                       before: { (fruitKeys[$0], $0) < (fruitKeys[$1], $1) },
                       text: { fruitName(bulletins[$0].fruit) }),
                Column(header: h[2],
                       before: { (places[$0], $0) < (places[$1], $1) },
                       text: { bulletins[$0].location }),
                Column(header: h[3],
                       before: { (bulletins[$0].bites ?? -1, $0) < (bulletins[$1].bites ?? -1, $1) },
                       text: { bulletins[$0].bites.map(String.init) ?? "—" }),
                Column(header: h[4],
                       before: {
                           let a = index.suspectCount($0) - index.asleepSuspectCount($0)
                           let b = index.suspectCount($1) - index.asleepSuspectCount($1)
                           return (a, $0) < (b, $1)
                       },
                       text: { "\(index.suspectCount($0) - index.asleepSuspectCount($0)) awake \(index.asleepSuspectCount($0)) asleep" }),
            ]
        case .fruits:
            count = fruits.count
            let names = keys(fruits.map(\.name))
            columns = [
                Column(header: h[0],
                       before: { (names[$0], $0) < (names[$1], $1) }, text: { fruits[$0].name }),
                Column(header: h[1],
                       before: { (index.fans[$0].count, $0) < (index.fans[$1].count, $1) }, text: { String(index.fans[$0].count) }),
                Column(header: h[2],
                       before: { (index.fruitBulletins[$0].count, $0) < (index.fruitBulletins[$1].count, $1) },
                       text: { String(index.fruitBulletins[$0].count) }),
            ]
        case .validation:
            let problems = v.diagnostics
            count = problems.count
            let place: @Sendable (Int) -> (String, Int, Int) = { i in
                (problems[i].location?.path ?? "", problems[i].location?.line ?? 0, problems[i].location?.column ?? 0)
            }
            let messages = keys(problems.map(\.message))
            columns = [
                Column(header: h[0], before: { (problems[$0].severity, $0) < (problems[$1].severity, $1) },
                       text: { problems[$0].severity.label }),
                Column(header: h[1],
                       before: { (messages[$0], $0) < (messages[$1], $1) }, text: { problems[$0].message }),
                Column(header: h[2],
                       before: { (problems[$0].ruleID, $0) < (problems[$1].ruleID, $1) }, text: { problems[$0].ruleID }),
                Column(header: h[3],
                       before: { (problems[$0].recordID ?? "", $0) < (problems[$1].recordID ?? "", $1) },
                       text: { problems[$0].recordID ?? "—" }),
                Column(header: h[4],
                       before: { (problems[$0].field ?? "", $0) < (problems[$1].field ?? "", $1) },
                       text: { problems[$0].field ?? "—" }),
                Column(header: h[5],
                       before: { let a = place($0), b = place($1); return (a.0, a.1, a.2, $0) < (b.0, b.1, b.2, $1) },
                       text: { problems[$0].location?.description ?? "—" }),
            ]
        }
    }

    /// The records in a column's ascending order (descending is it reversed, ties too).
    func ascending(_ column: Column) -> [Int] {
        (0..<count).sorted(by: column.before)
    }
}
