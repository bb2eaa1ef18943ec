import Testing
import CasefileLoadingTestSupport
import CasefileModel
import CasefileSite
import CasefileValidationTestSupport

/// A note's case links written for the page that shows its record: relative to that page's
/// folder, to the page holding the linked record, with its fragment; on the same page, the
/// fragment alone.
@Suite struct PlacedNoteTests {
    /// One record a page: the fox on the home page, the owl on suspects/page-2.html, b1 and b2 on
    /// the bulletins' pages 1 and 2, elstar and pink-pearl on the fruits' pages 1 and 2.
    static func placed() async throws -> PlacedCase {
        let bulletins = """
            - {id: b1, fruit: elstar, nibbledAt: "2023-06-05T10:00:00Z", location: Pond}
            - {id: b2, fruit: pink-pearl, nibbledAt: "2023-06-06T10:00:00Z", location: Barn}

            """
        return PlacedCase(try await validateCase([
            "site.yaml": minimalSite + "pageSize: 1\n", "fruits.yaml": twoFruitsYAML, "animals.yaml": twoAnimalsYAML,
            "bulletins.yaml": bulletins,
            "notes/animals/owl.md": "Ate [a pear](fruit:pink-pearl) near [the fox](animal:fox), [herself](animal:owl) and [b2](bulletin:b2).\n",
            "notes/bulletins/b1.md": "Seen: [the owl](animal:owl).\n",
        ]))
    }

    @Test func linksFromASuspectsSecondPage() async throws {
        let placed = try await Self.placed()
        #expect(placed.diagnostics.isEmpty, "\(placed.diagnostics.map(\.message))")
        let note = try #require(placed.note(.animals, 1))
        #expect(note.contains(#"href="../fruits/page-2.html#pink-pearl""#), "\(note)")
        #expect(note.contains(#"href="../index.html#fox""#), "\(note)")
        #expect(note.contains(##"href="#owl""##), "\(note)")
        #expect(note.contains(#"href="../bulletins/page-2.html#b2""#), "\(note)")
    }

    @Test func linksFromABulletinsFirstPage() async throws {
        let placed = try await Self.placed()
        let note = try #require(placed.note(.bulletins, 0))
        #expect(note.contains(#"href="../suspects/page-2.html#owl""#), "\(note)")
    }

    @Test func aRecordWithoutANoteHasNone() async throws {
        let placed = try await Self.placed()
        #expect(placed.note(.animals, 0) == nil)
        #expect(placed.note(.bulletins, 1) == nil)
        #expect(placed.note(.fruits, 0) == nil)
        #expect(placed.noteSize(.animals, 0) == 0)
        #expect(placed.noteSize(.animals, 1) > 0)
    }
}
