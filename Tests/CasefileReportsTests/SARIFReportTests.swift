import Foundation
import Testing
import CasefileModel
import CasefileReports

@Suite struct SARIFReportTests {
    /// A SARIF 2.1.0 log of one run: the tool with every rule described, a result per problem.
    @Test func oneRunWithEveryRuleAndAResultPerProblem() throws {
        let log = try Self.parse(SARIFReport(Examples.findings).render())
        #expect(log["$schema"] as? String == "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")
        #expect(log["version"] as? String == "2.1.0")
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "casefile")
        #expect(driver["version"] as? String == CasefileVersion.current)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == Rule.caseRules.map(\.id))
        let duplicate = try #require(rules.first { $0["id"] as? String == "duplicate-id" })
        #expect((duplicate["shortDescription"] as? [String: String])?["text"] == "An id used twice in one collection (both places are shown).")
        #expect((duplicate["fullDescription"] as? [String: String])?["text"]
            == "An id used twice in one collection (both places are shown). Default severity: error.")
        #expect((duplicate["defaultConfiguration"] as? [String: String])?["level"] == "error")
        #expect((runs[0]["results"] as? [Any])?.count == 2)
    }

    /// A result: its rule by id and by index among the run's rules, the severity as its level, the
    /// fix after the message, its place as a percent-encoded URI with line and column, and a
    /// duplicate's first definition as a related place.
    @Test func aResultWithItsPlaces() throws {
        let results = try Self.results(SARIFReport(Examples.findings).render())
        let first = results[0]
        #expect(first["ruleId"] as? String == "duplicate-id")
        #expect(first["ruleIndex"] as? Int == Rule.caseRules.firstIndex(of: .duplicateID))
        #expect(first["level"] as? String == "error")
        #expect((first["message"] as? [String: String])?["text"] == "id \"crow\" is used twice Rename one of them.")
        let locations = try #require(first["locations"] as? [[String: Any]])
        #expect(locations.count == 1)
        #expect(locations[0]["id"] == nil)
        #expect(locations[0]["message"] == nil)
        let place = try #require(locations[0]["physicalLocation"] as? [String: Any])
        #expect((place["artifactLocation"] as? [String: String])?["uri"] == "data/wild%20animals.yaml")
        #expect((place["region"] as? [String: Int]) == ["startLine": 12, "startColumn": 7])
        let related = try #require(first["relatedLocations"] as? [[String: Any]])
        #expect(related.count == 1)
        #expect(related[0]["id"] as? Int == 1)
        #expect((related[0]["message"] as? [String: String])?["text"] == "first defined here")
        let relatedPlace = try #require(related[0]["physicalLocation"] as? [String: Any])
        #expect((relatedPlace["region"] as? [String: Int]) == ["startLine": 3, "startColumn": 7])
    }

    /// A problem with no place has no locations (an empty list), and no related ones.
    @Test func aResultWithoutAPlace() throws {
        let second = try Self.results(SARIFReport(Examples.findings).render())[1]
        #expect(second["ruleId"] as? String == "missing-interview")
        #expect(second["level"] as? String == "warning")
        #expect((second["locations"] as? [Any])?.isEmpty == true)
        #expect(second["relatedLocations"] == nil)
    }

    private static func parse(_ text: String) throws -> [String: Any] {
        #expect(text.hasSuffix("}\n"))
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private static func results(_ text: String) throws -> [[String: Any]] {
        let runs = try #require(try parse(text)["runs"] as? [[String: Any]])
        return try #require(runs.first?["results"] as? [[String: Any]])
    }
}
