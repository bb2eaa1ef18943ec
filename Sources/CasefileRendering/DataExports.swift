import Foundation
import CasefileModel
import CasefileValidation

/// The case's data for readers to take away (`data/`): each collection as CSV and as JSON, the
/// validation problems as CSV, and the whole validated case as one JSON document
/// (`data/case.json`, described by `Schemas/case.schema.json`). Values are as validated; each
/// record also carries what the pages derive from it (a suspect's suspicion label and the
/// bulletins about its favourite fruits, a bulletin's suspects awake and asleep, a fruit's fans).
struct DataExports: Sendable {
    let validated: ValidatedCase

    /// Every file, by its path in the site.
    static let paths = ["data/fruits.csv", "data/fruits.json", "data/animals.csv", "data/animals.json",
                        "data/bulletins.csv", "data/bulletins.json", "data/problems.csv", "data/case.json"]

    /// The download links a table's page offers, by collection (`problems` for the validation page).
    static func downloads(for collection: String) -> [(label: String, path: String)] {
        collection == "problems"
            ? [("CSV", "data/problems.csv"), ("JSON", "validation/report.json")]
            : [("CSV", "data/\(collection).csv"), ("JSON", "data/\(collection).json")]
    }

    func render(_ path: String) -> String? {
        switch path {
        case "data/fruits.csv": CSVText.table(header: Self.fruitHeader, rows: fruitRows())
        case "data/fruits.json": "[" + fruitObjects().joined(separator: ",\n") + "]\n"
        case "data/animals.csv": CSVText.table(header: Self.animalHeader, rows: animalRows())
        case "data/animals.json": "[" + animalObjects().joined(separator: ",\n") + "]\n"
        case "data/bulletins.csv": CSVText.table(header: Self.bulletinHeader, rows: bulletinRows())
        case "data/bulletins.json": "[" + bulletinObjects().joined(separator: ",\n") + "]\n"
        case "data/problems.csv": CSVText.table(header: Self.problemHeader, rows: problemRows())
        case "data/case.json": caseDocument()
        default: nil
        }
    }

    // MARK: Fruits

    static let fruitHeader = ["id", "name", "color", "fans", "bulletins"]

    private func fruitRows() -> [[String]] {
        let c = validated.caseContent, index = validated.index
        return c.fruits.indices.map { f in
            let fruit = c.fruits[f]
            return [fruit.id, fruit.name, fruit.color, String(index.fans[f].count), String(index.fruitBulletins[f].count)]
        }
    }

    /// A fruit's own values (what the digest compares), in JSON.
    static func own(_ fruit: Fruit) -> [(String, String?)] {
        [("id", JSONText.quoted(fruit.id)), ("name", JSONText.quoted(fruit.name)), ("color", JSONText.quoted(fruit.color))]
    }

    private func fruitObjects() -> [String] {
        let c = validated.caseContent, index = validated.index
        return c.fruits.indices.map { f in
            JSONText.object(Self.own(c.fruits[f]) + [("fans", String(index.fans[f].count)),
                                                      ("bulletins", String(index.fruitBulletins[f].count))])
        }
    }

    // MARK: Animals

    static let animalHeader = ["id", "name", "species", "emoji", "pawSize", "favoriteFruits", "suspicionLevel",
                               "suspicionLabel", "alibi", "sleep", "wake", "bulletins", "asleepAtBulletins"]

    private func animalRows() -> [[String]] {
        let c = validated.caseContent, index = validated.index
        return c.animals.indices.map { a in
            let animal = c.animals[a]
            return [animal.id, animal.name, animal.species, animal.emoji ?? "", animal.pawSize.rawValue,
                    animal.favoriteFruits.joined(separator: ";"), Numbers.plain(animal.suspicionLevel),
                    animal.suspicion.label.rawValue, animal.alibi ?? "",
                    animal.sleepSchedule.map { "\($0.sleep)" } ?? "", animal.sleepSchedule.map { "\($0.wake)" } ?? "",
                    String(index.involvementCount(a)), String(index.asleepInvolvementCount(a))]
        }
    }

