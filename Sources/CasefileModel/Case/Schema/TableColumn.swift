/// A column of one of the site's tables: its key (in an order's path, `suspects/by/suspicion-desc.html`,
/// and in site.yaml's `defaultOrder`), its header's label, whether it holds numbers (aligned to
/// the end), and the record field it shows when it shows one (a count or a state worked out from
/// other records has none).
public struct TableColumn: Sendable, Hashable {
    public let key: String
    public let label: UIText
    public let numeric: Bool
    public let field: FieldName?

    init(_ key: String, _ label: UIText, numeric: Bool = false, field: FieldName? = nil) {
        self.key = key
        self.label = label
        self.numeric = numeric
        self.field = field
    }
}

/// A table's columns as an enumeration: code that gives each column something (a comparison, a
/// text) switches over it, so the compiler holds every column to exactly one, in one order.
public protocol ColumnSet: CaseIterable, Sendable, Hashable where AllCases == [Self] {
    var column: TableColumn { get }
}

extension ColumnSet {
    /// The column's position in its table.
    public var position: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}

/// The suspects table's columns.
public enum SuspectColumn: ColumnSet {
    case suspect, fruits, suspicion

    public var column: TableColumn {
        switch self {
        case .suspect: TableColumn("suspect", .suspect, field: .name)
        case .fruits: TableColumn("fruits", .favouriteFruits, field: .favoriteFruits)
        case .suspicion: TableColumn("suspicion", .suspicion, field: .suspicionLevel)
        }
    }
}

/// The bulletins table's columns.
public enum BulletinColumn: ColumnSet {
    case when, fruit, location, bites, suspects

    public var column: TableColumn {
        switch self {
        case .when: TableColumn("when", .when, field: .nibbledAt)
        case .fruit: TableColumn("fruit", .fruit, field: .fruit)
        case .location: TableColumn("location", .location, field: .location)
        case .bites: TableColumn("bites", .bites, numeric: true, field: .bites)
        case .suspects: TableColumn("suspects", .suspects)
        }
    }
}

/// The fruits table's columns.
public enum FruitColumn: ColumnSet {
    case fruit, fans, bulletins

    public var column: TableColumn {
        switch self {
        case .fruit: TableColumn("fruit", .fruit, field: .name)
        case .fans: TableColumn("fans", .fans, numeric: true)
        case .bulletins: TableColumn("bulletins", .bulletins, numeric: true)
        }
    }
}

/// The validation table's columns.
public enum ProblemColumn: ColumnSet {
    case severity, message, rule, record, field, location

    public var column: TableColumn {
        switch self {
        case .severity: TableColumn("severity", .severity)
        case .message: TableColumn("message", .message)
        case .rule: TableColumn("rule", .rule)
        case .record: TableColumn("record", .record)
        case .field: TableColumn("field", .field)
        case .location: TableColumn("location", .location)
        }
    }
}

extension SiteTable {
    /// The table's columns, in order.
    public var columns: [TableColumn] {
        switch self {
        case .suspects: SuspectColumn.allCases.map(\.column)
        case .bulletins: BulletinColumn.allCases.map(\.column)
        case .fruits: FruitColumn.allCases.map(\.column)
        case .validation: ProblemColumn.allCases.map(\.column)
        }
    }
}
