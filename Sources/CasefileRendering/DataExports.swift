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

    /// The download links a table's page offers.
    static func downloads(for table: PagePlan.Kind) -> [(label: String, path: String)] {
        switch table {
        case .suspects: [("CSV", SiteLayout.animalsCSV), ("JSON", SiteLayout.animalsJSON)]
        case .bulletins: [("CSV", SiteLayout.bulletinsCSV), ("JSON", SiteLayout.bulletinsJSON)]
        case .fruits: [("CSV", SiteLayout.fruitsCSV), ("JSON", SiteLayout.fruitsJSON)]
        case .validation: [("CSV", SiteLayout.problemsCSV), ("JSON", SiteLayout.report)]
        }
    }

    func render(_ path: String) -> [UInt8]? {
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
        switch path {
        case SiteLayout.fruitsCSV: fruitRows(&out)
        case SiteLayout.animalsCSV: animalRows(&out)
        case SiteLayout.bulletinsCSV: bulletinRows(&out)
        case SiteLayout.problemsCSV: problemRows(&out)
        // A JSON document ends with a line break.
        case SiteLayout.fruitsJSON: list(c.fruits.indices, &out, fruit); out.newline()
        case SiteLayout.animalsJSON: list(c.animals.indices, &out, animal); out.newline()
        case SiteLayout.bulletinsJSON: list(c.bulletins.indices, &out, bulletin); out.newline()
        case SiteLayout.caseJSON: caseDocument(&out); out.newline()
        default: return nil
        }
        return out.bytes
    }

    /// A JSON array, one element a line.
    private func list(_ indices: Range<Int>, _ out: inout ExportText, _ write: (Int, inout ExportText) -> Void) {
        out.beginArray()
        for i in indices {
            out.lineBreak()
            write(i, &out)
        }
        out.newline()
        out.endArray()
    }

    // MARK: Fruits

    /// A fruit's own values (what the digest compares).
    static func own(_ fruit: Fruit, _ out: inout ExportText) {
        out.key("id"); out.string(fruit.id.rawValue)
        out.key("name"); out.string(fruit.name)
        out.key("color"); out.string(fruit.color)
    }

    private func fruit(_ f: Int, _ out: inout ExportText) {
        out.beginObject()
        Self.own(validated.caseContent.fruits[f], &out)
        out.key("fans"); out.int(validated.index.fans[f].count)
        out.key("bulletins"); out.int(validated.index.fruitBulletins[f].count)
        out.endObject()
    }

    private func fruitRows(_ out: inout ExportText) {
        let c = validated.caseContent, index = validated.index
        out.csvRow(["id", "name", "color", "fans", "bulletins"])
        for f in c.fruits.indices {
            let fruit = c.fruits[f]
            out.csvRow([fruit.id.rawValue, fruit.name, fruit.color, String(index.fans[f].count), String(index.fruitBulletins[f].count)])
        }
    }

    // MARK: Animals

    /// An animal's own values, with its suspicion label after the level.
    static func own(_ animal: Animal, _ out: inout ExportText) {
        out.key("id"); out.string(animal.id.rawValue)
        out.key("name"); out.string(animal.name)
        out.key("species"); out.string(animal.species)
        out.key("emoji"); out.string(animal.emoji)
        out.key("pawSize"); out.string(animal.pawSize.rawValue)
        out.key("favoriteFruits"); out.strings(animal.favoriteFruits.map(\.rawValue))
        out.key("suspicionLevel"); out.number(Numbers.plain(animal.suspicionLevel))
        out.key("suspicionLabel"); out.string(animal.suspicion.label.rawValue)
        out.key("alibi"); out.string(animal.alibi)
        out.key("sleepSchedule")
        if let schedule = animal.sleepSchedule {
            out.beginObject()
            out.key("sleep"); out.string(schedule.sleep.description)
            out.key("wake"); out.string(schedule.wake.description)
            out.endObject()
        } else {
            out.null()
        }
    }

    private func animal(_ a: Int, _ out: inout ExportText) {
        out.beginObject()
        Self.own(validated.caseContent.animals[a], &out)
        out.key("bulletins"); out.int(validated.index.involvementCount(a))
        out.key("asleepAtBulletins"); out.int(validated.index.asleepInvolvementCount(a))
        out.endObject()
    }

    private func animalRows(_ out: inout ExportText) {
        let c = validated.caseContent, index = validated.index
        out.csvRow(["id", "name", "species", "emoji", "pawSize", "favoriteFruits", "suspicionLevel", "suspicionLabel",
                    "alibi", "sleep", "wake", "bulletins", "asleepAtBulletins"])
        for a in c.animals.indices {
            let animal = c.animals[a]
            out.csvRow([animal.id.rawValue, animal.name, animal.species, animal.emoji ?? "", animal.pawSize.rawValue,
                        animal.favoriteFruits.map(\.rawValue).joined(separator: ";"), Numbers.plain(animal.suspicionLevel),
                        animal.suspicion.label.rawValue, animal.alibi ?? "",
                        animal.sleepSchedule?.sleep.description ?? "", animal.sleepSchedule?.wake.description ?? "",
                        String(index.involvementCount(a)), String(index.asleepInvolvementCount(a))])
        }
    }

    // MARK: Bulletins

    /// A bulletin's own values.
    static func own(_ bulletin: Bulletin, _ out: inout ExportText) {
        out.key("id"); out.string(bulletin.id.rawValue)
        out.key("fruit"); out.string(bulletin.fruit.rawValue)
        out.key("nibbledAt"); out.string(bulletin.nibbledAt?.written.iso8601)
        out.key("location"); out.string(bulletin.location)
        out.key("bites"); out.int(bulletin.bites)
        out.key("reportedBy"); out.string(bulletin.reportedBy?.rawValue)
    }

    private func bulletin(_ b: Int, _ out: inout ExportText) {
        let all = validated.index.suspectCount(b), asleep = validated.index.asleepSuspectCount(b)
        out.beginObject()
        Self.own(validated.caseContent.bulletins[b], &out)
        out.key("suspects"); out.int(all)
        out.key("suspectsAwake"); out.int(all - asleep)
        out.key("suspectsAsleep"); out.int(asleep)
        out.endObject()
    }

    private func bulletinRows(_ out: inout ExportText) {
        let c = validated.caseContent, index = validated.index
        out.csvRow(["id", "fruit", "nibbledAt", "location", "bites", "reportedBy", "suspects", "suspectsAwake", "suspectsAsleep"])
        for b in c.bulletins.indices {
            let bulletin = c.bulletins[b]
            let all = index.suspectCount(b), asleep = index.asleepSuspectCount(b)
            out.csvRow([bulletin.id.rawValue, bulletin.fruit.rawValue, bulletin.nibbledAt?.written.iso8601 ?? "", bulletin.location,
                        bulletin.bites.map(String.init) ?? "", bulletin.reportedBy?.rawValue ?? "", String(all), String(all - asleep),
                        String(asleep)])
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

    private func caseDocument(_ out: inout ExportText) {
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
        out.key("fruits"); list(v.caseContent.fruits.indices, &out, fruit)
        out.key("animals"); list(v.caseContent.animals.indices, &out, animal)
        out.key("bulletins"); list(v.caseContent.bulletins.indices, &out, bulletin)
        out.endObject()
    }
}
