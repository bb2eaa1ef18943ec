import Foundation
import CasefileModel

/// A problem as a JSON report lists it, read back from the last publish's
/// `validation/report.json` to tell new problems from fixed ones. Two problems are the same
/// problem when they have the same rule, record, field and message (not the same line: edits
/// above it move it).
public struct ReportedProblem: Sendable, Hashable, Codable {
    public var rule: String
    public var severity: String
    public var message: String
    public var collection: String?
    public var record: String?
    public var field: String?

    public init(rule: String, severity: String, message: String, collection: String? = nil, record: String? = nil,
                field: String? = nil) {
        (self.rule, self.severity, self.message) = (rule, severity, message)
        (self.collection, self.record, self.field) = (collection, record, field)
    }

    private struct Report: Decodable { var problems: [ReportedProblem] }

    /// The problems of a JSON report's text; nil when it is not such a report (no `problems`, or
    /// problems without a rule, severity or message).
    public static func problems(ofReport text: String) -> [ReportedProblem]? {
        try? JSONDecoder().decode(Report.self, from: Data(text.utf8)).problems
    }

    /// What makes it the same problem as another.
    var key: String { Self.key(rule: rule, collection: collection, record: record, field: field, message: message) }

    /// What makes a diagnostic the same problem as a reported one.
    static func key(of d: Diagnostic) -> String {
        key(rule: d.ruleID, collection: d.collection?.rawValue, record: d.recordID, field: d.field?.key, message: d.message)
    }

    private static func key(rule: String, collection: String?, record: String?, field: String?, message: String) -> String {
        [rule, collection ?? "", record ?? "", field ?? "", message].joined(separator: "\u{1F}")
    }
}
