import Foundation
import Testing
@testable import CasefileModel
@testable import CasefileLoading
import CasefileLoadingTestSupport

/// One small case using every field, written by hand as YAML…
private let yamlCase: [String: String] = [
    "site.yaml": """
        title: The small case
        description: "A case for tests: three fruits, three animals, two bulletins."
        baseURL: https://example.org/case/
        timeZone: America/Los_Angeles
        language: en-GB
        pageSize: 25
        inspector:
          minWidth: 180
          idealWidth: 280
          maxWidth: 380
          placement: underToolbar
          presented: false
          compactBelow: 640
        sheet:
          detents: [150, medium, large]
          backgroundInteractionUpThrough: medium
        markdown:
          unsafeHTML: true
        validation:
          rules:
            unused-fruit: off
            emoji: error
        """,
    "fruits.yaml": """
        # The catalog
        - id: elstar
          name: Elstar Apple
          color: red
        - id: pink-pearl
          name: Pink Pearl Apple
          color: "#f9c"
        - id: golden-gem
          name: Golden Gem Apple
          color: "#FFD700"
        """,
    "animals.yaml": """
        - id: fox
          name: Fennec
          species: Fox
          emoji: "🦊"
          pawSize: medium
          favoriteFruits: [elstar, pink-pearl]
          suspicionLevel: 0.75
          alibi: Digging a den behind the "Visitor Center".
          sleepSchedule:
            sleep: "22:30"
            wake: "06:30"
        - id: snail
          name: Soloman
          species: Snail
        - id: owl
          name: Olwen
          species: Barn owl
          pawSize: large
          favoriteFruits:
            - golden-gem
          suspicionLevel: 1
          alibi: Hunting — over the meadow, she says.
          sleepSchedule: {sleep: "07:00", wake: "19:00"}
        """,
    "bulletins.yaml": """
        - id: b-orchard-elstar
          fruit: elstar
          nibbledAt: 2023-06-05T23:10:00-07:00
          location: Apple Park, Orchard 2
          bites: 3
          reportedBy: owl
        - id: b-pond-golden-gem
          fruit: golden-gem
          nibbledAt: "2023-06-06T07:45:30+02:00"
          location: Apple Park, Pond
        """,
]

/// …and the same case exported as JSON (site.yaml too: JSON is YAML).
private let jsonCase: [String: String] = [
    "site.yaml": """
        {
          "title": "The small case",
          "description": "A case for tests: three fruits, three animals, two bulletins.",
          "baseURL": "https://example.org/case/",
          "timeZone": "America/Los_Angeles",
          "language": "en-GB",
          "pageSize": 25,
          "inspector": {"minWidth": 180, "idealWidth": 280, "maxWidth": 380, "placement": "underToolbar",
                        "presented": false, "compactBelow": 640},
          "sheet": {"detents": [150, "medium", "large"], "backgroundInteractionUpThrough": "medium"},
          "markdown": {"unsafeHTML": true},
          "validation": {"rules": {"unused-fruit": "off", "emoji": "error"}}
        }
        """,
    "fruits.json": """
        [
          {"id": "elstar", "name": "Elstar Apple", "color": "red"},
          {"id": "pink-pearl", "name": "Pink Pearl Apple", "color": "#f9c"},
          {"id": "golden-gem", "name": "Golden Gem Apple", "color": "#FFD700"}
        ]
        """,
    "animals.json": """
        [
          {
            "id": "fox", "name": "Fennec", "species": "Fox", "emoji": "🦊", "pawSize": "medium",
            "favoriteFruits": ["elstar", "pink-pearl"], "suspicionLevel": 0.75,
            "alibi": "Digging a den behind the \\"Visitor Center\\".",
            "sleepSchedule": {"sleep": "22:30", "wake": "06:30"}
          },
          {"id": "snail", "name": "Soloman", "species": "Snail"},
          {
            "id": "owl", "name": "Olwen", "species": "Barn owl", "pawSize": "large",
            "favoriteFruits": ["golden-gem"], "suspicionLevel": 1,
            "alibi": "Hunting \\u2014 over the meadow, she says.",
            "sleepSchedule": {"sleep": "07:00", "wake": "19:00"}
          }
        ]
        """,
    "bulletins.json": """
        [
          {"id": "b-orchard-elstar", "fruit": "elstar", "nibbledAt": "2023-06-05T23:10:00-07:00",
           "location": "Apple Park, Orchard 2", "bites": 3, "reportedBy": "owl"},
          {"id": "b-pond-golden-gem", "fruit": "golden-gem", "nibbledAt": "2023-06-06T07:45:30+02:00",
           "location": "Apple Park, Pond"}
        ]
        """,
]

