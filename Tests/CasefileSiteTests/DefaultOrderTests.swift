import Foundation
import Testing
import CasefileModel
import CasefileSite
import CasefileValidation
import CasefileLoadingTestSupport
import CasefileValidationTestSupport

/// site.yaml's `defaultOrder`: how it is read, where a wrong one is reported, and that a table in
/// a default order puts each record on the page that lists it — for the pages and for every link
/// to the record (a note's case link included).
@Suite struct DefaultOrderTests {
    /// Five bulletins about the two fruits, in a file order that no column follows.
    static let bulletins = """
        - {id: b1, fruit: elstar, nibbledAt: "2023-06-03T10:00:00Z", location: Pond, bites: 2}
        - {id: b2, fruit: pink-pearl, nibbledAt: "2023-06-05T10:00:00Z", location: Barn, bites: 9}
        - {id: b3, fruit: elstar, nibbledAt: "2023-06-01T10:00:00Z", location: Attic, bites: 4}
        - {id: b4, fruit: elstar, nibbledAt: "2023-06-04T10:00:00Z", location: Meadow, bites: 1}
        - {id: b5, fruit: pink-pearl, nibbledAt: "2023-06-02T10:00:00Z", location: Cellar, bites: 7}

        """

    static func files(site: String, note: String? = nil) -> [String: String] {
        var files = ["site.yaml": minimalSite + site, "fruits.yaml": twoFruitsYAML, "animals.yaml": twoAnimalsYAML,
                     "bulletins.yaml": bulletins]
        if let note { files["notes/animals/fox.md"] = note }
        return files
    }

    @Test func eachTableTakesAColumnAndADirection() async throws {
        let v = PlacedCase(try await validateCase(Self.files(site: """
            defaultOrder:
              suspects: suspicion descending
              bulletins: when desc
              fruits: fans
              validation: location ascending

            """)))
        #expect(v.diagnostics.isEmpty, "\(v.diagnostics)")
        let order = v.caseContent.site.defaultOrder
        #expect(order[.suspects] == TableOrder(column: 2, descending: true))
        #expect(order[.bulletins] == TableOrder(column: 0, descending: true))
        #expect(order[.fruits] == TableOrder(column: 1, descending: false))
        #expect(order[.validation] == TableOrder(column: 5, descending: false))
    }

    @Test func aColumnTheTableLacksIsReportedWhereItIsWritten() async throws {
        let v = PlacedCase(try await validateCase(Self.files(site: """
            defaultOrder:
              bulletins: whne descending
              fruits: fans sideways
              animals: name

            """)))
        let mismatches = v.diagnostics.with(rule: "type-mismatch")
        let when = try #require(mismatches.first { $0.field?.key == "defaultOrder.bulletins" })
        // `  bulletins: ` is 13 characters: the value starts at column 14 of line 3.
        #expect(when.location == place("site.yaml", 3, 14))
        #expect(when.message.contains("when, fruit, location, bites, suspects"))
        #expect(when.fix?.contains(#"Did you mean "when"?"#) == true)
        let fans = try #require(mismatches.first { $0.field?.key == "defaultOrder.fruits" })
        // `  fruits: ` is 10 characters: column 11 of line 4.
        #expect(fans.location == place("site.yaml", 4, 11))
        #expect(fans.message.contains(#"got "fans sideways""#))
        // A table that does not exist is an unknown key, with the nearest table named.
        let unknown = try only("unknown-field", in: v.validated)
        #expect(unknown.location == place("site.yaml", 5, 3))
        // Nothing wrong is applied: the tables keep their file order.
        #expect(v.caseContent.site.defaultOrder.isEmpty)
        #expect(v.pagePlan.records(.bulletins, page: 1) == [0, 1, 2, 3, 4])
    }

    @Test func pagesListTheRecordsInTheOrderAndLinksFindThem() async throws {
        let v = PlacedCase(try await validateCase(Self.files(site: """
            pageSize: 2
            defaultOrder:
              bulletins: when descending

            """, note: "Seen near [the attic](bulletin:b3) and [the barn](bulletin:b2).\n")))
        #expect(v.diagnostics.isEmpty, "\(v.diagnostics)")
        let plan = v.pagePlan
        // Newest first, by the times in the file: b2 (5 June), b4, b1, b5, b3 (1 June).
        let ids = { (records: [Int]) in records.map { v.caseContent.bulletins[$0].id } }
        #expect(ids(plan.records(.bulletins, page: 1)) == ["b2", "b4"])
        #expect(ids(plan.records(.bulletins, page: 2)) == ["b1", "b5"])
        #expect(ids(plan.records(.bulletins, page: 3)) == ["b3"])
        for record in 0..<5 {
            let page = plan.page(.bulletins, ofRecordAt: record)
            #expect(plan.records(.bulletins, page: page).contains(record))
        }
        // The suspects table keeps its file order.
        #expect(plan.records(.suspects, page: 1) == [0, 1])
        // The note links b3 on page 3 and b2 on page 1, from the fox's row on the home page.
        let note = try #require(v.note(.animals, 0))
        #expect(note.contains(#"href="bulletins/page-3.html#b3""#), "\(note)")
        #expect(note.contains(#"href="bulletins/index.html#b2""#), "\(note)")
    }

    @Test func descendingIsAscendingTurnedRoundTiesToo() async throws {
        // The two animals have no suspicion level: a tie, which ascending keeps in file order.
        let v = PlacedCase(try await validateCase(Self.files(site: """
            defaultOrder:
              suspects: suspicion descending

            """)))
        #expect(v.pagePlan.records(.suspects, page: 1) == [1, 0])
        let sort = TableSort(.suspects, v.caseContent, v.index)
        #expect(sort.ascending(2) == [0, 1])
    }
}
