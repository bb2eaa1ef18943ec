import Foundation
import CasefileModel
import CasefileEditing
import CasefileKit
import Testing

/// The editor's pure parts, without a server or a file: what a form holds (`FormState`), what a
/// submitted form changes (`FormChanges`: only what moved, lists in their own order, times in
/// the case's zone), and which queries name a record (`EditTarget`).
@Suite struct EditorFormTests {
    static let zone = TimeZone(identifier: "America/Los_Angeles")!

    static let fish = Animal(id: "fish", name: "Fabrizio", species: "Fish", emoji: "🐟", pawSize: .small,
                             favoriteFruits: ["strawberry-tree", "big-berry-manzanita", "elstar"], suspicionLevel: 0.3,
                             alibi: "Swimming laps.")
    static let bulletin = Bulletin(id: "b-orchard-elstar", fruit: "elstar",
                                   nibbledAt: Timestamp(iso8601: "2023-06-05T23:10:00-07:00"), location: "Apple Park, Orchard 2",
                                   bites: 3, reportedBy: "rabbit")

    /// The changes of the form `original` submitted with the inputs of `typed` (nil: none sent).
    static func changes(_ schema: RecordSchema, _ original: FormState, _ typed: [String: [String]?] = [:]) -> [FieldChange] {
        var values = original.values
        for (name, value) in typed { values[name] = value }
        return FormChanges.changes(schema, submitted: FormState(values: values), original: original, zone: zone)
    }

    // MARK: FormState

    @Test func aRecordsFormHoldsEachFieldAsItsInputShowsIt() {
        let form = FormState(record: Self.fish, zone: Self.zone)
        #expect(form["id"] == "fish")
        #expect(form["name"] == "Fabrizio")
        #expect(form["suspicionLevel"] == "0.3")
        #expect(form.list("favoriteFruits") == ["strawberry-tree", "big-berry-manzanita", "elstar"], "in the record's order")
        #expect(form["sleepSchedule.sleep"] == "" && form["sleepSchedule.wake"] == "", "a group's members, empty when absent")
        #expect(form.values["sleepSchedule"] == nil, "a group has no input of its own")

        var snail = Self.fish
        snail.sleepSchedule = SleepSchedule(sleep: ClockTime("22:30")!, wake: ClockTime("06:30")!)
        let withSchedule = FormState(record: snail, zone: Self.zone)
        #expect(withSchedule["sleepSchedule.sleep"] == "22:30" && withSchedule["sleepSchedule.wake"] == "06:30")

        let bulletin = FormState(record: Self.bulletin, zone: Self.zone)
        #expect(bulletin["nibbledAt"] == "2023-06-05T23:10", "datetime-local in the case's zone, no seconds when none")
        #expect(bulletin["bites"] == "3")
    }

