import Foundation
import Testing
@testable import CasefileKit
@testable import CasefileModel
@testable import CasefileLoading
import CasefileReports

@Suite("Syntax errors")
struct SyntaxDiagnosticTests {
    @Test func yamlBadIndentation() async throws {
        let loaded = try await loadOverFruits(["animals.yaml": """
            - id: fox
              name: Fox
               species: Fox
            """])
        // Line 3 is indented one column deeper than `name:`, so "Fox species" reads as one
        // multi-line plain scalar, and the `:` after it (column 11) cannot start a value.
        let d = try only("syntax", in: loaded)
        #expect(d.severity == .error)
        #expect(d.location == place("animals.yaml", 3, 11))
        #expect(d.message.contains("mapping values are not allowed"))
        #expect(loaded.caseContent.animals.isEmpty)
        // The other files still load.
        #expect(loaded.caseContent.fruits.count == 2)
    }

    @Test func yamlUnclosedFlowSequence() async throws {
        let loaded = try await loadOverFruits(["animals.yaml": """
            - id: fox
              name: Fox
              species: Fox
              favoriteFruits: [elstar, pink-pearl
            - id: owl
              name: Owl
              species: Owl
            """])
        let d = try only("syntax", in: loaded)
        #expect(d.severity == .error)
        #expect(d.location?.path == "animals.yaml")
        // The `[` opened on line 4 is never closed, so the plain scalar `pink-pearl` runs on
        // into line 5 (`pink-pearl - id`); the `:` after it, line 5 column 5, is where libyaml
        // wanted a `,` or `]`.
        #expect(d.location == place("animals.yaml", 5, 5))
        #expect(d.message.contains("did not find expected ',' or ']'"))
        #expect(d.message.contains("flow sequence"))
        #expect(loaded.caseContent.animals.isEmpty)
    }

    @Test func yamlUnclosedFlowSequenceAtTheEnd() async throws {
        let loaded = try await loadOverFruits(["animals.yaml": "- id: fox\n  name: Fox\n  species: Fox\n  favoriteFruits: [elstar, pink-pearl\n"])
        let d = try only("syntax", in: loaded)
        #expect(d.location?.path == "animals.yaml")
        // The file ends inside the list: the end of the stream is line 5, column 1.
        #expect(d.location == place("animals.yaml", 5, 1))
        #expect(d.message.contains("did not find expected ',' or ']'"))
    }

    @Test func jsonMissingCommaBetweenObjects() async throws {
        let loaded = try await loadOverFruits(["animals.json": """
            [
              {"id": "fox", "name": "Fox", "species": "Fox"}
              {"id": "owl", "name": "Owl", "species": "Owl"}
            ]
            """])
        let d = try only("syntax", in: loaded)
        #expect(d.severity == .error)
        // The second object's `{` on line 3, column 3 is where a `,` or `]` was expected.
        #expect(d.location == place("animals.json", 3, 3))
        #expect(d.message == "expected ',' or ']' after an array element, found '{'")
        #expect(loaded.caseContent.animals.isEmpty)
    }

    @Test func jsonTrailingGarbageAndTruncation() async throws {
        let truncated = try await loadOverFruits(["animals.json": "[\n  {\"id\": \"fox\", \"name\": \"Fox\",\n"])
        let d = try only("syntax", in: truncated)
        #expect(d.location?.path == "animals.json")
        #expect(d.location?.line == 3)
        #expect(d.message == "expected a key in double quotes after ',', found the end of the file")

        let unterminated = try await loadOverFruits(["animals.json": "[\n  {\"id\": \"fox\", \"name\": \"Fox}\n]\n"])
        let u = try only("syntax", in: unterminated)
        // The string opened at `"Fox}` (line 2, column 25) runs into the end of its line.
        #expect(u.location == place("animals.json", 2, 25))
        #expect(u.message == "unterminated string: the line ends before its closing '\"'")
    }

    @Test func duplicateKeyIsASyntaxError() async throws {
        let loaded = try await loadOverFruits(["animals.yaml": """
            - id: fox
              name: Fox
              species: Fox
              name: Vixen
            """])
        let d = try only("syntax", in: loaded)
        #expect(d.message.contains("\"name\""))
        #expect(d.location?.path == "animals.yaml")
    }

    @Test func syntaxErrorInSiteYaml() async throws {
        let loaded = try await loadCase(["site.yaml": "title: [Unclosed\n"], displayPath: "Cases/small")
        let d = try only("syntax", in: loaded)
        #expect(d.location?.path == "site.yaml")
        #expect(d.location?.line == 2)
        // The default title stands in.
        #expect(!loaded.caseContent.site.title.isEmpty)
    }

    /// Diagnostics name files below the case folder, however the user named it (an absolute
    /// path of their machine included): that is what reports and pages publish. The terminal
    /// shows them below the folder as typed.
    @Test func pathsAreRelativeToTheCaseFolderWhateverItWasCalled() async throws {
        let absolute = FileManager.default.temporaryDirectory.appendingPathComponent("home/someone/case").path
        for (display, shown) in [("Content", "Content/animals.yaml"), ("some/where/Case", "some/where/Case/animals.yaml"),
                                 (".", "animals.yaml"), (absolute, absolute + "/animals.yaml")] {
            let loaded = try await loadCase(["site.yaml": minimalSite, "animals.yaml": "- id: [\n"], displayPath: display)
            #expect(loaded.diagnostics.map { $0.location?.path } == ["animals.yaml"])
            #expect(loaded.files == ["site.yaml", "animals.yaml"])
            let line = TextReport(colour: false, folder: display).line(try #require(loaded.diagnostics.first))
            #expect(line.hasPrefix(shown + ":2:1: error:"), "\(line)")
        }
    }
}
