import CasefileModel
import CasefileLoading

extension LoadedCase {
    /// The case with the files of `readings`' collections read as given: their records, places,
    /// texts and problems replaced, every problem in the loader's order (site.yaml's and the
    /// string tables', then each collection's — fruits, animals, bulletins — then the notes').
    /// Nil when the case so made is not the one loading the folder would give: a collection was
    /// read from another file or none (its first record, just written), or unread, or the
    /// problems cannot be told apart by file. The editor's check of a save and the preview's
    /// rebuild after it both make the case so, and so validate the same case.
    func replacing(_ readings: [(collection: CaseCollection, result: ContentLoader.CollectionResult)]) -> LoadedCase? {
        let made = nearestReplacing(readings)
        return made.exact ? made.loaded : nil
    }

    /// `replacing`, and where it gives nil the nearest case instead (`exact` false): each
    /// collection's records and places replaced, and its file's problems with them, placed
    /// last. A check of an edit can use it; a rebuild, which must show what loading would, not.
    func nearestReplacing(_ readings: [(collection: CaseCollection, result: ContentLoader.CollectionResult)])
        -> (loaded: LoadedCase, exact: Bool) {
        func file(of problem: Diagnostic) -> CaseCollection? {
            CaseCollection.allCases.first { sourceMap.files[$0] != nil && sourceMap.files[$0] == problem.location?.path }
        }
        let isNote: (Diagnostic) -> Bool = { $0.location.map { CaseLayout.isNote($0.path) } ?? false }
        let order: [CaseCollection] = [.fruits, .animals, .bulletins]
        let head = diagnostics.filter { file(of: $0) == nil && !isNote($0) }
        let notes = diagnostics.filter { file(of: $0) == nil && isNote($0) }
        var byCollection = Dictionary(grouping: diagnostics.filter { file(of: $0) != nil }) { file(of: $0)! }
        var exact = head + order.flatMap({ byCollection[$0] ?? [] }) + notes == diagnostics
        var next = self
        for (collection, result) in readings {
            let path = result.path ?? ""
            if result.path == nil || sourceMap.files[collection] != path || unreadCollections.contains(collection) || result.unread {
                exact = false
            }
            switch result.records {
            case let .fruits(list): next.caseContent.fruits = list; next.sourceMap.fruits = result.origins
            case let .animals(list): next.caseContent.animals = list; next.sourceMap.animals = result.origins
            case let .bulletins(list): next.caseContent.bulletins = list; next.sourceMap.bulletins = result.origins
            }
            next.dataTexts[path] = result.text
            byCollection[collection] = result.problems
        }
        if exact {
            next.diagnostics = head + order.flatMap { byCollection[$0] ?? [] } + notes
        } else {
            for (_, result) in readings {
                next.diagnostics.removeAll { $0.location?.path == result.path }
                next.diagnostics += result.problems
            }
        }
        return (next, exact)
    }
}
