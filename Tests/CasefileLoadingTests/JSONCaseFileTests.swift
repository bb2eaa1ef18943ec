import Foundation
import Testing
@testable import CasefileModel
@testable import CasefileLoading
import CasefileLoadingTestSupport
import CasefileTestSupport

/// JSON files in a case: strict JSON, with the places of their problems as written.
@Suite("JSON files in a case")
struct JSONCaseFileTests {
    @Test func aBareWordIsASyntaxErrorNotYAML() async throws {
        let json = #"[{"id": "b1", "fruit": "elstar", "nibbledAt": "2023-06-05T23:10:00-07:00", "location": "Pond", "bites": two}]"#
        let loaded = try await loadCase(["site.yaml": minimalSite, "fruits.yaml": twoFruitsYAML, "bulletins.json": json])
        let d = try onlyOne("syntax", in: loaded.diagnostics)
        let p = try #require(place(of: "two", in: json))
        #expect(d.location == CasefileModel.SourceLocation(path: "bulletins.json", line: p.line, column: p.column))
        #expect(d.message.hasPrefix("unexpected word two"))
        #expect(d.fix == "Fix the syntax at this place; the rest of the file was not read.")
        #expect(loaded.caseContent.bulletins.isEmpty)
        #expect(loaded.unreadCollections == [.bulletins])
    }

    @Test func aDuplicateKeyIsASyntaxErrorAtItsFirstOccurrence() async throws {
        let json = "[\n  {\"id\": \"fox\", \"name\": \"Fox\", \"species\": \"Fox\", \"name\": \"Vixen\"}\n]\n"
        let loaded = try await loadCase(["site.yaml": minimalSite, "animals.json": json])
        let d = try onlyOne("syntax", in: loaded.diagnostics)
        #expect(d.message == "duplicate key \"name\"")
        #expect(d.location == CasefileModel.SourceLocation(path: "animals.json", line: 2, column: 17))
    }

    @Test func aFileWithAByteOrderMarkAndCRLFLoads() async throws {
        let json = "\u{FEFF}[\r\n  {\"id\": \"fox\", \"name\": \"Fox\", \"species\": \"Fox\", \"suspicionLevel\": 7}\r\n]\r\n"
        let loaded = try await loadCase(["site.yaml": minimalSite, "animals.json": json])
        #expect(loaded.caseContent.animals.map(\.id) == ["fox"])
        #expect(loaded.sourceMap.animals.first?.location == CasefileModel.SourceLocation(path: "animals.json", line: 2, column: 3))
    }
}
