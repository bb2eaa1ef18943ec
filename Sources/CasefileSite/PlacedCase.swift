import CasefileMarkdown
import CasefileModel
import CasefileValidation

/// A validated case placed on the site's pages: which page lists each record (the page plan,
/// with each table's default order), each record's fragment, and the notes with their case links
/// written for the page each note appears on. Rendering reads it, and through it what validation
/// found (`placed.caseContent`, `placed.diagnostics`).
public struct PlacedCase: Sendable {
    public let validated: ValidatedCase
    public let pagePlan: PagePlan
    public let fragments: Fragments
    /// The validated case's records, index and problems, held here too: rendering reads them
    /// for every row, as plain stored properties (not through an accessor that copies).
    public let caseContent: CaseContent
    public let index: CaseIndex
    public let diagnostics: [Diagnostic]

    /// Places `validated`. `earlier`, a placement of the same collections and settings (only
    /// notes changed since), lends its fragments and the orders of every table but the
    /// validation table, whose rows are the problems.
    public init(_ validated: ValidatedCase, reusing earlier: PlacedCase? = nil) {
        let c = validated.caseContent
        var orders = earlier?.pagePlan.orderedTables.filter { $0.key != .validation }
            ?? Self.defaultOrders(validated, tables: [.suspects, .bulletins, .fruits])
        orders.merge(Self.defaultOrders(validated, tables: [.validation])) { $1 }
        self.validated = validated
        (caseContent, index, diagnostics) = (c, validated.index, validated.diagnostics)
        self.fragments = earlier?.fragments ?? Fragments(c)
        self.pagePlan = PagePlan(pageSize: c.site.pageSize, suspects: c.animals.count, bulletins: c.bulletins.count,
                                 fruits: c.fruits.count, problems: validated.diagnostics.count, orders: orders)
    }

    public var errorCount: Int { validated.errorCount }
    public var warningCount: Int { validated.warningCount }
    public var noteCount: Int { validated.noteCount }
    public var files: [String] { validated.files }

    /// The validation-page row id of each problem: `p1`, `p2`, …
    public func problemFragment(_ index: Int) -> String { "p\(index + 1)" }

    /// The note of record `index` of `collection` (animals or bulletins), its case links relative
    /// to the page that shows the record; nil when the record has no note. In a table's page a
    /// case link selects the record it names in its table; on the record's own page
    /// (`onRecordPage`) it opens that record's own page.
    public func note(_ collection: CaseCollection, _ index: Int, onRecordPage: Bool = false) -> String? {
        note(collection, index, recordsFrom: onRecordPage ? SiteLayout.root(depth: 2) : nil)
    }

    /// The note with its case links opening records' own pages from `root` (the way to the site's
    /// root from where the note is read: `../../` on a record's page, nothing in the feed), or, when
    /// `root` is nil, selecting records in their tables.
    public func note(_ collection: CaseCollection, _ index: Int, recordsFrom root: String?) -> String? {
        guard let note = compiledNote(collection, index) else { return nil }
        guard !note.slots.isEmpty else { return note.html }
        if let root {
            return note.linked { slot in
                let target = CaseCollection(slot.kind)
                return root + recordLink(target, slot.target)
            }
        }
        let host = pagePlan.path(collection.pageKind, recordAt: index)
        let root = SiteLayout.root(from: host)
        return note.linked { slot in
            let target = CaseCollection(slot.kind)
            return SiteLayout.link(from: host, root: root, to: pagePlan.path(target.pageKind, recordAt: slot.target),
                                   fragment: fragments[target][slot.target])
        }
    }

    /// The address of record `index` of `collection`: its own page, by its id (nil for an id that
    /// is not a slug, or the second record of an id).
    public func recordPath(_ collection: CaseCollection, _ index: Int) -> String? {
        SiteLayout.record(collection.pageKind, id: fragments[collection][index])
    }

    /// A link from the site's root to record `index` of `collection`: its own page, or, when it has
    /// none, its row in its table.
    public func recordLink(_ collection: CaseCollection, _ index: Int) -> String {
        recordPath(collection, index)
            ?? pagePlan.path(collection.pageKind, recordAt: index) + "#" + fragments[collection][index]
    }

    /// The size of a note's HTML before its links are written (for reserving a page's memory).
    public func noteSize(_ collection: CaseCollection, _ index: Int) -> Int {
        compiledNote(collection, index)?.byteCount ?? 0
    }

    private func compiledNote(_ collection: CaseCollection, _ index: Int) -> NoteHTML? {
        switch collection {
        case .animals: validated.animalNotes[index]
        case .bulletins: validated.bulletinNotes[index]
        case .fruits: nil
        }
    }

    /// The records of each of `tables` that site.yaml gives a default order, in that order.
    private static func defaultOrders(_ v: ValidatedCase, tables: [SiteTable]) -> [SiteTable: [Int]] {
        var orders: [SiteTable: [Int]] = [:]
        for table in tables {
            guard let order = v.caseContent.site.defaultOrder[table] else { continue }
            orders[table] = TableSort(table, v.caseContent, v.index, problems: v.diagnostics).records(order)
        }
        return orders
    }
}