/// What both files must load to, written out by hand from the text above.
private var expectedSite: SiteSettings {
    var site = SiteSettings(title: "The small case")
    site.description = "A case for tests: three fruits, three animals, two bulletins."
    site.baseURL = "https://example.org/case/"
    site.timeZone = "America/Los_Angeles"
    site.language = "en-GB"
    site.pageSize = 25
    site.inspector.minWidth = 180
    site.inspector.idealWidth = 280
    site.inspector.maxWidth = 380
    site.inspector.placement = .underToolbar
    site.inspector.presented = false
    site.inspector.compactBelow = 640
    site.sheet.detents = [.height(150), .medium, .large]
    site.sheet.backgroundInteractionUpThrough = .medium
    site.unsafeHTML = true
    let off: Severity? = nil
    site.ruleSeverities = [.unusedFruit: off, .emoji: .error]
    return site
}

private let expectedFruits = [
    Fruit(id: "elstar", name: "Elstar Apple", color: "red"),
    Fruit(id: "pink-pearl", name: "Pink Pearl Apple", color: "#f9c"),
    Fruit(id: "golden-gem", name: "Golden Gem Apple", color: "#FFD700"),
]

private let expectedAnimals = [
    Animal(id: "fox", name: "Fennec", species: "Fox", emoji: "🦊", pawSize: .medium,
           favoriteFruits: ["elstar", "pink-pearl"], suspicionLevel: 0.75,
           alibi: "Digging a den behind the \"Visitor Center\".",
           sleepSchedule: SleepSchedule(sleep: ClockTime(hour: 22, minute: 30)!, wake: ClockTime(hour: 6, minute: 30)!)),
    Animal(id: "snail", name: "Soloman", species: "Snail"),
    Animal(id: "owl", name: "Olwen", species: "Barn owl", pawSize: .large, favoriteFruits: ["golden-gem"],
           suspicionLevel: 1, alibi: "Hunting — over the meadow, she says.",
           sleepSchedule: SleepSchedule(sleep: ClockTime(hour: 7, minute: 0)!, wake: ClockTime(hour: 19, minute: 0)!)),
]

private let expectedBulletins = [
    // 2023-06-05T23:10:00-07:00 is 2023-06-06T06:10:00Z.
    Bulletin(id: "b-orchard-elstar", fruit: "elstar",
             nibbledAt: Timestamp(secondsSince1970: 1_686_031_800, writtenOffset: -7 * 3600),
             location: "Apple Park, Orchard 2", bites: 3, reportedBy: "owl"),
    // 2023-06-06T07:45:30+02:00 is 05:45:30Z, 24 min 30 s earlier.
    Bulletin(id: "b-pond-golden-gem", fruit: "golden-gem",
             nibbledAt: Timestamp(secondsSince1970: 1_686_031_800 - 1470, writtenOffset: 2 * 3600),
             location: "Apple Park, Pond"),
]

@Suite("Loading YAML and JSON")
struct LoaderFormatTests {
    @Test func yamlAndJSONLoadToTheSameCase() async throws {
        let yaml = try await loadCase(yamlCase, displayPath: "Case")
        let json = try await loadCase(jsonCase, displayPath: "Case")

        #expect(yaml.diagnostics.isEmpty, "\(yaml.diagnostics.map(\.message))")
        #expect(json.diagnostics.isEmpty, "\(json.diagnostics.map(\.message))")

        #expect(yaml.caseContent.site == json.caseContent.site)
        #expect(yaml.caseContent.fruits == json.caseContent.fruits)
        #expect(yaml.caseContent.animals == json.caseContent.animals)
        #expect(yaml.caseContent.bulletins == json.caseContent.bulletins)
        #expect(yaml.caseContent == json.caseContent)
    }

    @Test(arguments: ["yaml", "json"])
    func bothLoadToTheExpectedValues(format: String) async throws {
        let loaded = try await loadCase(format == "yaml" ? yamlCase : jsonCase)
        let c = loaded.caseContent
        #expect(c.site == expectedSite)
        #expect(c.fruits == expectedFruits)
        #expect(c.animals == expectedAnimals)
        #expect(c.bulletins == expectedBulletins)
        #expect(c.notes.values.allSatisfy { $0.isEmpty })

        // The files read, and which collection came from which.
        let ext = format == "yaml" ? "yaml" : "json"
        #expect(loaded.files == ["site.yaml", "fruits.\(ext)", "animals.\(ext)", "bulletins.\(ext)"])
        #expect(loaded.sourceMap.files[.animals] == "animals.\(ext)")
        #expect(loaded.sourceMap.animals.count == 3)
        #expect(loaded.sourceMap.bulletins.count == 2)
    }

