import Foundation
import Testing
import CasefileModel
import CasefileReports

@Suite struct JSONReportTests {
    /// One object with keys sorted, indented by two spaces with ` : ` between key and value, and a
    /// newline at the end; slashes are not escaped; a problem leaves out what it does not have.
    @Test func theReportOfHandMadeProblems() {
        #expect(JSONReport(Examples.findings).render() == """
            {
              "errors" : 1,
              "files" : [
                "data/wild animals.yaml",
                "site.yaml"
              ],
              "notes" : 0,
              "problems" : [
                {
                  "collection" : "animals",
                  "column" : 7,
                  "field" : "id",
                  "file" : "data/wild animals.yaml",
                  "fix" : "Rename one of them.",
                  "line" : 12,
                  "message" : "id \\"crow\\" is used twice",
                  "record" : "crow",
                  "related" : [
                    {
                      "column" : 7,
                      "file" : "data/wild animals.yaml",
                      "line" : 3
                    }
                  ],
                  "rule" : "duplicate-id",
                  "severity" : "error",
                  "value" : "crow"
                },
                {
                  "collection" : "animals",
                  "message" : "Extremely suspicious, with neither an alibi nor a note",
                  "record" : "fox",
                  "rule" : "missing-interview",
                  "severity" : "warning"
                }
              ],
              "rulesRun" : [
                "duplicate-id",
                "missing-interview"
              ],
              "tool" : "casefile",
              "version" : "\(CasefileVersion.current)",
              "warnings" : 1
            }

            """)
    }

    /// After a publish: the new problems as `problems` has them, the fixed ones as the last report
    /// had them, and each collection's records by id.
    @Test func whatChangedSinceTheLastPublish() throws {
        let fixed = ReportedProblem(rule: "unused-fruit", severity: "note", message: "No animal favours it",
                                    collection: "fruits", record: "kiwi")
        let since = SinceLastPublish(newProblems: [0], fixedProblems: [fixed], records: [
            .init(collection: .fruits), .init(collection: .animals, added: ["hare"], changed: ["fox"], removed: ["owl"]),
        ])
        let text = JSONReport(Examples.findings, since: since).render()
        let report = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let changes = try #require(report["sinceLastPublish"] as? [String: Any])
        #expect(Set(changes.keys) == ["newProblems", "fixedProblems", "records"])
        let new = try #require(changes["newProblems"] as? [[String: Any]])
        #expect(new.count == 1)
        #expect(new.first?["rule"] as? String == "duplicate-id")
        #expect(new.first?["line"] as? Int == 12)
        #expect(new.first?["related"] as? [[String: Any]] != nil)
        let gone = try #require(changes["fixedProblems"] as? [[String: String]])
        #expect(gone == [["rule": "unused-fruit", "severity": "note", "message": "No animal favours it",
                          "collection": "fruits", "record": "kiwi"]])
        let records = try #require(changes["records"] as? [String: [String: [String]]])
        #expect(records == ["fruits": ["added": [], "changed": [], "removed": []],
                            "animals": ["added": ["hare"], "changed": ["fox"], "removed": ["owl"]]])
        #expect(JSONReport(Examples.findings).render().contains("sinceLastPublish") == false)
    }

    /// The problems a report lists, read back as the next publish reads them.
    @Test func problemsAreReadBackFromAReport() {
        let problems = ReportedProblem.problems(ofReport: JSONReport(Examples.findings).render())
        #expect(problems == [
            ReportedProblem(rule: "duplicate-id", severity: "error", message: "id \"crow\" is used twice",
                            collection: "animals", record: "crow", field: "id"),
            ReportedProblem(rule: "missing-interview", severity: "warning",
                            message: "Extremely suspicious, with neither an alibi nor a note", collection: "animals", record: "fox"),
        ])
        #expect(ReportedProblem.problems(ofReport: "{\"runs\": []}") == nil)
        #expect(ReportedProblem.problems(ofReport: "not JSON") == nil)
    }
}
