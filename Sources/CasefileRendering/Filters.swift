import CasefileMustache
import CasefileLocalization
import CasefileModel
import CasefileSite
import CasefileValidation

/// The filter chips above a table, without script: each row carries its value for each facet
/// (`data-f-label="fishy"`), the page a form of checkboxes, one per value on the page, and a
/// rule per value that hides its rows while the value is unchecked and another value of the same
/// facet is checked. The rules read the chips from the form (`.cf-filters`, which comes before
/// the table's `.cf-table-scroll` among the children of `main`) through child steps only, so
/// that a chip's tick costs what the form holds, not what the page holds. So values of one facet
/// add up (either), facets narrow (both); none checked shows every row; the form's reset button
/// clears them all.
struct Filters: Sendable {
    /// A record's value for a facet: as a slug (for the attribute and the chip's id), its label,
    /// and where it sorts among the chips (values of a fixed order first, then by label).
    struct Value: Sendable, Hashable {
        let slug: String
        let label: String
        let rank: Int
    }

    /// One way to narrow a table: the name rows and chips carry, what the form calls it, and
    /// each record's value, made once (every page of the table reads its rows' values twice).
    /// A facet has few values: each is kept once, and a record holds its value's number.
    struct Facet: Sendable {
        let name: String
        let legend: String
        let distinct: [Value]
        let records: [Int32]

        func value(_ i: Int) -> Value { distinct[Int(records[i])] }
    }

    let facets: [Facet]

    init(_ kind: SiteTable, _ v: PlacedCase, _ strings: UIStrings = .english) {
        let c = v.caseContent, index = v.index, s = strings
        func slug(_ text: String) -> String { Slug.suggested(for: text) }
        func facet(_ name: String, _ legend: UIText, _ count: Int, _ value: (Int) -> (String, String, Int)) -> Facet {
            var numbers: [Value: Int32] = [:]
            var distinct: [Value] = []
            let records = (0..<count).map { i in
                let (slug, label, rank) = value(i)
                let value = Value(slug: slug, label: label, rank: rank)
                if let number = numbers[value] { return number }
                distinct.append(value)
                numbers[value] = Int32(distinct.count - 1)
                return Int32(distinct.count - 1)
            }
            return Facet(name: name, legend: s.text(legend), distinct: distinct, records: records)
        }
        switch kind {
        case .suspects:
            // Each label's text and slug once: the records share them.
            let labels = Suspicion.Label.allCases.enumerated().map { (slug($1.rawValue), s.label($1), $0) }
            let paws = Animal.PawSize.allCases.enumerated().map { ($1.rawValue, s.label($1), $0) }
            let n = c.animals.count
            facets = [
                facet("label", .suspicion, n) { a in
                    labels[Suspicion.Label.allCases.firstIndex(of: c.animals[a].suspicion.label) ?? 0]
                },
                facet("species", .species, n) { a in (slug(c.animals[a].species), c.animals[a].species, 0) },
                facet("paw", .pawSize, n) { a in paws[Animal.PawSize.allCases.firstIndex(of: c.animals[a].pawSize) ?? 0] },
            ]
        case .bulletins:
            let (awake, noneAwake) = (s.text(.aSuspectAwake), s.text(.noSuspectAwake))
            let n = c.bulletins.count
            facets = [
                facet("fruit", .fruit, n) { b in
                    let id = c.bulletins[b].fruit
                    return (slug(id.rawValue), index.fruitPosition[id].map { c.fruits[$0].name } ?? id.rawValue, 0)
                },
                facet("awake", .suspects, n) { b in
                    index.suspectCount(b) > index.asleepSuspectCount(b) ? ("awake", awake, 0) : ("none-awake", noneAwake, 1)
                },
            ]
        case .fruits:
            let (noFans, favoured) = (s.text(.noOneFavoursIt), s.text(.favoured))
            facets = [
                facet("favoured", .fans, c.fruits.count) { f in
                    index.fans[f].isEmpty ? ("no-fans", noFans, 1) : ("favoured", favoured, 0)
                },
            ]
        case .validation:
            let noFile = s.text(.noFile)
            let n = v.diagnostics.count
            facets = [
                facet("severity", .severity, n) { i in
                    let severity = v.diagnostics[i].severity
                    return (severity.rawValue, s.label(severity), severity.rank)
                },
                facet("rule", .rule, n) { i in (v.diagnostics[i].ruleID, v.diagnostics[i].ruleID, 0) },
                facet("file", .file, n) { i in
                    let path = v.diagnostics[i].location?.path ?? ""
                    return (path.isEmpty ? "none" : slug(path), path.isEmpty ? noFile : path, path.isEmpty ? 1 : 0)
                },
            ]
        }
    }

    /// A row's values, for its `data-f-…` attributes.
    func row(_ i: Int) -> MustacheValue {
        .list(facets.map { facet in .fields([(.name, .string(facet.name)), (.value, .string(facet.value(i).slug))]) })
    }

    /// The form (facets with two values or more on this page) and the page's rules; nil when
    /// no facet would narrow anything.
    /// `link` gives a value's listing across the whole table and its count, when there is one.
    func page(_ records: [Int], strings: UIStrings = .english,
              link: (_ facet: String, _ slug: String) -> (href: String, total: Int)? = { _, _ in nil })
        -> (form: MustacheValue, css: String)? {
        var shown: [MustacheValue] = []
        var css = ""
        for facet in facets {
            var counts: [String: (label: String, rank: Int, count: Int)] = [:]
            for i in records {
                let value = facet.value(i)
                counts[value.slug, default: (value.label, value.rank, 0)].count += 1
            }
            guard counts.count > 1 else { continue }
            let chips = counts.sorted { ($0.value.rank, $0.value.label, $0.key) < ($1.value.rank, $1.value.label, $1.key) }
            shown.append(.fields([
                (.name, .string(facet.name)), (.legend, .string(facet.legend)),
                (.chips, .list(chips.map { slug, value in
                    var fields: [(TemplateField, MustacheValue)] = [
                        (.id, .string("f-\(facet.name)-\(slug)")), (.name, .string(facet.name)), (.value, .string(slug)),
                        (.label, .string(value.label)), (.count, .int(value.count)),
                    ]
                    if let listing = link(facet.name, slug) {
                        fields += [(.href, .string(listing.href)), (.total, .int(listing.total)),
                                   (.linkTitle, .string(strings.text(.chipEverywhere, ["value": value.label]))),
                                   (.linkLabel, .string(strings.text(.chipAll, ["count": strings.number(listing.total)])))]
                    }
                    return .fields(fields)
                })),
            ]))
            for (slug, _) in chips {
                css += ".cf-filters:has(> .cf-facet > .cf-chip > #f-\(facet.name)-\(slug):not(:checked))"
                    + ":has(> .cf-facet > .cf-chip > [data-filter=\"\(facet.name)\"]:checked) "
                    + "~ .cf-table-scroll tr[data-f-\(facet.name)=\"\(slug)\"]{display:none}\n"
            }
        }
        guard !shown.isEmpty else { return nil }
        return (.fields([(.facets, .list(shown)), (.total, .int(records.count))]), css)
    }
}
