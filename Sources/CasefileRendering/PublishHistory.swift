import Foundation
import CasefileModel
import CasefileOutput
import CasefileValidation

/// What the last publish left in its output, read by `publish` before it builds: the problems of
/// its `validation/report.json` and the record fingerprints of its `validation/digest.json`.
/// Both files are kept, as they were, in the new output (`validation/previous/`).
public struct PublishHistory: Sendable {
    /// A problem as a report lists it; two problems are the same problem when they have the
    /// same rule, record, field and message (not the same line: edits above it move it).
    public struct Problem: Sendable, Hashable, Codable {
        public var rule: String
        public var severity: String
        public var message: String
        public var collection: String?
        public var record: String?
        public var field: String?

        var key: String { Self.key(rule: rule, collection: collection, record: record, field: field, message: message) }

        /// What makes two problems the same problem, from a report's problem or a diagnostic.
        static func key(rule: String, collection: String?, record: String?, field: String?, message: String) -> String {
            [rule, collection ?? "", record ?? "", field ?? "", message].joined(separator: "\u{1F}")
        }
    }

    private struct Report: Decodable { var problems: [Problem] }

    let problems: [Problem]
    /// Each collection's (id, fingerprint) pairs, in file order.
    let records: [CaseCollection: [(id: String, hash: String)]]
    let report: String
    let digest: String

    /// Reads the two files' text; nil when either is not what a build writes (a report of some
    /// other tool, a digest of another format): then nothing is compared.
    public init?(report: String, digest: String) {
        guard let decoded = try? JSONDecoder().decode(Report.self, from: Data(report.utf8)),
              let object = try? JSONSerialization.jsonObject(with: Data(digest.utf8)) as? [String: Any],
              object["format"] as? String == CaseDigest.format else { return nil }
        var records: [CaseCollection: [(id: String, hash: String)]] = [:]
        for collection in CaseCollection.allCases {
            guard let pairs = object[collection.rawValue] as? [[String]] else { return nil }
            records[collection] = pairs.compactMap { $0.count == 2 ? (id: $0[0], hash: $0[1]) : nil }
        }
        (self.problems, self.records, self.report, self.digest) = (decoded.problems, records, report, digest)
    }
}

/// A fingerprint of each record's own values (not what is derived from other records), written
/// by every build as `validation/digest.json`: `{"format", "fruits": [[id, hash], …], …}`.
enum CaseDigest {
    static let format = "casefile-digest/1"

    static func records(_ v: ValidatedCase) -> [CaseCollection: [(id: String, hash: String)]] {
        let c = v.caseContent
        var scratch = ExportText(capacity: 1024)
        func hash(_ id: String, _ write: (inout ExportText) -> Void) -> (id: String, hash: String) {
            scratch.removeAll()
            scratch.beginObject()
            write(&scratch)
            scratch.endObject()
            return (id, ContentHash.hex16(bytes: scratch.bytes))
        }
        return [.fruits: c.fruits.map { fruit in hash(fruit.id.rawValue) { DataExports.own(fruit, &$0) } },
                .animals: c.animals.map { animal in hash(animal.id.rawValue) { DataExports.own(animal, &$0) } },
                .bulletins: c.bulletins.map { bulletin in hash(bulletin.id.rawValue) { DataExports.own(bulletin, &$0) } }]
    }

    static func json(_ records: [CaseCollection: [(id: String, hash: String)]]) -> [UInt8] {
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
            for (id, hash) in records[collection] ?? [] {
                out.lineBreak()
                out.strings([id, hash])
            }
            out.newline()
            out.endArray()
        }
        out.endObject()
        out.newline()
        return out.bytes
    }
}

/// What changed since the last publish: problems new and fixed, records added, changed and
/// removed (records by id; a repeated id counts once).
struct SinceLastPublish: Sendable {
    struct Records: Sendable {
        var collection: CaseCollection
        var added: [String] = [], changed: [String] = [], removed: [String] = []
        var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed.isEmpty }
    }

    /// Indices into the case's diagnostics.
    var newProblems: [Int]
    var fixedProblems: [PublishHistory.Problem]
    var records: [Records]

    /// `current`: this case's fingerprints (`CaseDigest.records`).
    init(_ v: ValidatedCase, history: PublishHistory, current: [CaseCollection: [(id: String, hash: String)]]) {
        func key(_ d: Diagnostic) -> String {
            PublishHistory.Problem.key(rule: d.ruleID, collection: d.collection?.rawValue, record: d.recordID, field: d.field,
                                       message: d.message)
        }
        let before = Set(history.problems.map(\.key))
        let now = Set(v.diagnostics.map(key))
        newProblems = v.diagnostics.indices.filter { !before.contains(key(v.diagnostics[$0])) }
        fixedProblems = history.problems.filter { !now.contains($0.key) }
        records = CaseCollection.allCases.map { collection in
            var r = Records(collection: collection)
            var old: [String: String] = [:]
            for (id, hash) in history.records[collection] ?? [] where old[id] == nil { old[id] = hash }
            var seen = Set<String>()
            for (id, hash) in current[collection] ?? [] where seen.insert(id).inserted {
                if let was = old[id] { if was != hash { r.changed.append(id) } } else { r.added.append(id) }
            }
            var gone = Set<String>()
            for (id, _) in history.records[collection] ?? [] where !seen.contains(id) && gone.insert(id).inserted {
                r.removed.append(id)
            }
            return r
        }
    }
}
