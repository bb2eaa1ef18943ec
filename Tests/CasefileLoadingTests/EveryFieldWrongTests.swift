import Foundation
import Testing
import CasefileModel
import CasefileLoading
import CasefileTestSupport

/// Tests/Hostile/every-field-wrong: each record kind with each field wrong in the ways its type
/// refuses (`RecordSchema`, `FieldCheck`). The expected problems are worked out from the files
/// and the rules: the place is the value's first character (a missing field's: the record's or
/// the group's first key), in the order the loader reads — the files, then the records, each
/// record's unknown keys first, then its fields in their description's order.
@Suite struct EveryFieldWrongTests {
    struct Expected: CustomStringConvertible {
        var rule: String
        var at: String
        var record: String?
        var field: String?
        var value: String?
        var message: String
        var fix: String?

        var description: String { "\(rule) at \(at)" }
    }

    static func load() async throws -> LoadedCase {
        let folder = Repository.root.appendingPathComponent("Tests/Hostile/every-field-wrong/case", isDirectory: true)
        return try await ContentLoader(directory: folder, displayPath: "every-field-wrong").load()
    }

    static let fruitFields = "id, name, color"
    static let animalFields = "id, name, species, emoji, pawSize, favoriteFruits, suspicionLevel, alibi, sleepSchedule"
    static let bulletinFields = "id, fruit, nibbledAt, location, bites, reportedBy"

    static let fruits: [Expected] = [
        Expected(rule: "invalid-id", at: "fruits.yaml:7:7", record: "Red Apple", field: "id", value: "Red Apple",
                 message: "id \"Red Apple\" is not a slug (lowercase letters, digits and hyphens)", fix: "Try \"red-apple\"."),
        Expected(rule: "blank-name", at: "fruits.yaml:8:9", record: "Red Apple", field: "name", value: "   ",
                 message: "name is blank", fix: "Write a name."),
        Expected(rule: "invalid-color", at: "fruits.yaml:9:10", record: "Red Apple", field: "color", value: "rde",
                 message: "color \"rde\" is not a CSS named colour or hex (did you mean \"red\"?)",
                 fix: "Use a CSS colour name such as red, or #rgb / #rrggbb."),
        Expected(rule: "type-mismatch", at: "fruits.yaml:12:10", record: "plum", field: "color", value: nil,
                 message: "color must be text, got a list"),
        Expected(rule: "unknown-field", at: "fruits.yaml:14:3", record: "quince", field: "colour", value: "colour",
                 message: "unknown field \"colour\" (did you mean \"color\"?)", fix: "Known fields here: \(fruitFields)."),
        Expected(rule: "missing-field", at: "fruits.yaml:13:3", record: "quince", field: "name",
                 message: "missing required field \"name\"", fix: "Add `name: …` to this record."),
        Expected(rule: "missing-field", at: "fruits.yaml:13:3", record: "quince", field: "color",
                 message: "missing required field \"color\"", fix: "Add `color: …` to this record."),
        // No id: the record is left out, and its blank name and bad colour are not read.
        Expected(rule: "missing-field", at: "fruits.yaml:15:3", record: nil, field: "id",
                 message: "missing required field \"id\"", fix: "Add `id: …` to this record."),
    ]

