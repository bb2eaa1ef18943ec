import CasefileLoading
import CasefileModel

extension SourceEditor.Result {
    /// How this result's reading differs from reading its bytes whole, in words; nil when they
    /// agree: the records, their origins, the problems and the text, and where the editor made
    /// of it places every record. An edit read back alone (`readAlone`) must agree; the tests
    /// and the fuzzer hold it to that.
    package func differenceFromWholeReading() -> String? {
        let fresh = SourceEditor(bytes: bytes, format: editor.format, collection: editor.collection, path: editor.path)
        guard let whole = fresh.decoded else { return "the bytes do not read whole" }
        let alone = decoded
        if !alone.records.sameRecords(as: whole.records) { return "the records differ" }
        if alone.origins.count != whole.origins.count { return "\(alone.origins.count) origins for \(whole.origins.count)" }
        if let k = alone.origins.indices.first(where: { alone.origins[$0] != whole.origins[$0] }) {
            return "origin \(k): \(alone.origins[k]) for \(whole.origins[k])"
        }
        if alone.problems != whole.problems {
            func listed(_ problems: [Diagnostic]) -> String { problems.map { "\($0.location?.description ?? "-") \($0.message)" }.description }
            return "problems \(listed(alone.problems)) for \(listed(whole.problems))"
        }
        if alone.text != whole.text { return "the texts differ" }
        if editor.itemCount != fresh.itemCount { return "\(editor.itemCount) records for \(fresh.itemCount)" }
        for item in 0..<fresh.itemCount where editor.span(item: item) != fresh.span(item: item) {
            return "record \(item) placed at \(String(describing: editor.span(item: item))) for \(String(describing: fresh.span(item: item)))"
        }
        return nil
    }
}

extension ContentLoader.Records {
    func sameRecords(as other: Self) -> Bool {
        switch (self, other) {
        case let (.fruits(a), .fruits(b)): a == b
        case let (.animals(a), .animals(b)): a == b
        case let (.bulletins(a), .bulletins(b)): a == b
        default: false
        }
    }
}
