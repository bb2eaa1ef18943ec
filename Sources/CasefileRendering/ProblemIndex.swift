import CasefileModel

/// The problems of each record, as indexes into the validated case's diagnostics, so that a
/// row finds its own without scanning the list.
struct ProblemIndex: Sendable {
    private let byRecord: [CaseCollection: [String: [Int]]]

    init(_ diagnostics: [Diagnostic]) {
        var map: [CaseCollection: [String: [Int]]] = [:]
        for (i, problem) in diagnostics.enumerated() {
            guard let collection = problem.collection, let id = problem.recordID else { continue }
            map[collection, default: [:]][id, default: []].append(i)
        }
        byRecord = map
    }

    func problems(of collection: CaseCollection, _ id: String) -> [Int] {
        byRecord[collection]?[id] ?? []
    }
}
