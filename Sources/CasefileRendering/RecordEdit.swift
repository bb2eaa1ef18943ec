import CasefileMarkdown
import CasefileModel
import CasefileMustache
import CasefileSite
import CasefileOutput
import CasefileValidation

/// The files that an edit of records' fields can change, found by comparing the placement before
/// the edit with the placement after it, for a preview that renders only those. It holds only
/// when the collections keep their ids in the same order and the problems are the same (then
/// fragments, notes' compilation, page counts, problem counts and the validation table stay);
/// otherwise `init` gives nil and everything must be rendered.
///
/// What each file shows, and so when it is rendered again:
/// - a table's page: its records' rows (a record, its problems, its note with its links, the
///   mentions of related records — names, links, times — and the counts and flags the index
///   derives), the table's chart and each filter value's total. A page is rendered when the
///   records it lists changed (an order moved them), when a row it lists may differ, and every
///   page of a table when its chart or its filter totals changed;
/// - a listing (an order or a filter value): rows of the listing's columns, each linking to the
///   record's own page. A page is rendered when its records changed or a row it lists may differ; a
///   filter value's listing that lost pages has them removed (`gone`);
/// - the exports: each collection's own fields and derived counts, rendered when a record of it
///   changed or its counts may have; the feed: when any record changed or moved;
/// - a validation page: its problems (the same before and after), each quoting two lines either
///   side of its place and linking its record: rendered when an edit touched those lines or the
///   record moved to another page. The reports say only what the problems say: never;
/// - a record's own page: its panel (as a row's, its mentions opening records' own pages) and a
///   link to its row: rendered when its row may differ or its record moved to another page;
/// - the 404 page: always (it is one).
///
/// A row may differ when its record changed, when a record it mentions changed or moved to
/// another page (mentions link to it), or when what the index derives for it may differ: an
/// animal's bulletins (those of its favourite fruits), a bulletin's suspects (its fruit's fans)
/// and reporter, a fruit's fans and bulletins. A panel lists only the first
/// `PageFrame.mentionLimit` of those lists, so a mention further down is not looked for.
package struct RecordEdit: Sendable {
    /// The files to render again.
    package var render: PageSet
    /// Listing pages that the earlier build wrote and that are no longer made.
    package var gone: Set<String> = []
    /// How many records of each collection changed.
    package var changedRecords = 0
    /// The edited case's tables in ascending order by each column, where worked out here: the
    /// listings take them rather than sorting again, and the next edit as its earlier orders.
    package var ascending: [SiteTable: [Int: [Int]]] = [:]

    /// The two placements with the record mentions each was rendered with; `ordersBefore`: orders
    /// of `b`'s tables already known (an earlier edit's `ascending`).
    package init?(from b: PlacedCase, _ bRefs: RecordRefs, to a: PlacedCase, _ aRefs: RecordRefs,
                  ordersBefore: [SiteTable: [Int: [Int]]] = [:]) {
        let cb = b.caseContent, ca = a.caseContent
        guard cb.fruits.map(\.id) == ca.fruits.map(\.id), cb.animals.map(\.id) == ca.animals.map(\.id),
              cb.bulletins.map(\.id) == ca.bulletins.map(\.id), b.diagnostics == a.diagnostics,
              b.pagePlan.pageSize == a.pagePlan.pageSize else { return nil }
        func changed<R: Equatable>(_ x: [R], _ y: [R]) -> [Int] { x.indices.filter { x[$0] != y[$0] } }
        let xf = changed(cb.fruits, ca.fruits), xa = changed(cb.animals, ca.animals), xb = changed(cb.bulletins, ca.bulletins)
        changedRecords = xf.count + xa.count + xb.count

        // Records whose page changed (a table in an order other than file order).
        func moved(_ kind: SiteTable, _ count: Int) -> Set<Int> {
            guard b.pagePlan.order(kind) != nil || a.pagePlan.order(kind) != nil else { return [] }
            return Set((0..<count).filter { b.pagePlan.page(kind, ofRecordAt: $0) != a.pagePlan.page(kind, ofRecordAt: $0) })
        }
        let mf = moved(.fruits, ca.fruits.count), ma = moved(.suspects, ca.animals.count)
        let mb = moved(.bulletins, ca.bulletins.count)

        // Records whose mention (name, swatch, link, time, …) differs, at any page depth (those
        // kept tell for the root's too).
        let rf = Set(ca.fruits.indices.filter { f in
            RecordRefs.kept.contains { !Self.same(bRefs.fruit(f, depth: $0), aRefs.fruit(f, depth: $0)) }
        })
        let ra = Set(ca.animals.indices.filter { i in
            RecordRefs.kept.contains { d in
                let x = bRefs.animalView(i, depth: d), y = aRefs.animalView(i, depth: d)
                return x.id != y.id || x.name != y.name || x.emoji != y.emoji || x.species != y.species || x.href != y.href
            }
        })
        let rb = Set(ca.bulletins.indices.filter { i in
            RecordRefs.kept.contains { d in
                let x = bRefs.bulletinView(i, depth: d), y = aRefs.bulletinView(i, depth: d)
                return x.id != y.id || x.href != y.href || x.when != y.when || x.datetime != y.datetime
                    || x.location != y.location || x.fruitName != y.fruitName
            }
        })

        // The rows that may differ.
        var df = Set(xf), da = Set(xa), db = Set(xb)
        // The listings' rows, which show fewer columns (no mentions): the records whose columns
        // may read otherwise.
        var lf = Set(xf), la = Set(xa), lb = Set(xb)
        let (ib, ia) = (b.index, a.index)
        let limit = PageFrame.mentionLimit
        func favoriteFruits(_ c: CaseContent, _ index: CaseIndex, _ i: Int) -> [Int] {
            c.animals[i].favoriteFruits.compactMap { index.fruitPosition[$0] }
        }
        func fruit(_ c: CaseContent, _ index: CaseIndex, bulletin i: Int) -> Int? { index.fruitPosition[c.bulletins[i].fruit] }
        // What the index derives from a record (who is a suspect where, asleep or not, and the
        // counts) changes only with an animal's favourites or sleep, or a bulletin's fruit or time:
        // then every record related through those fruits may differ.
        let derivedA = xa.filter { cb.animals[$0].favoriteFruits != ca.animals[$0].favoriteFruits
            || cb.animals[$0].sleepSchedule != ca.animals[$0].sleepSchedule }
        let derivedB = xb.filter { cb.bulletins[$0].fruit != ca.bulletins[$0].fruit || cb.bulletins[$0].nibbledAt != ca.bulletins[$0].nibbledAt }
        for i in derivedA {
            for f in favoriteFruits(cb, ib, i) + favoriteFruits(ca, ia, i) {
                df.insert(f)
                db.formUnion(ib.fruitBulletins[f]); db.formUnion(ia.fruitBulletins[f])
                lf.insert(f)
                lb.formUnion(ib.fruitBulletins[f]); lb.formUnion(ia.fruitBulletins[f])
            }
        }
        for i in derivedB {
            for f in [fruit(cb, ib, bulletin: i), fruit(ca, ia, bulletin: i)].compactMap({ $0 }) {
                df.insert(f)
                da.formUnion(ib.fans[f]); da.formUnion(ia.fans[f])
                lf.insert(f)
            }
        }
        // Mentions. A fruit's is shown by every fan (its favourites) and every bulletin about it.
        for f in rf.union(xf) {
            da.formUnion(ib.fans[f]); da.formUnion(ia.fans[f])
            db.formUnion(ib.fruitBulletins[f]); db.formUnion(ia.fruitBulletins[f])
        }
        // Listings name fruits (a suspect's favourites, a bulletin's fruit).
        for f in xf {
            la.formUnion(ib.fans[f]); la.formUnion(ia.fans[f])
            lb.formUnion(ib.fruitBulletins[f]); lb.formUnion(ia.fruitBulletins[f])
        }
        // An animal's by the bulletins that report it, and, among the first `limit` fans of a
        // fruit, by that fruit and its bulletins (as a suspect).
        for i in ra {
            for f in Set(favoriteFruits(cb, ib, i) + favoriteFruits(ca, ia, i))
                where ib.fans[f].prefix(limit).contains(i) || ia.fans[f].prefix(limit).contains(i) {
                df.insert(f)
                db.formUnion(ib.fruitBulletins[f]); db.formUnion(ia.fruitBulletins[f])
            }
        }
        if !ra.isEmpty {
            let ids = Set(ra.map { ca.animals[$0].id })
            for (i, bulletin) in ca.bulletins.enumerated() {
                if let r = bulletin.reportedBy, ids.contains(r) { db.insert(i) }
                if let r = cb.bulletins[i].reportedBy, ids.contains(r) { db.insert(i) }
            }
        }
        // A bulletin's by its fruit and by its fruit's fans, where it is among their first `limit`.
        for i in rb {
            for (c, index) in [(cb, ib), (ca, ia)] {
                guard let f = fruit(c, index, bulletin: i) else { continue }
                if index.fruitBulletins[f].prefix(limit).contains(i) { df.insert(f) }
                for fan in index.fans[f] where !da.contains(fan)
                    && index.involvements(fan, limit: limit).contains(where: { $0.bulletin == i }) {
                    da.insert(fan)
                }
            }
        }
        // A note's case links point at the pages of the records they name.
        if !(mf.isEmpty && ma.isEmpty && mb.isEmpty) {
            func linksMoved(_ note: [LinkSlot]) -> Bool {
                note.contains { slot in
                    switch CaseCollection(slot.kind) {
                    case .fruits: mf.contains(slot.target)
                    case .animals: ma.contains(slot.target)
                    case .bulletins: mb.contains(slot.target)
                    }
                }
            }
            for (i, note) in a.validated.animalNotes where linksMoved(note.slots) { da.insert(i) }
            for (i, note) in a.validated.bulletinNotes where linksMoved(note.slots) { db.insert(i) }
        }

        var paths: Set<String> = [SiteLayout.notFound]
        var gone: Set<String> = []
        let site = ca.site, strings = a.strings
        let size = a.pagePlan.pageSize
        for (kind, dirty, listed, moved) in [(SiteTable.suspects, da, la, ma), (.bulletins, db, lb, mb), (.fruits, df, lf, mf)] {
            let count = a.pagePlan.counts[kind] ?? 0
            let pageCount = a.pagePlan.pageCount(kind)
            // A listing's row links to the record's own page (or, without one, to its row).
            let rows = listed.union(moved.filter { a.recordPath(CaseCollection(kind)!, $0) == nil })
            var everyPage = switch kind {
            case .suspects: Self.suspicionCounts(cb) != Self.suspicionCounts(ca)
            case .bulletins: Self.hourCounts(ib) != Self.hourCounts(ia)
            default: false
            }
            // An order by a text column shows an index and says which names each page holds, on
            // every page: a changed text that changes an entry or a page's first or last name
            // changes them all.
            var sortB: TableSort?, sortA: TableSort?
            func sortBefore() -> TableSort {
                if sortB == nil { sortB = TableSort(kind, cb, ib, problems: b.diagnostics) }
                return sortB!
            }
            func sortAfter() -> TableSort {
                if sortA == nil { sortA = TableSort(kind, ca, ia, problems: a.diagnostics) }
                return sortA!
            }
            // (An order not known, which `defaultOrder` always has planned, counts as changed.)
            func indexChanged(_ column: Int, _ orders: [(before: [Int]?, after: [Int]?, descending: Bool)]) -> Bool {
                guard let before = sortBefore().texts[column], let after = sortAfter().texts[column] else { return false }
                guard before.count == after.count, listed.contains(where: { before[$0] != after[$0] }) else {
                    return before.count != after.count
                }
                return orders.contains { order in
                    guard let x = order.before, let y = order.after else { return true }
                    return !NameIndex(order: x, texts: before, pageSize: size, descending: order.descending)
                        .showsSame(as: NameIndex(order: y, texts: after, pageSize: size, descending: order.descending))
                }
            }
            if pageCount > 1, let order = site.defaultOrder[kind] {
                if indexChanged(order.column, [(b.pagePlan.order(kind), a.pagePlan.order(kind), order.descending)]) { everyPage = true }
            }
            // Filter values: a record's value can change only where its listing row may differ.
            if site.filters, pageCount > 1, !rows.isEmpty {
                let fb = Filters(kind, b, strings).facets, fa = Filters(kind, a, strings).facets
                for (facetB, facetA) in zip(fb, fa) {
                    let valueChanged = listed.contains { r in
                        let x = facetB.value(r), y = facetA.value(r)
                        return x.slug != y.slug || x.label != y.label
                    }
                    let groupsA = Self.groups(facetA, count)
                    if valueChanged {
                        // Totals and listings of the values involved change: every page of the table shows
                        // totals, and the listings of the values whose records or label changed are new.
                        everyPage = true
                        let groupsB = Self.groups(facetB, count)
                        for slug in Set(groupsA.keys).union(groupsB.keys) where groupsA[slug]?.records != groupsB[slug]?.records
                            || groupsA[slug]?.label != groupsB[slug]?.label {
                            let stem = SiteLayout.facetListing(kind, facet: facetA.name, value: slug)
                            let now = groupsA[slug].map { Listings.pageCount($0.records.count, pageSize: size) } ?? 0
                            let then = groupsB[slug].map { Listings.pageCount($0.records.count, pageSize: size) } ?? 0
                            for n in stride(from: 1, through: now, by: 1) { paths.insert(SiteLayout.listing(stem, page: n)) }
                            for n in stride(from: now + 1, through: then, by: 1) { gone.insert(SiteLayout.listing(stem, page: n)) }
                        }
                    }
                    // The listing pages that show a row that may differ.
                    for r in rows {
                        let slug = facetA.value(r).slug
                        guard let group = groupsA[slug]?.records, let place = Self.place(of: r, in: group) else { continue }
                        let stem = SiteLayout.facetListing(kind, facet: facetA.name, value: slug)
                        paths.insert(SiteLayout.listing(stem, page: place / size + 1))
                    }
                }
            }
            // A record's own page shows its panel, and links to its row in the table.
            if let collection = CaseCollection(kind) {
                for r in dirty.union(moved) {
                    if let path = a.recordPath(collection, r) { paths.insert(path) }
                }
            }
            if everyPage {
                for n in 1...pageCount { paths.insert(SiteLayout.page(kind, number: n)) }
            } else {
                for r in dirty { paths.insert(a.pagePlan.path(kind, recordAt: r)) }
                if b.pagePlan.order(kind) != nil || a.pagePlan.order(kind) != nil {
                    for n in 1...pageCount where b.pagePlan.records(kind, page: n) != a.pagePlan.records(kind, page: n) {
                        paths.insert(SiteLayout.page(kind, number: n))
                    }
                }
            }
            // Every order's listing: pages whose records changed, or that show a row that may differ.
            if site.orders, !rows.isEmpty {
                for (c, header) in TableColumns.headers(kind).enumerated() {
                    let ascB = ordersBefore[kind]?[c] ?? sortBefore().ascending(c)
                    let ascA = sortAfter().ascending(c)
                    ascending[kind, default: [:]][c] = ascA
                    var places = [Int](repeating: 0, count: count)
                    for (place, r) in ascA.enumerated() { places[r] = place }
                    let listed = Listings.pageCount(count, pageSize: size)
                    for descending in [false, true] {
                        let stem = SiteLayout.orderListing(kind, column: header.key, descending: descending)
                        let (x, y) = descending ? (Array(ascB.reversed()), Array(ascA.reversed())) : (ascB, ascA)
                        let allPages = listed > 1 && indexChanged(c, [(x, y, descending)])
                        for n in 1...listed {
                            let range = min(count, (n - 1) * size)..<min(count, n * size)
                            if allPages || x[range] != y[range] { paths.insert(SiteLayout.listing(stem, page: n)) }
                        }
                        for r in rows {
                            let place = descending ? count - 1 - places[r] : places[r]
                            paths.insert(SiteLayout.listing(stem, page: place / size + 1))
                        }
                    }
                }
            }
        }
        // A problem's row quotes two lines either side of its place, and links to its record.
        var problems: Set<Int> = []
        for path in Set(a.diagnostics.compactMap { $0.location?.path }) where b.validated.sources[path] != a.validated.sources[path] {
            let lines = Self.changedLines(b.validated.sources[path] ?? "", a.validated.sources[path] ?? "")
            for (i, problem) in a.diagnostics.enumerated() where problem.location?.path == path {
                let line = problem.location!.line
                if lines.map({ $0.overlaps(line - 2...line + 2) }) ?? true { problems.insert(i) }
            }
        }
        let moves: [CaseCollection: Set<Int>] = [.fruits: mf, .animals: ma, .bulletins: mb]
        if !(mf.isEmpty && ma.isEmpty && mb.isEmpty) {
            for (i, problem) in a.diagnostics.enumerated() {
                guard let c = problem.collection, let id = problem.recordID, let r = a.index.position(of: id, in: c),
                      moves[c]?.contains(r) == true else { continue }
                problems.insert(i)
            }
        }
        for i in problems { paths.insert(a.pagePlan.path(.validation, recordAt: i)) }
        // The exports hold each record's own fields and the counts the index derives (no names of
        // other records, no links); the feed holds bulletins with their fruits', reporters' and
        // notes' text and links.
        if site.exports {
            if changedRecords > 0 { paths.insert(SiteLayout.caseJSON) }
            if !xa.isEmpty || !derivedB.isEmpty { paths.formUnion([SiteLayout.animalsCSV, SiteLayout.animalsJSON]) }
            if !xb.isEmpty || !derivedA.isEmpty { paths.formUnion([SiteLayout.bulletinsCSV, SiteLayout.bulletinsJSON]) }
            if !xf.isEmpty || !derivedA.isEmpty || !derivedB.isEmpty { paths.formUnion([SiteLayout.fruitsCSV, SiteLayout.fruitsJSON]) }
        }
        if site.feed, changedRecords > 0 || !(mf.isEmpty && ma.isEmpty && mb.isEmpty) { paths.insert(SiteLayout.feed) }
        self.render = PageSet(paths: paths)
        self.gone = gone
    }

    /// Whether two fruit mentions say the same.
    private static func same(_ x: MustacheValue, _ y: MustacheValue) -> Bool {
        guard case let .object(p) = x, case let .object(q) = y,
              let f = p as? RecordRefs.FruitMention, let g = q as? RecordRefs.FruitMention else { return false }
        return f.id == g.id && f.name == g.name && f.color == g.color && f.swatchColor == g.swatchColor && f.href == g.href
            && f.known == g.known
    }

    /// The lines (from 1) of `after` that differ from `before`, or nil when the edit changed how
    /// many lines there are (then every line after it moved).
    static func changedLines(_ before: String, _ after: String) -> ClosedRange<Int>? {
        let x = Array(before.utf8), y = Array(after.utf8)
        var prefix = 0
        while prefix < x.count, prefix < y.count, x[prefix] == y[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < x.count - prefix, suffix < y.count - prefix, x[x.count - 1 - suffix] == y[y.count - 1 - suffix] { suffix += 1 }
        let newline = UInt8(ascii: "\n")
        func lines(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 + ($1 == newline ? 1 : 0) } }
        guard lines(x[prefix..<(x.count - suffix)]) == lines(y[prefix..<(y.count - suffix)]) else { return nil }
        let first = lines(y[..<prefix]) + 1
        return first...(first + lines(y[prefix..<(y.count - suffix)]))
    }

    /// What the Suspects chart counts.
    private static func suspicionCounts(_ c: CaseContent) -> [Suspicion.Label: Int] {
        var counts: [Suspicion.Label: Int] = [:]
        for animal in c.animals { counts[animal.suspicion.label, default: 0] += 1 }
        return counts
    }

    /// What the Bulletins chart counts.
    private static func hourCounts(_ index: CaseIndex) -> [Int] {
        var counts = [Int](repeating: 0, count: 24)
        for local in index.localTimes { if let local { counts[local.hour] += 1 } }
        return counts
    }

    /// A filter's values as its listings group the records: each value's records in file order,
    /// and its label (the first record's).
    private static func groups(_ facet: Filters.Facet, _ count: Int) -> [String: (label: String, records: [Int])] {
        var groups: [String: (label: String, records: [Int])] = [:]
        for i in 0..<count {
            let value = facet.value(i)
            groups[value.slug, default: (value.label, [])].records.append(i)
        }
        return groups
    }

    /// Where `r` stands in `sorted` (ascending), by bisection.
    private static func place(of r: Int, in sorted: [Int]) -> Int? {
        var (low, high) = (0, sorted.count)
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < r { low = mid + 1 } else { high = mid }
        }
        return low < sorted.count && sorted[low] == r ? low : nil
    }
}