    @Test func aSubmittedFormKeepsTheSchemasInputsOnlyInTheOrderSent() {
        let pairs: [(name: String, value: String)] = [
            ("_secret", "abc"), ("_version", "0123"), ("name", "Rex"), ("favoriteFruits", "elstar"), ("evil", "x"),
            ("favoriteFruits", "lapins"), ("sleepSchedule.wake", "06:00"), ("sleepSchedule", "nope"), ("_action", "save"),
            ("_colorPicker", "#ff0000"),
        ]
        let form = FormState(submitted: pairs, schema: .animals)
        #expect(form.values == ["name": ["Rex"], "favoriteFruits": ["elstar", "lapins"], "sleepSchedule.wake": ["06:00"],
                                "_colorPicker": ["#ff0000"]])
        #expect(form["missing"] == "" && form.list("missing") == [])
    }

    @Test func aNewRecordsFormHoldsTheDefaults() {
        let form = FormState(defaultsFor: .animals)
        #expect(form["pawSize"] == "small")
        #expect(form["suspicionLevel"] == "0")
        #expect(form["name"] == "" && form.list("favoriteFruits") == [])
    }

    // MARK: FormChanges

    @Test func anUnchangedFormChangesNothing() {
        let original = FormState(record: Self.fish, zone: Self.zone)
        #expect(Self.changes(.animals, original).isEmpty)
        // Boxes come back in the catalogue's order, not the record's: the same set is no change.
        #expect(Self.changes(.animals, original, ["favoriteFruits": ["elstar", "big-berry-manzanita", "strawberry-tree"]])
            .isEmpty)
        let bulletin = FormState(record: Self.bulletin, zone: Self.zone)
        #expect(Self.changes(.bulletins, bulletin).isEmpty)
    }

    @Test func onlyTheFieldTypedOverChanges() {
        let original = FormState(record: Self.fish, zone: Self.zone)
        #expect(Self.changes(.animals, original, ["name": ["Fred"]]) == [FieldChange("name", .text("Fred"))])
        #expect(Self.changes(.animals, original, ["suspicionLevel": ["0.45"]])
            == [FieldChange("suspicionLevel", .number("0.45"))])
        #expect(Self.changes(.animals, original, ["alibi": ["Line one\r\nline two"]])
            == [FieldChange("alibi", .text("Line one\nline two"))], "a textarea's CRLF is written as LF")
    }

    @Test func favouritesKeepTheirOrderAndATickedOneGoesLast() {
        let original = FormState(record: Self.fish, zone: Self.zone)
        // Ticked: lapins, sent among the others in the catalogue's order.
        let ticked = Self.changes(.animals, original, ["favoriteFruits": ["lapins", "elstar", "big-berry-manzanita", "strawberry-tree"]])
        #expect(ticked == [FieldChange("favoriteFruits", .list(["strawberry-tree", "big-berry-manzanita", "elstar", "lapins"]))])
        let unticked = Self.changes(.animals, original, ["favoriteFruits": ["elstar", "strawberry-tree"]])
        #expect(unticked == [FieldChange("favoriteFruits", .list(["strawberry-tree", "elstar"]))])
        let none = Self.changes(.animals, original, ["favoriteFruits": nil])
        #expect(none == [FieldChange("favoriteFruits", nil)], "no box ticked removes the key")
    }

    @Test func anEmptiedOptionalFieldRemovesItsKey() {
        let original = FormState(record: Self.fish, zone: Self.zone)
        #expect(Self.changes(.animals, original, ["alibi": ["  "]]) == [FieldChange("alibi", nil)])
        #expect(Self.changes(.animals, original, ["emoji": [""]]) == [FieldChange("emoji", nil)])
        // A required one is written empty, for validation to refuse at its field.
        #expect(Self.changes(.animals, original, ["name": [""]]) == [FieldChange("name", .text(""))])
        let bulletin = FormState(record: Self.bulletin, zone: Self.zone)
        #expect(Self.changes(.bulletins, bulletin, ["bites": [""]]) == [FieldChange("bites", nil)])
    }

    @Test func aNumberThatDoesNotParseIsWrittenAsText() {
        let original = FormState(record: Self.fish, zone: Self.zone)
        #expect(Self.changes(.animals, original, ["suspicionLevel": ["very"]]) == [FieldChange("suspicionLevel", .text("very"))])
        #expect(Self.changes(.animals, original, ["suspicionLevel": [" 1.5 "]]) == [FieldChange("suspicionLevel", .number("1.5"))])
    }

    @Test func aGroupIsWrittenWhole() {
        let original = FormState(record: Self.fish, zone: Self.zone)
        let set = Self.changes(.animals, original, ["sleepSchedule.sleep": ["22:00"], "sleepSchedule.wake": ["06:00"]])
        #expect(set == [FieldChange("sleepSchedule", .mapping([EditField("sleep", .text("22:00")), EditField("wake", .text("06:00"))]))])
    }

    @Test func aLocalTimeIsWrittenWithTheZonesOffsetThatDay() {
        let bulletin = FormState(record: Self.bulletin, zone: Self.zone)
        #expect(Self.changes(.bulletins, bulletin, ["nibbledAt": ["2023-06-05T23:11"]])
            == [FieldChange("nibbledAt", .text("2023-06-05T23:11:00-07:00"))], "summer: -07:00")
        #expect(Self.changes(.bulletins, bulletin, ["nibbledAt": ["2023-12-05T23:10"]])
            == [FieldChange("nibbledAt", .text("2023-12-05T23:10:00-08:00"))], "winter: -08:00")
        #expect(FormState.instant(fromLocal: "2023-06-05T23:10", zone: Self.zone) == "2023-06-05T23:10:00-07:00")
        #expect(FormState.instant(fromLocal: "2023-06-05 23:10", zone: Self.zone) == nil)
        #expect(FormState.instant(fromLocal: "2023-13-05T23:10", zone: Self.zone) == nil)
        #expect(Self.changes(.bulletins, bulletin, ["nibbledAt": ["yesterday"]]) == [FieldChange("nibbledAt", .text("yesterday"))],
                "not a time: written as typed, for validation to report")
    }

    @Test func theSameInstantWrittenWithAnotherOffsetIsNoChange() throws {
        // The file says it in UTC; the form shows it in the case's zone and sends it back so.
        var utc = Self.bulletin
        utc.nibbledAt = try #require(Timestamp(iso8601: "2023-06-06T06:10:00Z"))
        let original = FormState(record: utc, zone: Self.zone)
        #expect(original["nibbledAt"] == "2023-06-05T23:10")
        #expect(Self.changes(.bulletins, original).isEmpty)
        #expect(Self.changes(.bulletins, original, ["nibbledAt": ["2023-06-05T23:10:00"]]).isEmpty, "with seconds")
    }

    @Test func aNewRecordLeavesEmptyOptionalFieldsOut() {
        var values = FormState(defaultsFor: .animals).values
        values["name"] = ["Rex"]
        values["species"] = ["Dog"]
        values["favoriteFruits"] = ["elstar", "lapins"]
        let fields = FormChanges.newRecord(.animals, submitted: FormState(values: values), zone: Self.zone)
        #expect(fields == [EditField("id", .text("")), EditField("name", .text("Rex")), EditField("species", .text("Dog")),
                           EditField("pawSize", .text("small")), EditField("favoriteFruits", .list(["elstar", "lapins"])),
                           EditField("suspicionLevel", .number("0"))])
    }

    // MARK: EditTarget

    @Test(arguments: [
        ("animals/fish", "animals", "fish"), ("animals", "animals", nil), ("fruits/star-fruit-2", "fruits", "star-fruit-2"),
        ("bulletins/b-orchard-elstar", "bulletins", "b-orchard-elstar"),
    ] as [(String, String, String?)])
    func aQueryNamesARecordOrACollection(query: String, collection: String, id: String?) throws {
        let target = try #require(EditTarget(query: query))
        #expect(target.collection.rawValue == collection)
        #expect(target.id == id)
        #expect(target.query == query)
    }

    @Test(arguments: ["people/x", "animals/Fish", "animals/../x", "animals/a/b", "animals/", "/fish", "", "animals/..",
                      "../animals/fish", "animals/fish\u{0}", "animals/<b>", "Animals/fish"])
    func anythingElseNamesNothing(query: String) {
        #expect(EditTarget(query: query) == nil)
    }
}
