import Yams
import CasefileLoading
import CasefileModel

/// A case file parsed for editing: its text, the records of its top-level list as the loader
/// reads them, and where each record was written.
struct RecordList {
    let text: SourceText
    let items: [Node]
    /// Whether the list is written `[…]` (always so in JSON), and where its `[` is.
    let flow: Bool
    let rootStart: Int?
    /// What the loader made of the file.
    let decoded: ContentLoader.CollectionResult
    /// How many lines below its node's marks each record now starts (empty: none moved). An
    /// edit read back alone (`patched`) keeps the other records' nodes, whose marks are those
    /// of the text they were parsed from; the lines it added or removed move the records after it.
    let lineShift: [Int]
    /// Whether this reading was made without parsing the whole file: by reading one edited
    /// record alone (`patched`), or as the reading of bytes an edit left unchanged.
    var readAlone: Bool

    init(text: SourceText, items: [Node], flow: Bool, rootStart: Int?, decoded: ContentLoader.CollectionResult, lineShift: [Int]) {
        (self.text, self.items, self.flow, self.rootStart, self.decoded, self.lineShift) = (text, items, flow, rootStart, decoded, lineShift)
        readAlone = true
    }

    /// Parses `bytes` with the loader's own parser, and decodes them as the loader does, its
    /// problems placed in `path`; refuses a file that does not parse or does not hold a list.
    init(_ bytes: [UInt8], format: SourceFormat, collection: CaseCollection, path: String) throws(EditRefusal) {
        text = SourceText(bytes, format: format)
        var problems: [Diagnostic] = []
        let file = DataFile.parse(bytes, path: path, json: format == .json, problems: &problems)
        if let syntax = problems.first(where: { $0.rule == .syntax }) {
            let place = syntax.location.map { " (line \($0.line), column \($0.column))" } ?? ""
            throw EditRefusal("the file no longer parses: \(syntax.message)\(place); fix it in a text editor first")
        }
        switch file.root {
        case nil:
            items = []
            flow = false
            rootStart = nil
        case let .sequence(sequence)?:
            items = Array(sequence)
            rootStart = text.offset(of: file.root?.mark)
            flow = rootStart.map { $0 < bytes.count && bytes[$0] == UInt8(ascii: "[") } ?? false
        case let root?:
            throw EditRefusal("the file holds \(root.kindDescriptionForEditing), not a list of records")
        }
        decoded = ContentLoader.decodeCollection(collection, file, path: path, problems: problems)
        lineShift = []
        readAlone = false
    }

    /// The lines record `item` moved since its node was parsed.
    func shift(_ item: Int) -> Int {
        lineShift.isEmpty ? 0 : lineShift[item]
    }

    /// Record `item`'s node, its marks where the record now is.
    func node(_ item: Int) -> Node {
        RecordFragment.shifting(items[item], by: shift(item))
    }

    /// Where record `item` was written: the node's start, the dash of a block list's entry (or
    /// the node's start in a flow list), the column of that dash, and the end of the record.
    struct Place {
        var node: Node
        var start: Int
        var entryStart: Int
        var dashColumn: Int
        var end: Int
    }

    /// Where record `item`'s node starts, or nil when its mark lies outside the text.
    func start(_ item: Int) -> Int? {
        let shift = shift(item)
        return text.offset(of: items[item].mark.map { YamsMark.make(line: $0.line + shift, column: $0.column) })
    }

    func place(_ item: Int) throws(EditRefusal) -> Place {
        guard items.indices.contains(item) else {
            throw EditRefusal("there is no record \(item + 1) in this file (it has \(items.count)); reload the file and try again")
        }
        let node = node(item)
        guard let start = text.offset(of: node.mark), start < text.bytes.count else {
            // No mark, or one at the very end of the file: an empty entry (`-` as the last byte).
            throw EditRefusal("the record could not be found in the file")
        }
        try MappingLayout.refuseMarkup(at: start, in: text, field: nil)
        if flow {
            return Place(node: node, start: start, entryStart: start, dashColumn: 0,
                         end: text.end(of: node, at: start, flow: true, parentIndent: 0))
        }
        var dash = start - 1
        while dash >= text.bodyStart, [0x20, 0x09, 0x0A, 0x0D].contains(text.bytes[dash]) { dash -= 1 }
        guard dash >= text.bodyStart, text.bytes[dash] == UInt8(ascii: "-") else {
            throw EditRefusal("the record's list entry (its dash) could not be found in the file")
        }
        let column = dash - text.startOfLine(dash)
        let first = text.bytes[start]
        let end = first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "\"") || first == UInt8(ascii: "'")
            ? text.end(of: node, at: start, flow: true, parentIndent: column)
            : text.blockLinesEnd(dash, parentIndent: column, sequence: false)
        return Place(node: node, start: start, entryStart: dash, dashColumn: column, end: end)
    }
}

extension Node {
    /// What the file holds instead of a list, in words.
    var kindDescriptionForEditing: String {
        switch self {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar: return "a single value"
        case .alias: return "an alias"
        }
    }
}
