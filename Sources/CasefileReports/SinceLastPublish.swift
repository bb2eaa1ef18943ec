import CasefileModel

/// What changed since the last publish: problems new and fixed, records added, changed and
/// removed (records by id; a repeated id counts once). The JSON report writes it as
/// `sinceLastPublish`; the validation page lists it.
public struct SinceLastPublish: Sendable {
    /// One collection's records added, changed and removed, by id.
    public struct Records: Sendable {
        public var collection: CaseCollection
        public var added: [String] = [], changed: [String] = [], removed: [String] = []
        public var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed.isEmpty }

        public init(collection: CaseCollection, added: [String] = [], changed: [String] = [], removed: [String] = []) {
            (self.collection, self.added, self.changed, self.removed) = (collection, added, changed, removed)
        }
    }

    /// Indices into this case's diagnostics.
    public var newProblems: [Int]
    public var fixedProblems: [ReportedProblem]
    /// Every collection's, in `CaseCollection` order.
    public var records: [Records]

    public init(newProblems: [Int], fixedProblems: [ReportedProblem], records: [Records]) {
        (self.newProblems, self.fixedProblems, self.records) = (newProblems, fixedProblems, records)
    }

    /// Compares this case with the last publish: its problems with the last report's, and each
    /// collection's record fingerprints, in file order, with the last publish's.
    public init(_ diagnostics: [Diagnostic], previousProblems: [ReportedProblem],
                previousRecords: [CaseCollection: [RecordFingerprint]],
                currentRecords: [CaseCollection: [RecordFingerprint]]) {
        let before = Set(previousProblems.map(\.key))
        let now = Set(diagnostics.map(ReportedProblem.key(of:)))
        newProblems = diagnostics.indices.filter { !before.contains(ReportedProblem.key(of: diagnostics[$0])) }
        fixedProblems = previousProblems.filter { !now.contains($0.key) }
        records = CaseCollection.allCases.map { collection in
            var r = Records(collection: collection)
            var old: [String: String] = [:]
            for record in previousRecords[collection] ?? [] where old[record.id] == nil { old[record.id] = record.hash }
            var seen = Set<String>()
            for record in currentRecords[collection] ?? [] where seen.insert(record.id).inserted {
                if let was = old[record.id] {
                    if was != record.hash { r.changed.append(record.id) }
                } else {
                    r.added.append(record.id)
                }
            }
            var gone = Set<String>()
            for record in previousRecords[collection] ?? [] where !seen.contains(record.id) && gone.insert(record.id).inserted {
                r.removed.append(record.id)
            }
            return r
        }
    }
}
