import Foundation
import Testing
@testable import CasefileModel
@testable import CasefileLoading
import CasefileTestSupport
import CasefileLoadingTestSupport
import CasefileValidationTestSupport

/// A one-line JSON export with escaped emoji (Python's `json.dump` by default): the places of its
/// problems, found while reading and found again later, are where the author's text has them.
@Suite struct EscapedEmojiPlaceTests {
    static let animals = #"[{"id": "fox", "name": "Fox", "species": "Fox", "emoji": "\ud83e\udd8a", "favoriteFruits": ["elstar"]}, "#
        + #"{"id": "owl", "name": "Owl", "species": "Owl", "emoji": "\ud83e\udd89", "suspicionLevel": 1.4, "#
        + #""favoriteFruits": ["pink-pearl", "durian"]}, {"id": "fox", "name": "Fox again", "species": "Fox"}]"#

    @Test func columnsAfterEscapedEmojiAreAsWritten() async throws {
        let folder = try TempCase(["site.yaml": minimalSite, "fruits.yaml": twoFruitsYAML, "animals.json": Self.animals])
        defer { folder.remove() }
        let validated = try await folder.validate()
        let text = try String(contentsOf: folder.url.appendingPathComponent("animals.json"), encoding: .utf8)
        func at(_ needle: String, _ occurrence: Int = 1) throws -> CasefileModel.SourceLocation {
            let p = try #require(place(of: needle, in: text, occurrence: occurrence))
            return CasefileModel.SourceLocation(path: "animals.json", line: p.line, column: p.column)
        }
        let level = try at("1.4"), durian = try at("\"durian\""), secondFox = try at("\"fox\"", 2)
        let firstFox = try at("\"fox\""), owl = try at("{\"id\": \"owl\"")
        // Found while reading: after two escaped emoji.
        let range = try onlyOne("suspicion-range", in: validated.diagnostics)
        #expect(range.location == level)
        // Found again later (the slow path): after two, and after two with a duplicate id.
        let unknown = try onlyOne("unknown-fruit", in: validated.diagnostics)
        #expect(unknown.location == durian)
        let duplicate = try onlyOne("duplicate-id", in: validated.diagnostics)
        #expect(duplicate.location == secondFox)
        #expect(duplicate.related == [firstFox])
        // Records start where their `{` is.
        #expect(validated.sourceMap.animals[1].location == owl)
    }

    @Test func aSyntaxErrorAfterAnEscapedEmojiIsWhereItWasWritten() async throws {
        let json = #"[{"id": "fox", "emoji": "\ud83e\udd8a", "name": "Fox" "species": "Fox"}]"#
        let folder = try TempCase(["site.yaml": minimalSite, "animals.json": json])
        defer { folder.remove() }
        let loaded = try await folder.load()
        let d = try onlyOne("syntax", in: loaded.diagnostics)
        // The `"` of "species" is where a `,` or `}` was wanted.
        let p = try #require(place(of: "\"species\"", in: json))
        #expect(d.location == CasefileModel.SourceLocation(path: "animals.json", line: p.line, column: p.column))
        #expect(d.message == "expected ',' or '}' after an object member, found '\"'")
    }
}
