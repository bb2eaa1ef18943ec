import Foundation
import CasefileModel
import CasefileValidation
import CasefileSite

/// The case's data for readers to take away (`data/`): each collection as CSV and as JSON, the
/// validation problems as CSV, and the whole validated case as one JSON document
/// (`data/case.json`, described by `Schemas/case.schema.json`). Values are as validated; each
/// record also carries what the pages derive from it (a suspect's suspicion label and the
/// bulletins about its favourite fruits, a bulletin's suspects awake and asleep, a fruit's fans).
struct DataExports: Sendable {
    let validated: ValidatedCase
    /// Each record's own page (`url`): absolute with a base URL, else from the site's root; nil
    /// for a record without one (an id that is not a slug, or repeated).
    private let urls: [CaseCollection: [String?]]

    /// `fragments`: the case's, when the caller has them already (a build's `PlacedCase`).
    init(validated: ValidatedCase, fragments: Fragments? = nil, baseURL: String? = nil) {
        self.validated = validated
        let fragments = fragments ?? Fragments(validated.caseContent)
        var urls: [CaseCollection: [String?]] = [:]
        for collection in CaseCollection.allCases {
            urls[collection] = fragments[collection].map { fragment in
                SiteLayout.record(collection.pageKind, id: fragment).map { (baseURL ?? "") + $0 }
            }
        }
        self.urls = urls
    }

    private func url(_ collection: CaseCollection, _ i: Int) -> String? { urls[collection]?[i] ?? nil }

    /// The download links a table's page offers.
    static func downloads(for table: SiteTable) -> [(label: String, path: String)] {
        switch table {
        case .suspects: [("CSV", SiteLayout.animalsCSV), ("JSON", SiteLayout.animalsJSON)]
        case .bulletins: [("CSV", SiteLayout.bulletinsCSV), ("JSON", SiteLayout.bulletinsJSON)]
        case .fruits: [("CSV", SiteLayout.fruitsCSV), ("JSON", SiteLayout.fruitsJSON)]
        case .validation: [("CSV", SiteLayout.problemsCSV), ("JSON", SiteLayout.report)]
        }
    }

    func render(_ path: String) -> [UInt8]? {
        var parts: Parts? = nil
        return render(path, parts: &parts)
    }

    /// Where each record's part (its JSON object, or its CSV row) lies in an export, by collection.
    typealias Parts = [CaseCollection: [Range<Int>]]

    /// The export at `path`, noting in `parts` (when not nil) where each record's part lies.
    func render(_ path: String, parts: inout Parts?) -> [UInt8]? {
        let c = validated.caseContent
        // Room for the whole file (the 10k case's measure 100–380 bytes a record), reserved so
        // that the buffer never grows and copies.
        let records = switch path {
        case SiteLayout.fruitsCSV, SiteLayout.fruitsJSON: c.fruits.count
        case SiteLayout.animalsCSV, SiteLayout.animalsJSON: c.animals.count
        case SiteLayout.bulletinsCSV, SiteLayout.bulletinsJSON: c.bulletins.count
        case SiteLayout.problemsCSV: validated.diagnostics.count
        default: c.animals.count + c.bulletins.count + c.fruits.count
        }
        var out = ExportText(capacity: (1 << 12) + records * 512)
        var marks: [Range<Int>]? = parts == nil ? nil : []
        switch path {
        case SiteLayout.fruitsCSV: fruitRows(&out, &marks); parts?[.fruits] = marks
        case SiteLayout.animalsCSV: animalRows(&out, &marks); parts?[.animals] = marks
        case SiteLayout.bulletinsCSV: bulletinRows(&out, &marks); parts?[.bulletins] = marks
        case SiteLayout.problemsCSV: problemRows(&out)
        // A JSON document ends with a line break.
        case SiteLayout.fruitsJSON: list(.fruits, &out, &parts); out.newline()
        case SiteLayout.animalsJSON: list(.animals, &out, &parts); out.newline()
        case SiteLayout.bulletinsJSON: list(.bulletins, &out, &parts); out.newline()
        case SiteLayout.caseJSON: caseDocument(&out, &parts); out.newline()
        default: return nil
        }
        return out.bytes
    }

    /// Record `i`'s part of the export at `path` (a collection's CSV or JSON, or the case's
    /// JSON) as `render` writes it there: its CSV row, or its JSON object.
    func part(_ path: String, _ collection: CaseCollection, _ i: Int) -> [UInt8] {
        var out = ExportText(capacity: 512)
        let c = validated.caseContent
        switch (path, collection) {
        case (SiteLayout.fruitsCSV, _): out.csvRow(fruitRow(c, f: i))
        case (SiteLayout.animalsCSV, _): out.csvRow(animalRow(c, a: i, suspicionLevel: Self.suspicionLevelColumn))
        case (SiteLayout.bulletinsCSV, _): out.csvRow(bulletinRow(c, b: i))
        case (_, .fruits): fruit(i, &out)
        case (_, .animals): animal(i, &out)
        case (_, .bulletins): bulletin(i, &out)
        }
        return out.bytes
    }

