import Testing
import CasefileEditing
import CasefileModel

/// Every field type, in YAML (the sample case) and JSON (the generator's style): a change
/// alters exactly the bytes of that value.
@Suite struct FieldTypeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var collection: CaseCollection
        var item: Int
        var key: String
        var value: EditValue
        /// The bytes around the old value and what they become.
        var old: String
        var new: String
        var testDescription: String { "\(file) \(key)" }
    }

    static let yaml: [Case] = [
        Case(file: "animals.yaml", collection: .animals, item: 0, key: "name", value: .text("Fabian"), old: "name: Fabrizio\n", new: "name: Fabian\n"),
        Case(file: "animals.yaml", collection: .animals, item: 0, key: "id", value: .text("fish-2"), old: "- id: fish\n", new: "- id: fish-2\n"),
        Case(file: "animals.yaml", collection: .animals, item: 0, key: "species", value: .text("Trout"), old: "species: Fish\n", new: "species: Trout\n"),
        Case(file: "animals.yaml", collection: .animals, item: 0, key: "emoji", value: .text("🦈"), old: "emoji: \"🐟\"", new: "emoji: \"🦈\""),
        Case(file: "animals.yaml", collection: .animals, item: 0, key: "pawSize", value: .text("large"), old: "Fish\n  emoji: \"🐟\"\n  pawSize: small", new: "Fish\n  emoji: \"🐟\"\n  pawSize: large"),
        Case(file: "animals.yaml", collection: .animals, item: 0, key: "favoriteFruits", value: .list(["elstar", "lapins", "mariposa"]),
             old: "[strawberry-tree, big-berry-manzanita, elstar]", new: "[elstar, lapins, mariposa]"),
        Case(file: "animals.yaml", collection: .animals, item: 0, key: "suspicionLevel", value: .number("0.45"), old: "suspicionLevel: 0.3\n", new: "suspicionLevel: 0.45\n"),
        Case(file: "animals.yaml", collection: .animals, item: 0, key: "alibi", value: .text("Said \"no\" \\ left"),
             old: "\"Swimming laps in the Apple Park pond. Has no paws, strictly speaking.\"", new: "\"Said \\\"no\\\" \\\\ left\""),
        Case(file: "animals.yaml", collection: .animals, item: 1, key: "sleepSchedule",
             value: .mapping([EditField("sleep", .text("23:15")), EditField("wake", .text("06:30"))]),
             old: "far too slow to get anywhere before sunrise.\"\n  sleepSchedule:\n    sleep: \"22:30\"",
             new: "far too slow to get anywhere before sunrise.\"\n  sleepSchedule:\n    sleep: \"23:15\""),
        Case(file: "bulletins.yaml", collection: .bulletins, item: 0, key: "fruit", value: .text("lapins"), old: "fruit: elstar\n  nibbledAt: \"2023-06-05", new: "fruit: lapins\n  nibbledAt: \"2023-06-05"),
        Case(file: "bulletins.yaml", collection: .bulletins, item: 0, key: "nibbledAt", value: .text("2024-01-02T03:04:05Z"),
             old: "\"2023-06-05T23:10:00-07:00\"", new: "\"2024-01-02T03:04:05Z\""),
        Case(file: "bulletins.yaml", collection: .bulletins, item: 0, key: "location", value: .text("Orchard 3"), old: "location: Apple Park, Orchard 2\n", new: "location: Orchard 3\n"),
        Case(file: "bulletins.yaml", collection: .bulletins, item: 0, key: "bites", value: .number("4"), old: "bites: 3\n  reportedBy: rabbit", new: "bites: 4\n  reportedBy: rabbit"),
        Case(file: "bulletins.yaml", collection: .bulletins, item: 0, key: "reportedBy", value: .text("cat"), old: "bites: 3\n  reportedBy: rabbit", new: "bites: 3\n  reportedBy: cat"),
        Case(file: "fruits.yaml", collection: .fruits, item: 0, key: "color", value: .text("#ff0000"), old: "Golden Gem Apple\n  color: yellow", new: "Golden Gem Apple\n  color: \"#ff0000\""),
        Case(file: "fruits.yaml", collection: .fruits, item: 0, key: "name", value: .text("Gem"), old: "name: Golden Gem Apple", new: "name: Gem"),
    ]

    @Test(arguments: yaml)
    func yamlValue(_ c: Case) throws {
        let old = try Fixture.sample(c.file)
        let new = try Fixture.editor(old, c.collection).set([(c.key, c.value)], item: c.item)
        #expect(String(decoding: new, as: UTF8.self) == Fixture.replacing(old, c.old, c.new))
        Fixture.changedOnlyWithin(Array(old.utf8), new, around: c.old)
    }

    static let animalsJSON = """
    [
     {
      "id": "hedgehog-0",
      "name": "Basil",
      "species": "Hedgehog",
      "emoji": "🦔",
      "pawSize": "small",
      "favoriteFruits": [
       "elstar",
       "lapins"
      ],
      "suspicionLevel": 0.86,
      "alibi": "By the pond.",
      "sleepSchedule": {
       "sleep": "22:30",
       "wake": "07:00"
      }
     },
     {
      "id": "crow-1",
      "name": "Catie",
      "species": "Crow",
      "pawSize": "small",
      "suspicionLevel": 0.5
     }
    ]

    """
    static let bulletinsJSON = """
    [
     {
      "id": "bulletin-0",
      "fruit": "elstar",
      "nibbledAt": "2023-06-01T13:50:00-07:00",
      "location": "Apple Park, the ring road",
      "bites": 7,
      "reportedBy": "crow-1"
     }
    ]

    """
    static let fruitsJSON = "[\n {\n  \"id\": \"elstar\",\n  \"name\": \"Elstar Apple\",\n  \"color\": \"gold\"\n }\n]\n"

    static let json: [Case] = [
        Case(file: animalsJSON, collection: .animals, item: 0, key: "name", value: .text("Bäsil \"B\""), old: "\"Basil\"", new: "\"Bäsil \\\"B\\\"\""),
        Case(file: animalsJSON, collection: .animals, item: 0, key: "id", value: .text("hog"), old: "\"hedgehog-0\"", new: "\"hog\""),
        Case(file: animalsJSON, collection: .animals, item: 0, key: "species", value: .text("Hog"), old: "\"Hedgehog\"", new: "\"Hog\""),
        Case(file: animalsJSON, collection: .animals, item: 0, key: "emoji", value: .text("🐦‍⬛"), old: "\"🦔\"", new: "\"🐦‍⬛\""),
        Case(file: animalsJSON, collection: .animals, item: 1, key: "pawSize", value: .text("large"), old: "\"pawSize\": \"small\",\n  \"suspicionLevel\": 0.5", new: "\"pawSize\": \"large\",\n  \"suspicionLevel\": 0.5"),
        Case(file: animalsJSON, collection: .animals, item: 0, key: "favoriteFruits", value: .list(["elstar", "mariposa"]), old: "\"lapins\"", new: "\"mariposa\""),
        Case(file: animalsJSON, collection: .animals, item: 0, key: "suspicionLevel", value: .number("0.3"), old: "0.86", new: "0.3"),
        Case(file: animalsJSON, collection: .animals, item: 0, key: "alibi", value: .text("a\\b\n\tc"), old: "\"By the pond.\"", new: "\"a\\\\b\\n\\tc\""),
        Case(file: animalsJSON, collection: .animals, item: 0, key: "sleepSchedule",
             value: .mapping([EditField("sleep", .text("22:30")), EditField("wake", .text("08:15"))]), old: "\"07:00\"", new: "\"08:15\""),
        Case(file: bulletinsJSON, collection: .bulletins, item: 0, key: "fruit", value: .text("lapins"), old: "\"fruit\": \"elstar\"", new: "\"fruit\": \"lapins\""),
        Case(file: bulletinsJSON, collection: .bulletins, item: 0, key: "nibbledAt", value: .text("2024-02-03T04:05:06Z"), old: "\"2023-06-01T13:50:00-07:00\"", new: "\"2024-02-03T04:05:06Z\""),
        Case(file: bulletinsJSON, collection: .bulletins, item: 0, key: "location", value: .text("Pond"), old: "\"Apple Park, the ring road\"", new: "\"Pond\""),
        Case(file: bulletinsJSON, collection: .bulletins, item: 0, key: "bites", value: .number("2"), old: "\"bites\": 7", new: "\"bites\": 2"),
        Case(file: bulletinsJSON, collection: .bulletins, item: 0, key: "reportedBy", value: .text("hedgehog-0"), old: "\"crow-1\"", new: "\"hedgehog-0\""),
        Case(file: fruitsJSON, collection: .fruits, item: 0, key: "color", value: .text("#6b0f1a"), old: "\"gold\"", new: "\"#6b0f1a\""),
        Case(file: fruitsJSON, collection: .fruits, item: 0, key: "name", value: .text("Elstar"), old: "\"Elstar Apple\"", new: "\"Elstar\""),
    ]

    @Test(arguments: json)
    func jsonValue(_ c: Case) throws {
        let old = c.file
        let new = try Fixture.editor(old, c.collection, json: true).set([(c.key, c.value)], item: c.item)
        #expect(String(decoding: new, as: UTF8.self) == Fixture.replacing(old, c.old, c.new))
        Fixture.changedOnlyWithin(Array(old.utf8), new, around: c.old)
    }
}