    @Test func yamlRecordOriginsPointAtTheRecordAndItsFields() async throws {
        let loaded = try await loadCase(yamlCase)
        let owl = loaded.sourceMap.animals[2]
        // `- id: owl` is line 15 of animals.yaml; the mapping starts at `id`, column 3.
        #expect(owl.location == SourceLocation(path: "animals.yaml", line: 15, column: 3))
        #expect(owl.item == 2)
        // The places later rules report at were kept as the record was read.
        #expect(owl.place(\.id) == SourceLocation(path: "animals.yaml", line: 15, column: 7))
        // `  suspicionLevel: 1` is line 21: the value starts at column 19.
        #expect(owl.place(\.suspicionLevel) == SourceLocation(path: "animals.yaml", line: 21, column: 19))
        // A field that was not written falls back to the record.
        #expect(owl.place(\.reportedBy) == owl.location)
        #expect(owl.favoriteFruit(7) == owl.location)
    }

    @Test func jsonRecordOriginsPointAtTheObjects() async throws {
        let loaded = try await loadCase(jsonCase)
        // `  {"id": "snail", …}` is line 8 of animals.json, the `{` at column 3.
        #expect(loaded.sourceMap.animals[1].location == SourceLocation(path: "animals.json", line: 8, column: 3))
        // Its "id" value `"snail"` starts at column 10.
        #expect(loaded.sourceMap.animals[1].place(\.id) == SourceLocation(path: "animals.json", line: 8, column: 10))
    }

    @Test func aRecordLeftOutKeepsTheOthersPlaces() async throws {
        // The second item has no id and is left out: the third record is the second of the
        // collection but the third of the file, and its fields are found there: the value 0.5
        // follows the 53 characters `- {id: owl, name: Owl, species: Owl, suspicionLevel: `.
        let loaded = try await loadCase(["site.yaml": minimalSite, "animals.yaml": """
            - {id: fox, name: Fox, species: Fox}
            - {name: Nobody, species: Ghost}
            - {id: owl, name: Owl, species: Owl, suspicionLevel: 0.5}
            """])
        #expect(loaded.caseContent.animals.map(\.id) == ["fox", "owl"])
        #expect(loaded.sourceMap.animals[1].item == 2)
        #expect(loaded.sourceMap.animals[1].place(\.suspicionLevel) == SourceLocation(path: "animals.yaml", line: 3, column: 54))
        // The fox's id follows the 7 characters `- {id: `.
        #expect(loaded.sourceMap.animals[0].place(\.id) == SourceLocation(path: "animals.yaml", line: 1, column: 8))
    }

    @Test func jsonWrittenByJSONSerializationLoads() async throws {
        // Minified, keys sorted, "/" escaped as "\/" and ASCII escapes: what exporters write.
        let records: [[String: Any]] = [
            ["id": "fox", "name": "Fennec", "species": "Fox", "emoji": "🦊", "pawSize": "medium",
             "favoriteFruits": ["elstar", "pink-pearl"], "suspicionLevel": 0.75,
             "alibi": "Digging a den behind the \"Visitor Center\".",
             "sleepSchedule": ["sleep": "22:30", "wake": "06:30"]],
            ["id": "snail", "name": "Soloman", "species": "Snail"],
            ["id": "owl", "name": "Olwen", "species": "Barn owl", "pawSize": "large", "favoriteFruits": ["golden-gem"],
             "suspicionLevel": 1, "alibi": "Hunting — over the meadow, she says.",
             "sleepSchedule": ["sleep": "07:00", "wake": "19:00"]],
        ]
        let data = try JSONSerialization.data(withJSONObject: records, options: [.sortedKeys])
        var files = yamlCase
        files["animals.yaml"] = nil
        let folder = try TempCase(files)
        defer { folder.remove() }
        try folder.write("animals.json", data)
        let loaded = try await folder.load()
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
        #expect(loaded.caseContent.animals == expectedAnimals)
    }

