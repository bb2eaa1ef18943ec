import Yams
import CasefileModel

/// One record of a case file read again alone, after an edit changed only its bytes: parsed
/// with the loader's own parsers, its marks where the whole file's reading puts them, and
/// decoded as `decodeCollection` decodes each record. The editor uses it to read an edit back
/// without parsing and decoding the thousands of records the edit left as they were.
package enum RecordFragment {
    /// The JSON value that starts at byte `start` of `bytes`, on line `line` (1-based), which
    /// starts at byte `lineStart`; and the offset just after it. Nil when no value parses there.
    package static func json(_ bytes: [UInt8], at start: Int, line: Int, lineStart: Int) -> (node: Node, end: Int)? {
        precondition(YamsMark.isSound, "Yams' Mark is no longer two Ints: YamsMark needs updating")
        guard start >= lineStart, start < bytes.count else { return nil }
        var parser = JSONParser(bytes)
        parser.fragment = true
        parser.i = start
        parser.line = line
        parser.lineStart = lineStart
        parser.columnOffset = lineStart
        parser.column = 1
        guard let node = try? parser.parseDocument() else { return nil }
        return (node, parser.i)
    }

    /// The one entry of the YAML block list written in `lines`, which start on line `line` of
    /// their file (the lines before are read as blank, so that every mark is the file's). Nil
    /// when they do not parse alone or hold anything but a list of one entry.
    package static func yamlEntry(_ lines: String, line: Int) -> Node? {
        let text = String(repeating: "\n", count: max(0, line - 1)) + lines
        guard case let .sequence(entries)? = try? Yams.compose(yaml: text), entries.count == 1 else { return nil }
        return entries.first
    }

    /// The file's text as the loader reads it (after a byte-order mark); nil when it is not UTF-8.
    package static func text(_ bytes: [UInt8]) -> String? {
        if case let .text(text) = TextDecoding.decode(bytes) { return text }
        return nil
    }

    /// Record `item` of a collection's file decoded alone: at most one record, its origin, and
    /// the problems decoding it found, as `decodeCollection` gives them for that entry.
    package static func decode(_ node: Node, item: Int, collection: CaseCollection, path: String)
        -> (records: ContentLoader.Records, origins: [RecordOrigin], problems: [Diagnostic]) {
        let one = Node.Sequence([node])
        var problems: [Diagnostic] = []
        let records: ContentLoader.Records
        var origins: [RecordOrigin]
        switch collection {
        case .fruits:
            let decoded = ContentLoader.decode(one, path: path, collection: collection, fields: FieldName.fruitFields,
                                               problems: &problems, RecordDecoding.fruit)
            (records, origins) = (.fruits(decoded.0), decoded.1)
        case .animals:
            let decoded = ContentLoader.decode(one, path: path, collection: collection, fields: FieldName.animalFields,
                                               problems: &problems, RecordDecoding.animal)
            (records, origins) = (.animals(decoded.0), decoded.1)
        case .bulletins:
            let decoded = ContentLoader.decode(one, path: path, collection: collection, fields: FieldName.bulletinFields,
                                               problems: &problems, RecordDecoding.bulletin)
            (records, origins) = (.bulletins(decoded.0), decoded.1)
        }
        for k in origins.indices { origins[k].item = item }
        return (records, origins, problems)
    }

    /// `node` with every mark `by` lines further down (a record after an edit that added or
    /// removed lines above it).
    package static func shifting(_ node: Node, by lines: Int) -> Node {
        guard lines != 0 else { return node }
        func moved(_ mark: Mark?) -> Mark? { mark.map { YamsMark.make(line: $0.line + lines, column: $0.column) } }
        switch node {
        case let .scalar(scalar):
            return .scalar(Node.Scalar(scalar.string, scalar.tag, scalar.style, moved(scalar.mark)))
        case let .mapping(mapping):
            let pairs = mapping.map { (shifting($0.key, by: lines), shifting($0.value, by: lines)) }
            return .mapping(Node.Mapping(pairs, mapping.tag, mapping.style, moved(mapping.mark)))
        case let .sequence(sequence):
            return .sequence(Node.Sequence(sequence.map { shifting($0, by: lines) }, sequence.tag, sequence.style, moved(sequence.mark)))
        case .alias:
            return node
        }
    }
}

extension ContentLoader.Records {
    /// The number of records.
    package var count: Int {
        switch self {
        case let .fruits(list): return list.count
        case let .animals(list): return list.count
        case let .bulletins(list): return list.count
        }
    }

    /// Replaces the records in `range` with `other`'s (of the same kind; nil when they differ).
    package func replacing(_ range: Range<Int>, with other: Self) -> Self? {
        switch (self, other) {
        case (.fruits(var list), .fruits(let new)):
            list.replaceSubrange(range, with: new)
            return .fruits(list)
        case (.animals(var list), .animals(let new)):
            list.replaceSubrange(range, with: new)
            return .animals(list)
        case (.bulletins(var list), .bulletins(let new)):
            list.replaceSubrange(range, with: new)
            return .bulletins(list)
        default:
            return nil
        }
    }
}