    /// A JSON array of a collection's records, one a line.
    private func list(_ collection: CaseCollection, _ out: inout ExportText, _ parts: inout Parts?) {
        let c = validated.caseContent
        switch collection {
        case .fruits: list(c.fruits.indices, &out, &parts, .fruits, fruit)
        case .animals: list(c.animals.indices, &out, &parts, .animals, animal)
        case .bulletins: list(c.bulletins.indices, &out, &parts, .bulletins, bulletin)
        }
    }

    private func list(_ indices: Range<Int>, _ out: inout ExportText, _ parts: inout Parts?, _ collection: CaseCollection,
                      _ write: (Int, inout ExportText) -> Void) {
        var marks: [Range<Int>]? = parts == nil ? nil : []
        marks?.reserveCapacity(indices.count)
        out.beginArray()
        for i in indices {
            out.lineBreak()
            let start = out.bytes.count
            write(i, &out)
            marks?.append(start..<out.bytes.count)
        }
        out.newline()
        out.endArray()
        parts?[collection] = marks
    }

    // MARK: Fruits

    /// A fruit's own values (what the digest compares).
    static func own(_ fruit: Fruit, _ out: inout ExportText) {
        fields(of: fruit, &out)
    }

    private func fruit(_ f: Int, _ out: inout ExportText) {
        out.beginObject()
        Self.own(validated.caseContent.fruits[f], &out)
        out.key("fans"); out.int(validated.index.fans[f].count)
        out.key("bulletins"); out.int(validated.index.fruitBulletins[f].count)
        out.key("url"); out.string(url(.fruits, f))
        out.endObject()
    }

    private func fruitRows(_ out: inout ExportText, _ marks: inout [Range<Int>]?) {
        let c = validated.caseContent
        out.csvRow(Self.csvKeys(Fruit.schema) + ["fans", "bulletins", "url"])
        for f in c.fruits.indices {
            let start = out.bytes.count
            out.csvRow(fruitRow(c, f: f))
            marks?.append(start..<out.bytes.count)
        }
    }

    private func fruitRow(_ c: CaseContent, f: Int) -> [String] {
        Self.csvValues(of: c.fruits[f]) + [String(validated.index.fans[f].count), String(validated.index.fruitBulletins[f].count),
                                           url(.fruits, f) ?? ""]
    }

    // MARK: Animals

    /// An animal's own values, with its suspicion label after the level.
    static func own(_ animal: Animal, _ out: inout ExportText) {
        fields(of: animal, &out) { field, out in
            if field == .suspicionLevel { out.key("suspicionLabel"); out.string(animal.suspicion.label.rawValue) }
        }
    }

    private func animal(_ a: Int, _ out: inout ExportText) {
        out.beginObject()
        Self.own(validated.caseContent.animals[a], &out)
        out.key("bulletins"); out.int(validated.index.involvementCount(a))
        out.key("asleepAtBulletins"); out.int(validated.index.asleepInvolvementCount(a))
        out.key("url"); out.string(url(.animals, a))
        out.endObject()
    }

    /// Where the suspicion label's column goes: after the level's.
    private static let suspicionLevelColumn = csvKeys(Animal.schema).firstIndex(of: FieldName.suspicionLevel.key).map { $0 + 1 } ?? 0

    private func animalRows(_ out: inout ExportText, _ marks: inout [Range<Int>]?) {
        let c = validated.caseContent
        let suspicionLevel = Self.suspicionLevelColumn
        var keys = Self.csvKeys(Animal.schema)
        keys.insert("suspicionLabel", at: suspicionLevel)
        out.csvRow(keys + ["bulletins", "asleepAtBulletins", "url"])
        for a in c.animals.indices {
            let start = out.bytes.count
            out.csvRow(animalRow(c, a: a, suspicionLevel: suspicionLevel))
            marks?.append(start..<out.bytes.count)
        }
    }

    private func animalRow(_ c: CaseContent, a: Int, suspicionLevel: Int) -> [String] {
        let animal = c.animals[a], index = validated.index
        var values = Self.csvValues(of: animal)
        values.insert(animal.suspicion.label.rawValue, at: suspicionLevel)
        return values + [String(index.involvementCount(a)), String(index.asleepInvolvementCount(a)), url(.animals, a) ?? ""]
    }

    // MARK: Bulletins

    /// A bulletin's own values.
    static func own(_ bulletin: Bulletin, _ out: inout ExportText) {
        fields(of: bulletin, &out)
    }