    static let animals: [Expected] = [
        Expected(rule: "blank-name", at: "animals.yaml:2:9", record: "fox", field: "name", value: "",
                 message: "name is blank", fix: "Write a name."),
        Expected(rule: "missing-field", at: "animals.yaml:1:3", record: "fox", field: "species",
                 message: "missing required field \"species\"", fix: "Add `species: …` to this record."),
        Expected(rule: "emoji", at: "animals.yaml:3:10", record: "fox", field: "emoji", value: "🦊🦊",
                 message: "emoji should be one character, got 2: \"🦊🦊\"", fix: "Keep a single emoji, such as 🦊."),
        Expected(rule: "paw-size", at: "animals.yaml:4:12", record: "fox", field: "pawSize", value: "larg",
                 message: "pawSize must be small, medium or large, got \"larg\" (did you mean \"large\"?)",
                 fix: "Write small, medium or large."),
        Expected(rule: "duplicate-fruit", at: "animals.yaml:5:34", record: "fox", field: "favoriteFruits", value: "elstar",
                 message: "\"elstar\" is listed twice in favoriteFruits", fix: "Remove the second \"elstar\"."),
        Expected(rule: "suspicion-range", at: "animals.yaml:6:19", record: "fox", field: "suspicionLevel", value: "1.5",
                 message: "suspicionLevel must be between 0 and 1, got 1.5",
                 fix: "Write a number from 0 (not suspicious) to 1 (certain)."),
        Expected(rule: "sleep-equals-wake", at: "animals.yaml:8:18", record: "fox", field: "sleepSchedule", value: "22:00",
                 message: "sleep and wake are both 22:00: the schedule never sleeps",
                 fix: "Give different sleep and wake times, or remove sleepSchedule."),
        Expected(rule: "paw-size", at: "animals.yaml:12:12", record: "owl", field: "pawSize", value: "3",
                 message: "pawSize must be small, medium or large, got \"3\"", fix: "Write small, medium or large."),
        Expected(rule: "type-mismatch", at: "animals.yaml:13:19", record: "owl", field: "favoriteFruits", value: "elstar",
                 message: "favoriteFruits must be a list, got the text \"elstar\"", fix: "Write a list: [elstar]."),
        Expected(rule: "type-mismatch", at: "animals.yaml:14:19", record: "owl", field: "suspicionLevel", value: "high",
                 message: "suspicionLevel must be a number, got the text \"high\"", fix: "Write a number without quotes, such as 0.5."),
        Expected(rule: "unknown-field", at: "animals.yaml:17:5", record: "owl", field: "sleepSchedule.nap", value: "nap",
                 message: "unknown field \"sleepSchedule.nap\"", fix: "Known fields here: sleep, wake."),
        Expected(rule: "invalid-time", at: "animals.yaml:16:12", record: "owl", field: "sleepSchedule.sleep", value: "25:00",
                 message: "sleep must be a time HH:MM (24 h), got \"25:00\"", fix: "Write it like \"22:30\", in quotes."),
        Expected(rule: "missing-field", at: "animals.yaml:16:5", record: "owl", field: "sleepSchedule.wake",
                 message: "missing required field \"sleepSchedule.wake\"", fix: "Add `wake: …` to this record."),
        Expected(rule: "unknown-field", at: "animals.yaml:25:3", record: "badger", field: "sleepschedule", value: "sleepschedule",
                 message: "unknown field \"sleepschedule\" (did you mean \"sleepSchedule\"?)",
                 fix: "Known fields here: \(animalFields)."),
        Expected(rule: "type-mismatch", at: "animals.yaml:21:10", record: "badger", field: "emoji", value: nil,
                 message: "emoji must be text, got a list"),
        Expected(rule: "type-mismatch", at: "animals.yaml:22:20", record: "badger", field: "favoriteFruits", value: nil,
                 message: "favoriteFruits must be a list of ids, got a list"),
        Expected(rule: "type-mismatch", at: "animals.yaml:22:30", record: "badger", field: "favoriteFruits", value: "~",
                 message: "favoriteFruits must be a list of ids, got nothing (null)"),
        Expected(rule: "duplicate-fruit", at: "animals.yaml:22:39", record: "badger", field: "favoriteFruits", value: "pear",
                 message: "\"pear\" is listed twice in favoriteFruits", fix: "Remove the second \"pear\"."),
        Expected(rule: "suspicion-range", at: "animals.yaml:23:19", record: "badger", field: "suspicionLevel", value: "-0.25",
                 message: "suspicionLevel must be between 0 and 1, got -0.25",
                 fix: "Write a number from 0 (not suspicious) to 1 (certain)."),
        Expected(rule: "type-mismatch", at: "animals.yaml:24:18", record: "badger", field: "sleepSchedule", value: "22:00-06:00",
                 message: "sleepSchedule must be a mapping of fields, got the text \"22:00-06:00\"",
                 fix: "Write sleepSchedule as `key: value` lines."),
        Expected(rule: "invalid-id", at: "animals.yaml:26:7", record: "Bad ID!", field: "id", value: "Bad ID!",
                 message: "id \"Bad ID!\" is not a slug (lowercase letters, digits and hyphens)", fix: "Try \"bad-id\"."),
        Expected(rule: "blank-name", at: "animals.yaml:27:9", record: "Bad ID!", field: "name", value: " ",
                 message: "name is blank", fix: "Write a name."),
        Expected(rule: "type-mismatch", at: "animals.yaml:29:19", record: "Bad ID!", field: "suspicionLevel", value: ".nan",
                 message: "suspicionLevel must be a finite number, got \".nan\"", fix: "Write a number such as 0.5."),
        // A null id is missing where the null is; the record (named by what was written) is left out unread.
        Expected(rule: "missing-field", at: "animals.yaml:30:7", record: "~", field: "id",
                 message: "missing required field \"id\"", fix: "Add `id: …` to this record."),
        Expected(rule: "type-mismatch", at: "animals.yaml:33:7", record: nil, field: "id", value: nil,
                 message: "id must be text, got a list"),
        // 7:05 and 07:05 are one time.
        Expected(rule: "sleep-equals-wake", at: "animals.yaml:39:18", record: "hare", field: "sleepSchedule", value: "07:05",
                 message: "sleep and wake are both 07:05: the schedule never sleeps",
                 fix: "Give different sleep and wake times, or remove sleepSchedule."),
    ]

