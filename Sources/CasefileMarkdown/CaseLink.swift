/// A link in a note whose destination names a record of the case: `animal:ID`, `bulletin:ID` or
/// `fruit:ID`.
public struct CaseLink: Sendable, Hashable {
    public enum Kind: String, Sendable, CaseIterable {
        case animal, bulletin, fruit
    }

    public var kind: Kind
    public var id: String
    /// Where the link starts in the note, 1-based (line, column in Unicode scalars of the line).
    public var line: Int
    public var column: Int

    public init(kind: Kind, id: String, line: Int, column: Int) {
        self.kind = kind
        self.id = id
        self.line = line
        self.column = column
    }

    /// Reads a link destination; nil when it is not a case link.
    public init?(destination: String, line: Int, column: Int) {
        guard let colon = destination.firstIndex(of: ":") else { return nil }
        guard let kind = Kind(rawValue: String(destination[..<colon])) else { return nil }
        self.init(kind: kind, id: String(destination[destination.index(after: colon)...]), line: line, column: column)
    }
}

/// What a note became: its HTML, and the case links that named no record (left without a link).
public struct RenderedNote: Sendable, Equatable {
    public var html: String
    public var brokenLinks: [CaseLink]

    public init(html: String, brokenLinks: [CaseLink]) {
        self.html = html
        self.brokenLinks = brokenLinks
    }
}
