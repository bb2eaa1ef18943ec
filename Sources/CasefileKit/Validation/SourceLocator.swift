import Foundation
import Yams

/// Finds where a field of a record was written, for the problems found after loading: duplicate
/// ids, unknown references and the record-level rules. Loading keeps only where each record
/// starts and its place in its file's list; a field's place is found again here by composing the
/// file's text once more with Yams, whose nodes keep their marks. That is the slow path: it runs
/// only when there is a problem to report, at most once per file, so a clean case never pays
/// for it.
struct SourceLocator {
    /// Benchmark only (Scripts/bench-validate.sh): with `CASEFILE_BENCH_NO_POSITIONS` set, no
    /// field is looked up and every problem found after loading points at its record. It exists
    /// to measure what position support costs; nothing else sets it.
    static let looksUpFields = ProcessInfo.processInfo.environment["CASEFILE_BENCH_NO_POSITIONS"] == nil

    private let texts: [String: String]
    private let sourceMap: SourceMap
    /// Each collection's records as composed again, on first use (nil: the file did not compose),
    /// with the column shifts of its JSON rewrite.
    private var records: [Collection: ([Node], ColumnShifts)?] = [:]

    init(_ loaded: LoadedCase) {
        texts = loaded.dataTexts
        sourceMap = loaded.sourceMap
    }

    /// Where the value of `field` (`sleepSchedule.sleep` for a nested one) of the `index`-th
    /// record of `collection` was written — with `item`, the first entry of that list equal to
    /// it — or where the record starts when there is no such value.
    mutating func place(of field: String, item: String? = nil, in collection: Collection, record index: Int) -> SourceLocation {
        let origin = sourceMap[collection][index]
        guard Self.looksUpFields, let (items, shifts) = composed(collection), items.indices.contains(origin.item) else {
            return origin.location
        }
        var node: Node? = items[origin.item]
        for key in field.split(separator: ".") {
            guard case let .mapping(mapping)? = node else { return origin.location }
            node = mapping.first { $0.key.scalar?.string == String(key) }?.value
        }
        if let item {
            guard case let .sequence(list)? = node else { return origin.location }
            node = list.first { $0.scalar?.string == item }
        }
        return node.map { shifts.original(SourceLocation(path: origin.location.path, mark: $0.mark)) } ?? origin.location
    }

    private mutating func composed(_ collection: Collection) -> ([Node], ColumnShifts)? {
        if let cached = records[collection] { return cached }
        var found: ([Node], ColumnShifts)?
        if let path = sourceMap.files[collection], let text = texts[path] {
            let yaml = path.hasSuffix(".json") ? JSONSurrogates.rewrite(text) : .init(text: text)
            if case let .sequence(list)? = try? Yams.compose(yaml: yaml.text) { found = (Array(list), yaml.shifts) }
        }
        records[collection] = .some(found)
        return found
    }
}
