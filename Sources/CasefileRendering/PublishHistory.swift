import Foundation
import CasefileModel
import CasefileOutput
import CasefileReports
import CasefileValidation

/// What the last publish left in its output, read by `publish` before it builds: the problems of
/// its `validation/report.json` and the record fingerprints of its `validation/digest.json`.
/// Both files are kept, as they were, in the new output (`validation/previous/`).
public struct PublishHistory: Sendable {
    let problems: [ReportedProblem]
    /// Each collection's records' fingerprints, in file order.
    let records: [CaseCollection: [RecordFingerprint]]
    let report: String
    let digest: String

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

/// A fingerprint of each record's own values (not what is derived from other records), written
/// by every build as `validation/digest.json`: `{"format", "fruits": [[id, hash], …], …}`.
enum CaseDigest {
    static let format = "casefile-digest/1"

    static func records(_ v: ValidatedCase) -> [CaseCollection: [RecordFingerprint]] {
        let c = v.caseContent
        var scratch = ExportText(capacity: 1024)
        func hash(_ id: String, _ write: (inout ExportText) -> Void) -> RecordFingerprint {
            scratch.removeAll()
            scratch.beginObject()
            write(&scratch)
            scratch.endObject()
            return RecordFingerprint(id: id, hash: ContentHash.hex16(bytes: scratch.bytes))
        }
        return [.fruits: c.fruits.map { fruit in hash(fruit.id.rawValue) { DataExports.own(fruit, &$0) } },
                .animals: c.animals.map { animal in hash(animal.id.rawValue) { DataExports.own(animal, &$0) } },
                .bulletins: c.bulletins.map { bulletin in hash(bulletin.id.rawValue) { DataExports.own(bulletin, &$0) } }]
    }

    static func json(_ records: [CaseCollection: [RecordFingerprint]]) -> [UInt8] {
        var out = ExportText(capacity: 1 << 16)
        out.beginObject()
        out.key("format"); out.string(format)
        for collection in CaseCollection.allCases {
            switch collection {
            case .fruits: out.key("fruits")
            case .animals: out.key("animals")
            case .bulletins: out.key("bulletins")
            }
            out.beginArray()
            for record in records[collection] ?? [] {
                out.lineBreak()
                out.strings([record.id, record.hash])
            }
            out.newline()
            out.endArray()
        }
        out.endObject()
        out.newline()
        return out.bytes
    }
}

extension PublishHistory {
    /// What changed between the last publish and `v`, whose fingerprints are `current`
    /// (`CaseDigest.records`).
    func changes(to v: ValidatedCase, current: [CaseCollection: [RecordFingerprint]]) -> SinceLastPublish {
        SinceLastPublish(v.diagnostics, previousProblems: problems, previousRecords: records, currentRecords: current)
    }
}
