import Foundation
import Testing
import CasefileModel
import CasefileTestSupport

/// The record descriptions (`RecordSchema`) held to the JSON Schemas the repository publishes for
/// editors (`Schemas/<collection>.schema.json`): the same keys, the same required ones, the same
/// choices, ranges and defaults; and each table's columns to the fields they show.
@Suite struct RecordSchemaTests {
    /// The `items` object of a collection's JSON Schema.
    static func jsonSchema(_ collection: CaseCollection) throws -> [String: Any] {
        let url = Repository.root.appendingPathComponent("Schemas/\(collection.rawValue).schema.json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        return try #require(document["items"] as? [String: Any])
    }

    /// The keys of an object schema's `properties`, in the order the file writes them.
    static func propertyOrder(_ collection: CaseCollection) throws -> [String] {
        let url = Repository.root.appendingPathComponent("Schemas/\(collection.rawValue).schema.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        // The record's own properties are indented by six spaces (`items` → `properties` → key).
        return text.split(separator: "\n").compactMap { line in
            line.wholeMatch(of: #/      "([A-Za-z]+)": \{/#).map { String($0.output.1) }
        }
    }

    static let slugPattern = "^[a-z0-9][a-z0-9-]*$"

    @Test(arguments: CaseCollection.allCases)
    func theJSONSchemaHasTheFieldsInOrder(_ collection: CaseCollection) throws {
        let schema = RecordSchema.of(collection)
        #expect(try Self.propertyOrder(collection) == schema.keys.map(\.key))
        let items = try Self.jsonSchema(collection)
        #expect(items["additionalProperties"] as? Bool == false)
        let required = try #require(items["required"] as? [String])
        #expect(Set(required) == Set(schema.fields.filter(\.required).map(\.key)))
    }

    @Test(arguments: CaseCollection.allCases)
    func eachFieldsTypeMatchesItsJSONSchema(_ collection: CaseCollection) throws {
        let properties = try #require(try Self.jsonSchema(collection)["properties"] as? [String: [String: Any]])
        for field in RecordSchema.of(collection).fields {
            let property = try #require(properties[field.key], "\(field.key) is not in the JSON Schema")
            try Self.check(field, property)
        }
    }

    static func check(_ field: FieldSpec, _ property: [String: Any]) throws {
        let key = field.key
        switch field.type {
        case .id, .reference:
            #expect(property["type"] as? String == "string", "\(key)")
            #expect(property["pattern"] as? String == slugPattern, "\(key)")
        case .text:
            #expect(property["type"] as? String == "string", "\(key)")
            #expect((property["pattern"] as? String == "\\S") == field.required, "\(key): a required text is not blank")
        case .longText, .emoji, .color:
            #expect(property["type"] as? String == "string", "\(key)")
        case let .references(collection):
            #expect(property["type"] as? String == "array", "\(key)")
            let items = try #require(property["items"] as? [String: Any])
            #expect(items["pattern"] as? String == slugPattern, "\(key)")
            #expect(collection == .fruits)
        case let .choice(words):
            #expect(property["enum"] as? [String] == words, "\(key)")
        case let .number(range):
            #expect(property["type"] as? String == "number", "\(key)")
            #expect(property["minimum"] as? Double == range.lowerBound, "\(key)")
            #expect(property["maximum"] as? Double == range.upperBound, "\(key)")
        case let .wholeNumber(minimum):
            #expect(property["type"] as? String == "integer", "\(key)")
            #expect(property["minimum"] as? Int == minimum, "\(key)")
        case .dateTime:
            #expect((property["pattern"] as? String)?.hasPrefix("^[0-9]{4}-") == true, "\(key)")
        case .clockTime:
            #expect((property["pattern"] as? String)?.contains(":[0-5][0-9]") == true, "\(key)")
        case let .group(members):
            #expect(property["type"] as? String == "object", "\(key)")
            #expect(property["additionalProperties"] as? Bool == false, "\(key)")
            let nested = try #require(property["properties"] as? [String: [String: Any]])
            #expect(Set(nested.keys) == Set(members.map(\.key)), "\(key)")
            #expect(Set(property["required"] as? [String] ?? []) == Set(members.filter(\.required).map(\.key)), "\(key)")
            for member in members { try check(member, try #require(nested[member.key])) }
        }
        switch property["default"] {
        case let number as NSNumber where !(property["default"] is String):
            #expect(field.defaultValue.flatMap(Double.init) == number.doubleValue, "\(key)'s default")
        case let text as String:
            #expect(field.defaultValue == text, "\(key)'s default")
        default:
            #expect(field.defaultValue == nil, "\(key) has a default the JSON Schema does not say")
        }
    }

    /// Each column that shows a field shows one of its table's record kind, and a numeric column
    /// shows a number (or a count).
    @Test func columnsShowFieldsOfTheirRecords() throws {
        let kinds: [(SiteTable, CaseCollection)] = [(.suspects, .animals), (.bulletins, .bulletins), (.fruits, .fruits)]
        for (table, collection) in kinds {
            let schema = RecordSchema.of(collection)
            #expect(Set(table.columnKeys).count == table.columns.count, "\(table) has two columns of one key")
            for column in table.columns {
                guard let name = column.field else { continue }
                let field = try #require(schema.field(name), "\(table).\(column.key) shows \(name), not a field of \(collection)")
                if column.numeric { #expect(field.type.isNumeric, "\(table).\(column.key) is numeric but \(name) is not") }
            }
        }
        #expect(SiteTable.validation.columns.allSatisfy { $0.field == nil })
    }

    @Test func theColumnKeysAreTheOrdersNames() {
        #expect(SiteTable.suspects.columnKeys == ["suspect", "fruits", "suspicion"])
        #expect(SiteTable.bulletins.columnKeys == ["when", "fruit", "location", "bites", "suspects"])
        #expect(SiteTable.fruits.columnKeys == ["fruit", "fans", "bulletins"])
        #expect(SiteTable.validation.columnKeys == ["severity", "message", "rule", "record", "field", "location"])
    }

    @Test func nestedFieldsAreNamedByTheirPath() {
        #expect(FieldName.sleepSchedule.member(.wake).key == "sleepSchedule.wake")
        #expect(FieldName.scheduleFields == [.sleep, .wake])
        #expect(RecordSchema.animals.field(.wake)?.label == .awakeAt)
        #expect(RecordSchema.fruits.field(.species) == nil)
    }

    /// The rule a refused value of each field breaks, from the README's rule table: a blank
    /// name, species or location is `blank-name`, a paw size that is not small, medium or large
    /// `paw-size`, … `bites` below 1 has no rule of its own (a type mismatch, with a fix); an
    /// alibi and a reference refuse nothing while loading.
    @Test func eachFieldsCheckBreaksTheRuleTheTableNames() {
        let rules: [String: Rule?] = [
            "fruits.id": .invalidID, "fruits.name": .blankName, "fruits.color": .invalidColor,
            "animals.id": .invalidID, "animals.name": .blankName, "animals.species": .blankName, "animals.emoji": .emoji,
            "animals.pawSize": .pawSize, "animals.favoriteFruits": .duplicateFruit, "animals.suspicionLevel": .suspicionRange,
            "animals.alibi": nil, "animals.sleepSchedule": .sleepEqualsWake, "animals.sleep": .invalidTime, "animals.wake": .invalidTime,
            "bulletins.id": .invalidID, "bulletins.fruit": nil, "bulletins.nibbledAt": .invalidDate,
            "bulletins.location": .blankName, "bulletins.bites": nil, "bulletins.reportedBy": nil,
        ]
        var seen: Set<String> = []
        for collection in CaseCollection.allCases {
            for field in RecordSchema.of(collection).fields.flatMap({ [$0] + $0.type.members }) {
                let key = "\(collection.rawValue).\(field.key)"
                seen.insert(key)
                var rule: Rule?
                if case let .rule(named, _, _)? = field.check { rule = named }
                #expect(rules[key] == .some(rule), "\(key)")
            }
        }
        #expect(seen == Set(rules.keys))
        #expect(RecordSchema.bulletins.field(.bites)?.check == .mismatch(fix: "Write how many bites, 1 or more, or leave bites out."))
        #expect(RecordSchema.animals.field(.alibi)?.check == nil)
    }

    @Test func inputsFollowTypes() {
        #expect(RecordSchema.animals.field(.pawSize)?.input == .segmented)
        #expect(RecordSchema.animals.field(.favoriteFruits)?.input == .checkboxes)
        #expect(RecordSchema.animals.field(.alibi)?.input == .textArea)
        #expect(RecordSchema.bulletins.field(.nibbledAt)?.input == .dateTime)
        #expect(RecordSchema.bulletins.field(.reportedBy)?.input == .select)
        #expect(RecordSchema.fruits.field(.color)?.input == .color)
    }
}