    /// An animal's own values, in JSON, with its suspicion label after the level.
    static func own(_ animal: Animal) -> [(String, String?)] {
        let schedule = animal.sleepSchedule.map {
            JSONText.object([("sleep", JSONText.quoted("\($0.sleep)")), ("wake", JSONText.quoted("\($0.wake)"))])
        }
        return [
            ("id", JSONText.quoted(animal.id)), ("name", JSONText.quoted(animal.name)),
            ("species", JSONText.quoted(animal.species)), ("emoji", JSONText.string(animal.emoji)),
            ("pawSize", JSONText.quoted(animal.pawSize.rawValue)), ("favoriteFruits", JSONText.array(animal.favoriteFruits)),
            ("suspicionLevel", Numbers.plain(animal.suspicionLevel)),
            ("suspicionLabel", JSONText.quoted(animal.suspicion.label.rawValue)),
            ("alibi", JSONText.string(animal.alibi)), ("sleepSchedule", schedule),
        ]
    }

    private func animalObjects() -> [String] {
        let c = validated.caseContent, index = validated.index
        return c.animals.indices.map { a in
            JSONText.object(Self.own(c.animals[a]) + [("bulletins", String(index.involvementCount(a))),
                                                       ("asleepAtBulletins", String(index.asleepInvolvementCount(a)))])
        }
    }

    // MARK: Bulletins

    static let bulletinHeader = ["id", "fruit", "nibbledAt", "location", "bites", "reportedBy", "suspects",
                                 "suspectsAwake", "suspectsAsleep"]

    /// The instant as written: ISO 8601 at the author's own offset.
    static func written(_ time: Timestamp?) -> String? {
        guard let time, let zone = TimeZone(secondsFromGMT: time.writtenOffset) else { return nil }
        return time.local(in: zone).iso8601
    }

    private func bulletinRows() -> [[String]] {
        let c = validated.caseContent, index = validated.index
        return c.bulletins.indices.map { b in
            let bulletin = c.bulletins[b]
            let all = index.suspectCount(b), asleep = index.asleepSuspectCount(b)
            return [bulletin.id, bulletin.fruit, Self.written(bulletin.nibbledAt) ?? "", bulletin.location,
                    bulletin.bites.map(String.init) ?? "", bulletin.reportedBy ?? "", String(all), String(all - asleep), String(asleep)]
        }
    }

    /// A bulletin's own values, in JSON.
    static func own(_ bulletin: Bulletin) -> [(String, String?)] {
        [("id", JSONText.quoted(bulletin.id)), ("fruit", JSONText.quoted(bulletin.fruit)),
         ("nibbledAt", JSONText.string(Self.written(bulletin.nibbledAt))), ("location", JSONText.quoted(bulletin.location)),
         ("bites", JSONText.int(bulletin.bites)), ("reportedBy", JSONText.string(bulletin.reportedBy))]
    }

    private func bulletinObjects() -> [String] {
        let c = validated.caseContent, index = validated.index
        return c.bulletins.indices.map { b in
            let all = index.suspectCount(b), asleep = index.asleepSuspectCount(b)
            return JSONText.object(Self.own(c.bulletins[b]) + [("suspects", String(all)), ("suspectsAwake", String(all - asleep)),
                                                                ("suspectsAsleep", String(asleep))])
        }
    }

    // MARK: Problems and the whole case

    static let problemHeader = ["severity", "rule", "message", "file", "line", "column", "collection", "record", "field", "value"]

    private func problemRows() -> [[String]] {
        validated.diagnostics.map { p in
            [p.severity.rawValue, p.ruleID, p.message, p.location?.path ?? "", p.location.map { String($0.line) } ?? "",
             p.location.map { String($0.column) } ?? "", p.collection?.rawValue ?? "", p.recordID ?? "", p.field ?? "", p.value ?? ""]
        }
    }

    private func caseDocument() -> String {
        let v = validated, site = v.caseContent.site
        let list = { (items: [String]) in "[\n" + items.joined(separator: ",\n") + "\n]" }
        return JSONText.object([
            ("format", JSONText.quoted("casefile-case/1")),
            ("title", JSONText.quoted(site.title)), ("description", JSONText.string(site.description)),
            ("timeZone", JSONText.quoted(site.timeZone)),
            ("problems", JSONText.object([("errors", String(v.errorCount)), ("warnings", String(v.warningCount)),
                                          ("notes", String(v.noteCount))])),
            ("fruits", list(fruitObjects())), ("animals", list(animalObjects())), ("bulletins", list(bulletinObjects())),
        ]) + "\n"
    }
}
