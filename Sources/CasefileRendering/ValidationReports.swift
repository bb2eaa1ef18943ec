import Foundation
import CasefileModel
import CasefileValidation

/// The machine-readable reports every build writes beside the validation page:
/// `validation/report.json` and `validation/report.sarif` (SARIF 2.1.0).
public struct ValidationReports: Sendable {
    let validated: ValidatedCase

    public init(_ validated: ValidatedCase) {
        self.validated = validated
    }

    struct JSONReport: Encodable {
        struct Problem: Encodable {
            var rule: String
            var severity: Severity
            var message: String
            var file: String?
            var line: Int?
            var column: Int?
            var collection: CaseCollection?
            var record: String?
            var field: String?
            var value: String?
            var fix: String?
            /// Other places that take part (a duplicate id's first definition).
            var related: [Place]?
        }

        struct Place: Encodable {
            var file: String
            var line: Int
            var column: Int
        }

        var tool = "casefile"
        var version = CasefileVersion.current
        var errors: Int
        var warnings: Int
        var notes: Int
        var rulesRun: [String]
        var files: [String]
        var problems: [Problem]
        /// Present after a publish that found the previous one's report and digest.
        var sinceLastPublish: Changes?
    }

    struct Changes: Encodable {
        struct Records: Encodable { var added, changed, removed: [String] }
        /// Problems of this report (as above) that the last publish did not have.
        var newProblems: [JSONReport.Problem]
        /// Problems of the last publish that are gone.
        var fixedProblems: [PublishHistory.Problem]
        var records: [String: Records]
    }

    /// `validation/report.json`: counts, the rules that ran, the files read, and every problem.
    public func json() -> String { json(since: nil) }

    func json(since: SinceLastPublish?) -> String {
        var report = JSONReport(
            errors: validated.errorCount, warnings: validated.warningCount, notes: validated.noteCount,
            rulesRun: validated.rulesRun.map(\.id), files: validated.files,
            problems: validated.diagnostics.map {
                .init(rule: $0.ruleID, severity: $0.severity, message: $0.message, file: $0.location?.path,
                      line: $0.location?.line, column: $0.location?.column, collection: $0.collection,
                      record: $0.recordID, field: $0.field, value: $0.value, fix: $0.fix,
                      related: $0.related.isEmpty ? nil : $0.related.map { .init(file: $0.path, line: $0.line, column: $0.column) })
            })
        if let since {
            report.sinceLastPublish = Changes(
                newProblems: since.newProblems.map { report.problems[$0] }, fixedProblems: since.fixedProblems,
                records: Dictionary(uniqueKeysWithValues: since.records.map {
                    ($0.collection.rawValue, Changes.Records(added: $0.added, changed: $0.changed, removed: $0.removed))
                }))
        }
        return Self.encode(report)
    }

    struct SARIF: Encodable {
        struct Text: Encodable { var text: String }
        struct Configuration: Encodable { var level: String }
        struct RuleDescriptor: Encodable {
            var id: String
            var shortDescription: Text
            var fullDescription: Text
            var defaultConfiguration: Configuration
        }
        struct Driver: Encodable {
            var name = "casefile"
            var version = CasefileVersion.current
            var rules: [RuleDescriptor]
        }
        struct Tool: Encodable { var driver: Driver }
        struct ArtifactLocation: Encodable { var uri: String }
        struct Region: Encodable {
            var startLine: Int
            var startColumn: Int
        }
        struct PhysicalLocation: Encodable {
            var artifactLocation: ArtifactLocation
            var region: Region
        }
        struct Location: Encodable {
            var id: Int?
            var physicalLocation: PhysicalLocation
            var message: Text?
        }
        struct Result: Encodable {
            var ruleId: String
            var ruleIndex: Int
            var level: String
            var message: Text
            var locations: [Location]
            var relatedLocations: [Location]?
        }
        struct Run: Encodable {
            var tool: Tool
            var results: [Result]
        }

        var schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case schema = "$schema", version, runs
        }
    }

    /// `validation/report.sarif`: SARIF 2.1.0, one run.
    public func sarif() -> String {
        let rules = Rule.all
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let results = validated.diagnostics.map { problem in
            SARIF.Result(
                ruleId: problem.ruleID, ruleIndex: ruleIndex[problem.ruleID] ?? 0, level: problem.severity.rawValue,
                message: .init(text: problem.message + (problem.fix.map { " " + $0 } ?? "")),
                locations: problem.location.map { [Self.location($0)] } ?? [],
                relatedLocations: problem.related.isEmpty ? nil : problem.related.enumerated().map { i, place in
                    Self.location(place, id: i + 1, message: problem.rule == .duplicateID ? "first defined here" : nil)
                })
        }
        let driver = SARIF.Driver(rules: rules.map {
            .init(id: $0.id, shortDescription: .init(text: $0.summary),
                  fullDescription: .init(text: "\($0.summary) Default severity: \($0.defaultSeverity.rawValue)."),
                  defaultConfiguration: .init(level: $0.defaultSeverity.rawValue))
        })
        return Self.encode(SARIF(runs: [.init(tool: .init(driver: driver), results: results)]))
    }

    private static func location(_ place: SourceLocation, id: Int? = nil, message: String? = nil) -> SARIF.Location {
        SARIF.Location(id: id, physicalLocation: .init(artifactLocation: .init(uri: uri(place.path)),
                                                       region: .init(startLine: place.line, startColumn: place.column)),
                       message: message.map { .init(text: $0) })
    }

    /// A relative path as a URI reference: each segment percent-encoded.
    static func uri(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map {
            $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/", ":"])) ?? String($0)
        }.joined(separator: "/")
    }

    static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
