import Foundation
import CasefileModel
import CasefileValidation

/// The SARIF report (SARIF 2.1.0, one run), written by every build as `validation/report.sarif`
/// and by `validate --format sarif`, for code-scanning tools: every rule that checks a case's
/// content, described (the template rules' problems are printed, never reported here), and a
/// result per problem with its place and the places that take part.
public struct SARIFReport: Sendable {
    public let findings: ValidationFindings

    public init(_ findings: ValidationFindings) {
        self.findings = findings
    }

    /// The report's text: one SARIF log, keys sorted, indented, a newline at the end.
    public func render() -> String {
        let rules = Rule.caseRules
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let results = findings.diagnostics.map { problem in
            SARIFLog.Result(
                ruleId: problem.ruleID, ruleIndex: ruleIndex[problem.ruleID] ?? 0, level: problem.severity.rawValue,
                message: .init(text: problem.message + (problem.fix.map { " " + $0 } ?? "")),
                locations: problem.location.map { [Self.location($0)] } ?? [],
                relatedLocations: problem.related.isEmpty ? nil : problem.related.enumerated().map { i, place in
                    Self.location(place, id: i + 1, message: problem.rule == .duplicateID ? "first defined here" : nil)
                })
        }
        let driver = SARIFLog.Driver(rules: rules.map {
            .init(id: $0.id, shortDescription: .init(text: $0.summary),
                  fullDescription: .init(text: "\($0.summary) Default severity: \($0.defaultSeverity.rawValue)."),
                  defaultConfiguration: .init(level: $0.defaultSeverity.rawValue))
        })
        return ReportEncoding.text(SARIFLog(runs: [.init(tool: .init(driver: driver), results: results)]))
    }

    private static func location(_ place: SourceLocation, id: Int? = nil, message: String? = nil) -> SARIFLog.Location {
        SARIFLog.Location(id: id, physicalLocation: .init(artifactLocation: .init(uri: uri(place.path)),
                                                          region: .init(startLine: place.line, startColumn: place.column)),
                          message: message.map { .init(text: $0) })
    }

    /// A relative path as a URI reference: each segment percent-encoded.
    static func uri(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map {
            $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/", ":"])) ?? String($0)
        }.joined(separator: "/")
    }
}
