import Foundation
import Yams

/// Finds where a field of a record was written, for the problems found after loading: duplicate
/// ids, unknown references and the record-level rules. Loading keeps only where each record
/// starts and its place in its file's list; a field's place is found again here by reading the
/// record's text once more (Yams for YAML, `JSONReader` for JSON), whose nodes keep their marks. That is the slow path: it runs
/// only when there is a problem to report, so a clean case never pays for it.
///
/// A record is composed from its own lines, cut out of the file between its start and the line
/// where the next record starts, when that gives back a mapping with the record's own id; else
/// (records sharing a line, as in minified JSON) the whole file is composed, once.
struct SourceLocator {
    /// Benchmark only (Scripts/bench-validate.sh): with `CASEFILE_BENCH_NO_POSITIONS` set, no
    /// field is looked up and every problem found after loading points at its record. It exists
    /// to measure what position support costs; nothing else sets it.
    static let looksUpFields = ProcessInfo.processInfo.environment["CASEFILE_BENCH_NO_POSITIONS"] == nil

    private let texts: [String: String]
    private let sourceMap: SourceMap
    private let ids: [Collection: [String]]
    /// Records composed again, by collection and index, with the line their text starts on.
    private var composed: [Collection: [Int: Composed]] = [:]
    /// Each collection's whole file as composed again, on first need (nil: it did not compose).
    private var wholeFiles: [Collection: [Node]?] = [:]
    /// Each file's line starts.
    private var lineTables: [Collection: LineTable] = [:]
    /// The first entry of a record's list by its text, made the first time an entry of that
    /// list is looked for: a list of 100,000 unknown ids is searched once, not once per id.
    private var listEntries: [ListKey: [String: Node]] = [:]

    private struct ListKey: Hashable {
        var collection: Collection
        var record: Int
        var field: String
    }

    private struct Composed {
        var node: Node
        var firstLine: Int
    }

    init(_ loaded: LoadedCase) {
        texts = loaded.dataTexts
        sourceMap = loaded.sourceMap
        let c = loaded.caseFile
        ids = [.fruits: c.fruits.map(\.id), .animals: c.animals.map(\.id), .bulletins: c.bulletins.map(\.id)]
    }

    /// Where the value of `field` (`sleepSchedule.sleep` for a nested one) of the `index`-th
    /// record of `collection` was written — with `item`, the first entry of that list equal to
    /// it — or where the record starts when there is no such value.
    mutating func place(of field: String, item: String? = nil, in collection: Collection, record index: Int) -> SourceLocation {
        let origin = sourceMap[collection][index]
        guard Self.looksUpFields, let record = record(collection, index) else { return origin.location }
        var node: Node? = record.node
        for key in field.split(separator: ".") {
            guard case let .mapping(mapping)? = node else { return origin.location }
            node = mapping.first { $0.key.scalar?.string == String(key) }?.value
        }
        if let item {
            guard case let .sequence(list)? = node else { return origin.location }
            let key = ListKey(collection: collection, record: index, field: field)
            if listEntries[key] == nil {
                var entries: [String: Node] = [:]
                for entry in list {
                    if let text = entry.scalar?.string, entries[text] == nil { entries[text] = entry }
                }
                listEntries[key] = entries
            }
            node = listEntries[key]?[item]
        }
        guard let mark = node?.mark else { return origin.location }
        return SourceLocation(path: origin.location.path, line: mark.line + record.firstLine - 1, column: mark.column)
    }

    private mutating func record(_ collection: Collection, _ index: Int) -> Composed? {
        if let done = composed[collection]?[index] { return done }
        guard let found = cutOut(collection, index) ?? fromWholeFile(collection, index) else { return nil }
        composed[collection, default: [:]][index] = found
        return found
    }

    /// The record composed from its own lines: from its start (the text before it on its first
    /// line blanked, so columns stay) to the line where the next record starts.
    private mutating func cutOut(_ collection: Collection, _ index: Int) -> Composed? {
        let origins = sourceMap[collection]
        guard let path = sourceMap.files[collection], let text = texts[path] else { return nil }
        let start = origins[index].location
        let lines = lineTable(collection, text)
        guard start.line <= lines.lineCount else { return nil }
        var end = text.utf8.count
        if index + 1 < origins.count {
            let next = origins[index + 1].location.line
            guard next > start.line, next <= lines.lineCount else { return nil }
            end = lines.start(ofLine: next)
        }
        let utf8 = text.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: lines.start(ofLine: start.line))
        let to = utf8.index(utf8.startIndex, offsetBy: end)
        let firstLine = Substring(text[from..<to])
        let lead = firstLine.unicodeScalars.prefix(start.column - 1)
        guard lead.count == start.column - 1, !lead.contains("\n") else { return nil }
        var slice = String(repeating: " ", count: lead.count) + String(firstLine.unicodeScalars.dropFirst(lead.count))
        let json = path.hasSuffix(".json")
        if json {
            // `{…},` or `{…}]`: keep the object only.
            while let last = slice.last, last != "}" { slice.removeLast() }
        }
        guard let node = DataFile.compose(slice, json: json), case let .mapping(mapping) = node,
              mapping.first(where: { $0.key.scalar?.string == "id" })?.value.scalar?.string == ids[collection]?[index]
        else { return nil }
        return Composed(node: node, firstLine: start.line)
    }

    /// The record as found in the whole file, composed once.
    private mutating func fromWholeFile(_ collection: Collection, _ index: Int) -> Composed? {
        if wholeFiles[collection] == nil {
            var found: [Node]?
            if let path = sourceMap.files[collection], let text = texts[path],
               case let .sequence(list)? = DataFile.compose(text, json: path.hasSuffix(".json")) {
                found = Array(list)
            }
            wholeFiles[collection] = .some(found)
        }
        let item = sourceMap[collection][index].item
        guard let items = wholeFiles[collection] ?? nil, items.indices.contains(item) else { return nil }
        return Composed(node: items[item], firstLine: 1)
    }

    private mutating func lineTable(_ collection: Collection, _ text: String) -> LineTable {
        if let known = lineTables[collection] { return known }
        let table = LineTable(text)
        lineTables[collection] = table
        return table
    }
}
