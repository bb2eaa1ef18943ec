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
    /// collection's (id, fingerprint) pairs, in file order, with the last publish's.
    public init(_ diagnostics: [Diagnostic], previousProblems: [ReportedProblem],
                previousRecords: [CaseCollection: [(id: String, hash: String)]],
                currentRecords: [CaseCollection: [(id: String, hash: String)]]) {
        let before = Set(previousProblems.map(\.key))
        let now = Set(diagnostics.map(ReportedProblem.key(of:)))
        newProblems = diagnostics.indices.filter { !before.contains(ReportedProblem.key(of: diagnostics[$0])) }
        fixedProblems = previousProblems.filter { !now.contains($0.key) }
        records = CaseCollection.allCases.map { collection in
            var r = Records(collection: collection)
            var old: [String: String] = [:]
            for (id, hash) in previousRecords[collection] ?? [] where old[id] == nil { old[id] = hash }
            var seen = Set<String>()
            for (id, hash) in currentRecords[collection] ?? [] where seen.insert(id).inserted {
                if let was = old[id] { if was != hash { r.changed.append(id) } } else { r.added.append(id) }
            }
            var gone = Set<String>()
            for (id, _) in previousRecords[collection] ?? [] where !seen.contains(id) && gone.insert(id).inserted {
                r.removed.append(id)
            }
            return r
        }
    }
}
