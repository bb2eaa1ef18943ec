import Foundation
import CasefileModel
import CasefileValidation

/// What the last publish left in its output, read by `publish` before it builds: the problems of
/// its `validation/report.json` and the record fingerprints of its `validation/digest.json`.
/// Both files are kept, as they were, in the new output (`validation/previous/`).
public struct PublishHistory: Sendable {
    let problems: [ReportedProblem]
    /// Each collection's records' fingerprints, in file order.
    let records: [CaseCollection: [RecordFingerprint]]
    /// The two files' text, kept as they were in the new output (`validation/previous/`).
    public let report: String
    public let digest: String

    /// Reads the two files' text; nil when either is not what a build writes (a report of some
    /// other tool, a digest of another format): then nothing is compared.
    public init?(report: String, digest: String) {
        guard let problems = ReportedProblem.problems(ofReport: report),
              let object = try? JSONSerialization.jsonObject(with: Data(digest.utf8)) as? [String: Any],
              object["format"] as? String == CaseDigest.format else { return nil }
        var records: [CaseCollection: [RecordFingerprint]] = [:]
        for collection in CaseCollection.allCases {
            guard let pairs = object[collection.rawValue] as? [[String]] else { return nil }
            records[collection] = pairs.compactMap { $0.count == 2 ? RecordFingerprint(id: $0[0], hash: $0[1]) : nil }
        }
        (self.problems, self.records, self.report, self.digest) = (problems, records, report, digest)
    }
}

extension PublishHistory {
    /// What changed between the last publish and `v`, whose fingerprints are `current`
    /// (each collection's records' fingerprints, in file order).
    public func changes(to v: ValidatedCase, current: [CaseCollection: [RecordFingerprint]]) -> SinceLastPublish {
        SinceLastPublish(v.diagnostics, previousProblems: problems, previousRecords: records, currentRecords: current)
    }
}

/// The digest every build writes as `validation/digest.json`, a fingerprint of each record's own
/// values: `{"format", "fruits": [[id, hash], …], …}`. Its format's name, which a publish checks
/// before it compares with the last one.
public enum CaseDigest {
    public static let format = "casefile-digest/1"
}