    private func bulletin(_ b: Int, _ out: inout ExportText) {
        let all = validated.index.suspectCount(b), asleep = validated.index.asleepSuspectCount(b)
        out.beginObject()
        Self.own(validated.caseContent.bulletins[b], &out)
        out.key("suspects"); out.int(all)
        out.key("suspectsAwake"); out.int(all - asleep)
        out.key("suspectsAsleep"); out.int(asleep)
        out.key("url"); out.string(url(.bulletins, b))
        out.endObject()
    }

    private func bulletinRows(_ out: inout ExportText, _ marks: inout [Range<Int>]?) {
        let c = validated.caseContent
        out.csvRow(Self.csvKeys(Bulletin.schema) + ["suspects", "suspectsAwake", "suspectsAsleep", "url"])
        for b in c.bulletins.indices {
            let start = out.bytes.count
            out.csvRow(bulletinRow(c, b: b))
            marks?.append(start..<out.bytes.count)
        }
    }

    private func bulletinRow(_ c: CaseContent, b: Int) -> [String] {
        let all = validated.index.suspectCount(b), asleep = validated.index.asleepSuspectCount(b)
        return Self.csvValues(of: c.bulletins[b]) + [String(all), String(all - asleep), String(asleep), url(.bulletins, b) ?? ""]
    }

    // MARK: A record's own fields, from its description

    /// The record's fields as JSON members, in its description's order (an absent one `null`, a
    /// group an object of its members); `after` writes what follows a field (a label worked out
    /// from it).
    static func fields<Record: DescribedRecord>(of record: Record, _ out: inout ExportText,
                                                after: (FieldName, inout ExportText) -> Void = { _, _ in }) {
        for field in Record.schema.fields {
            out.key(field.key)
            let value = record.value(of: field.name)
            if case let .group(values) = value {
                out.beginObject()
                for (member, value) in zip(field.type.members, values) {
                    out.key(member.key)
                    json(value, &out)
                }
                out.endObject()
            } else {
                json(value, &out)
            }
            after(field.name, &out)
        }
    }

    private static func json(_ value: FieldValue, _ out: inout ExportText) {
        switch value {
        case .absent: out.null()
        case let .text(text): out.string(text)
        case let .number(number): out.number(Numbers.plain(number))
        case let .whole(number): out.int(number)
        case let .list(ids): out.strings(ids)
        case .group: out.null()
        }
    }

    /// A CSV header's keys for a record's own fields: a group's members by their own keys.
    static func csvKeys(_ schema: RecordSchema) -> [String] {
        schema.fields.flatMap { field in field.type.members.isEmpty ? [field.key] : field.type.members.map(\.key) }
    }

    /// A record's own fields as CSV cells, matching `csvKeys` (absent: empty; ids joined by `;`).
    static func csvValues<Record: DescribedRecord>(of record: Record) -> [String] {
        Record.schema.fields.flatMap { field -> [String] in
            if field.type.members.isEmpty { return [csv(record.value(of: field.name))] }
            return field.type.members.map { csv(record.value(of: $0.name)) }
        }
    }

    private static func csv(_ value: FieldValue) -> String {
        switch value {
        case .absent, .group: ""
        case let .text(text): text
        case let .number(number): Numbers.plain(number)
        case let .whole(number): String(number)
        case let .list(ids): ids.joined(separator: ";")
        }
    }

    // MARK: Problems and the whole case

    private func problemRows(_ out: inout ExportText) {
        out.csvRow(["severity", "rule", "message", "file", "line", "column", "collection", "record", "field", "value"])
        for p in validated.diagnostics {
            out.csvRow([p.severity.rawValue, p.ruleID, p.message, p.location?.path ?? "", p.location.map { String($0.line) } ?? "",
                        p.location.map { String($0.column) } ?? "", p.collection?.rawValue ?? "", p.recordID ?? "",
                        p.fieldKey, p.value ?? ""])
        }
    }

    private func caseDocument(_ out: inout ExportText, _ parts: inout Parts?) {
        let v = validated, site = v.caseContent.site
        out.beginObject()
        out.key("format"); out.string("casefile-case/1")
        out.key("title"); out.string(site.title)
        out.key("description"); out.string(site.description)
        out.key("timeZone"); out.string(site.timeZone)
        out.key("problems")
        out.beginObject()
        out.key("errors"); out.int(v.errorCount)
        out.key("warnings"); out.int(v.warningCount)
        out.key("notes"); out.int(v.noteCount)
        out.endObject()
        for collection in [CaseCollection.fruits, .animals, .bulletins] {
            out.key(collection.rawValue)
            list(collection, &out, &parts)
        }
        out.endObject()
    }
}