    @Test func jsonEscapesAreRead() async throws {
        // Exporters may escape "/" as "\/" and write any character as \uXXXX; all valid JSON.
        let animals = #"""
            [{"id": "fox", "name": "Fennec", "species": "Fox", "emoji": "\u263a",
              "alibi": "Behind the visitor center\/caf\u00e9, \"digging\"\tall night."}]
            """#
        let loaded = try await loadCase(["site.yaml": minimalSite, "animals.json": animals])
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map { "\($0.ruleID): \($0.message)" })")
        let fox = try #require(loaded.caseContent.animals.first)
        #expect(fox.emoji == "☺")
        #expect(fox.alibi == "Behind the visitor center/café, \"digging\"\tall night.")
    }

    @Test func jsonSurrogatePairEscapesAreRead() async throws {
        // ASCII-only exports (Python's json.dumps by default) write a character outside the BMP,
        // such as 🦊 (U+1F98A), as a UTF-16 surrogate pair: "\ud83e\udd8a". That is valid JSON.
        let animals = #"""
            [{"id": "fox", "name": "Fennec", "species": "Fox", "emoji": "\ud83e\udd8a"}]
            """#
        let loaded = try await loadCase(["site.yaml": minimalSite, "animals.json": animals])
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map { "\($0.ruleID) \($0.location?.description ?? ""): \($0.message)" })")
        let fox = try #require(loaded.caseContent.animals.first)
        #expect(fox.emoji == "🦊")
    }

    @Test func jsonIndentedWithTabsLoads() async throws {
        let animals = "[\n\t{\n\t\t\"id\": \"snail\",\n\t\t\"name\": \"Soloman\",\n\t\t\"species\": \"Snail\"\n\t}\n]\n"
        let loaded = try await loadCase(["site.yaml": minimalSite, "animals.json": animals])
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics.map(\.message))")
        #expect(loaded.caseContent.animals == [Animal(id: "snail", name: "Soloman", species: "Snail")])
    }

    @Test func ymlExtensionIsAccepted() async throws {
        var files = yamlCase
        files["animals.yml"] = files.removeValue(forKey: "animals.yaml")
        let loaded = try await loadCase(files)
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.caseContent.animals == expectedAnimals)
        #expect(loaded.sourceMap.files[.animals] == "animals.yml")
    }

    @Test func mixedFormatsLoadTogether() async throws {
        var files = yamlCase
        files["animals.json"] = jsonCase["animals.json"]
        files["animals.yaml"] = nil
        let loaded = try await loadCase(files)
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.caseContent.animals == expectedAnimals)
        #expect(loaded.caseContent.fruits == expectedFruits)
    }

    @Test func missingCollectionFilesAreEmptyCollections() async throws {
        let loaded = try await loadCase(["site.yaml": minimalSite])
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.caseContent.fruits.isEmpty)
        #expect(loaded.caseContent.animals.isEmpty)
        #expect(loaded.caseContent.bulletins.isEmpty)
        #expect(loaded.caseContent.site.title == "Test case")
        #expect(loaded.caseContent.site == SiteSettings(title: "Test case"))
    }

    @Test func twoFilesForOneCollectionIsAnError() async throws {
        var files = yamlCase
        files["animals.json"] = jsonCase["animals.json"]
        await #expect(throws: (any Error).self) {
            _ = try await loadCase(files)
        }
    }

    @Test func aFolderWithoutSiteYamlCannotBeLoaded() async throws {
        await #expect(throws: (any Error).self) {
            _ = try await loadCase(["animals.yaml": "[]"])
        }
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("casefile-no-such-\(UUID().uuidString)")
        await #expect(throws: (any Error).self) {
            _ = try await ContentLoader(directory: missing, displayPath: "Nowhere").load()
        }
    }

    @Test func notesAreLoadedByRecordID() async throws {
        var files = yamlCase
        files["notes/animals/fox.md"] = "# Fox\n\nSaw [the owl](animal:owl).\n"
        files["notes/bulletins/b-orchard-elstar.md"] = "Three bites.\n"
        files["notes/animals/readme.txt"] = "not a note"
        let loaded = try await loadCase(files)
        let fox = try #require(loaded.caseContent.note(for: Animal.ID("fox")))
        #expect(fox.path == "notes/animals/fox.md")
        #expect(fox.source == "# Fox\n\nSaw [the owl](animal:owl).\n")
        #expect(loaded.caseContent.note(for: Bulletin.ID("b-orchard-elstar"))?.source == "Three bites.\n")
        #expect(loaded.caseContent.notes[.animals]?.count == 1)
    }
}