    static let invalidDateFix = "Write it like 2023-06-05T23:10:00-07:00 (or …Z for UTC)."
    static let bitesFix = "Write how many bites, 1 or more, or leave bites out."

    static let bulletins: [Expected] = [
        Expected(rule: "missing-field", at: "bulletins.yaml:1:3", record: "b1", field: "fruit",
                 message: "missing required field \"fruit\"", fix: "Add `fruit: …` to this record."),
        Expected(rule: "invalid-date", at: "bulletins.yaml:2:14", record: "b1", field: "nibbledAt", value: "2023-13-05T23:10:00Z",
                 message: "nibbledAt must be an ISO 8601 date-time with an offset, got \"2023-13-05T23:10:00Z\"", fix: invalidDateFix),
        Expected(rule: "blank-name", at: "bulletins.yaml:3:13", record: "b1", field: "location", value: " ",
                 message: "location is blank", fix: "Write a location."),
        Expected(rule: "type-mismatch", at: "bulletins.yaml:4:10", record: "b1", field: "bites", value: "0",
                 message: "bites must be a whole number of at least 1, got \"0\"", fix: bitesFix),
        Expected(rule: "invalid-date", at: "bulletins.yaml:8:14", record: "b2", field: "nibbledAt", value: "2023-06-05T23:10:00",
                 message: "nibbledAt must be an ISO 8601 date-time with an offset, got \"2023-06-05T23:10:00\"", fix: invalidDateFix),
        Expected(rule: "type-mismatch", at: "bulletins.yaml:10:10", record: "b2", field: "bites", value: "3",
                 message: "bites must be a whole number, got the text \"3\"", fix: "Write a whole number without quotes, such as 3."),
        Expected(rule: "type-mismatch", at: "bulletins.yaml:11:15", record: "b2", field: "reportedBy", value: nil,
                 message: "reportedBy must be text, got a list"),
        Expected(rule: "unknown-field", at: "bulletins.yaml:16:3", record: "b3", field: "when", value: "when",
                 message: "unknown field \"when\"", fix: "Known fields here: \(bulletinFields)."),
        Expected(rule: "invalid-date", at: "bulletins.yaml:14:14", record: "b3", field: "nibbledAt", value: "2023-06-05",
                 message: "nibbledAt must be an ISO 8601 date-time with an offset, got \"2023-06-05\"", fix: invalidDateFix),
        Expected(rule: "missing-field", at: "bulletins.yaml:12:3", record: "b3", field: "location",
                 message: "missing required field \"location\"", fix: "Add `location: …` to this record."),
        Expected(rule: "type-mismatch", at: "bulletins.yaml:15:10", record: "b3", field: "bites", value: "2.5",
                 message: "bites must be a whole number, got the number 2.5", fix: "Write a whole number without quotes, such as 3."),
        Expected(rule: "missing-field", at: "bulletins.yaml:18:10", record: "b4", field: "fruit",
                 message: "missing required field \"fruit\"", fix: "Add `fruit: …` to this record."),
        Expected(rule: "missing-field", at: "bulletins.yaml:17:3", record: "b4", field: "nibbledAt",
                 message: "missing required field \"nibbledAt\"", fix: "Add `nibbledAt: …` to this record."),
        Expected(rule: "type-mismatch", at: "bulletins.yaml:20:10", record: "b4", field: "bites", value: "-1",
                 message: "bites must be a whole number of at least 1, got \"-1\"", fix: bitesFix),
    ]

