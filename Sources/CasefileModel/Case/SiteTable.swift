/// The four tables a site shows, each on pages of its own.
public enum SiteTable: String, Sendable, Hashable, CaseIterable {
    case suspects, bulletins, fruits, validation

    /// The keys of the table's columns, in order: what an order's path and site.yaml's
    /// `defaultOrder` call them.
    public var columnKeys: [String] { columns.map(\.key) }

    /// Its position in `allCases`, for per-table storage without hashing.
    public var ordinal: Int {
        switch self {
        case .suspects: 0
        case .bulletins: 1
        case .fruits: 2
        case .validation: 3
        }
    }
}

/// The order a table's pages list its records in: by one of its columns, one way or the other.
/// Without one, a table follows its file (the validation table, the report's order).
public struct TableOrder: Sendable, Hashable, CustomStringConvertible {
    /// The column's position in `SiteTable.columnKeys`.
    public var column: Int
    public var descending: Bool

    public init(column: Int, descending: Bool) {
        self.column = column
        self.descending = descending
    }

    /// Reads `suspicion`, `suspicion ascending` or `suspicion descending` (also `asc`, `desc`)
    /// for one of `table`'s columns; nil for anything else.
    public init?(_ text: String, table: SiteTable) {
        let words = text.split(whereSeparator: \.isWhitespace)
        guard (1...2).contains(words.count), let column = table.columnKeys.firstIndex(of: String(words[0])) else { return nil }
        switch words.count == 2 ? words[1] : "ascending" {
        case "ascending", "asc": descending = false
        case "descending", "desc": descending = true
        default: return nil
        }
        self.column = column
    }

    public var description: String { "column \(column) \(descending ? "descending" : "ascending")" }
}