    @Test func everyProblemIsReportedInOrderWhereItWasWritten() async throws {
        let loaded = try await Self.load()
        let expected = Self.fruits + Self.animals + Self.bulletins
        let found = loaded.diagnostics
        #expect(found.count == expected.count, "\(found.map { "\($0.ruleID) \($0.location.map(\.description) ?? "")" })")
        for (d, e) in zip(found, expected) {
            #expect(d.ruleID == e.rule, "\(e)")
            #expect(d.location.map { "\($0.path):\($0.line):\($0.column)" } == e.at, "\(e)")
            #expect(d.recordID == e.record, "\(e)")
            #expect(d.field?.key == e.field, "\(e)")
            #expect(d.value == e.value, "\(e)")
            #expect(d.message == e.message, "\(e)")
            #expect(d.fix == e.fix, "\(e)")
            #expect(d.collection == CaseCollection(rawValue: String(e.at.prefix { $0 != "." })), "\(e)")
        }
    }

    @Test func refusedValuesAreKeptOrLeftOutAsTheirTypeSays() async throws {
        let content = try await Self.load().caseContent
        #expect(content.fruits.map(\.id.rawValue) == ["elstar", "pear", "Red Apple", "plum", "quince"])
        #expect(content.fruits.map(\.color) == ["red", "#c8d23a", "rde", "", ""])
        #expect(content.animals.map(\.id.rawValue) == ["fox", "owl", "badger", "Bad ID!", "hare"])
        let fox = try #require(content.animals.first)
        // Kept as written: the emoji, the out-of-range level, the schedule that never sleeps.
        #expect(fox.emoji == "🦊🦊")
        #expect(fox.suspicionLevel == 1.5)
        #expect(fox.alibi == "42")
        #expect(fox.sleepSchedule == SleepSchedule(sleep: ClockTime(hour: 22, minute: 0)!, wake: ClockTime(hour: 22, minute: 0)!))
        // Left out: the paw size that is no choice, the second listing of a fruit.
        #expect(fox.pawSize == .small)
        #expect(fox.favoriteFruits.map(\.rawValue) == ["elstar", "pear"])
        let owl = content.animals[1], badger = content.animals[2]
        #expect(owl.sleepSchedule == nil && owl.favoriteFruits.isEmpty && owl.suspicionLevel == 0)
        #expect(badger.favoriteFruits.map(\.rawValue) == ["pear"])
        #expect(badger.emoji == nil && badger.sleepSchedule == nil)
        #expect(content.bulletins.map(\.id.rawValue) == ["b1", "b2", "b3", "b4"])
        #expect(content.bulletins.map(\.fruit.rawValue) == ["", "pear", "elstar", ""])
        #expect(content.bulletins.allSatisfy { $0.nibbledAt == nil && $0.bites == nil })
        #expect(content.bulletins.map(\.reportedBy?.rawValue) == ["fox", nil, nil, nil])
    }

    @Test func placesAreKeptForTheRulesAfterLoading() async throws {
        let map = try await Self.load().sourceMap
        let fox = try #require(map.animals.first)
        // The kept favourites' places: elstar at column 20, pear at 28 of line 5.
        #expect((0..<2).map { fox.favoriteFruit($0).column } == [20, 28])
        #expect(fox.place(\.suspicionLevel).line == 6)
        let owl = map.animals[1]
        // A level that is not a number has no place: rules about it point at the record.
        #expect(owl.places.suspicionLevel == nil)
        // A null fruit was still written somewhere.
        let b4 = try #require(map.bulletins.last)
        #expect(b4.place(\.fruit).line == 18)
        #expect(b4.places.reportedBy == nil)
    }
}
