import Foundation
import Yams
import CasefileLoading
import CasefileModel

/// Edits one case file's records by changing only the bytes of what changed: everything else —
/// comments, blank lines, key order, quoting, indentation, flow or block style, line endings, a
/// byte-order mark, a missing final newline — stays byte for byte. Every result is read back
/// with the loader before it is returned (`ReadBack`); an edit that cannot be made so is
/// refused with an `EditRefusal` and no bytes.
///
/// The file is parsed and decoded once, when the editor is made; its records as the loader
/// reads them (`decoded`) and every edit of it use that one reading.
public struct SourceEditor: Sendable {
    public let bytes: [UInt8]
    public let format: SourceFormat
    public let collection: CaseCollection
    /// The file's path below the case folder (`animals.yaml`), which the decoded records'
    /// places and problems name.
    public let path: String
    let parsed: ParsedSource

    /// Parses `bytes` (the file at `path`; by default the collection's name with the format's
    /// extension). A file that does not parse is refused by each edit, with the reason.
    public init(bytes: [UInt8], format: SourceFormat, collection: CaseCollection, path: String? = nil) {
        self.bytes = bytes
        self.format = format
        self.collection = collection
        let path = path ?? "\(collection.rawValue).\(format == .json ? "json" : "yaml")"
        self.path = path
        parsed = ParsedSource(Swift.Result { () throws(EditRefusal) in try RecordList(bytes, format: format, collection: collection, path: path) })
    }

    /// An editor of the file that `list` is the reading of (an edit's result, read back).
    init(_ list: RecordList, format: SourceFormat, collection: CaseCollection, path: String) {
        (bytes, self.format, self.collection, self.path) = (list.text.bytes, format, collection, path)
        parsed = ParsedSource(.success(list))
    }

    /// What the loader makes of the file: its records, where each was written, the problems
    /// of reading and decoding them. Nil when the file does not parse or holds no list.
    package var decoded: ContentLoader.CollectionResult? { parsed.decoded }

    /// What an edit asks for: the arguments of `set`, `delete` and `append`.
    public enum Edit: Sendable {
        case set(fields: [FieldChange], item: Int, keyOrder: [String]? = nil)
        case delete(item: Int)
        case append(fields: [EditField])
    }

    /// An edit's new bytes, read back, and what the loader makes of them: the very reading the
    /// read-back checked, which a caller can use instead of reading the bytes again.
    public struct Result: Sendable {
        public let bytes: [UInt8]
        package let decoded: ContentLoader.CollectionResult
        /// An editor of the new bytes, made of the read-back's parse: the next edit of the file,
        /// while it still holds these bytes, starts from it without parsing them again.
        public let editor: SourceEditor
        /// Whether the read-back read only the edited record again (the rest of the file
        /// unchanged around it), rather than the whole file.
        package let readAlone: Bool
    }

    /// Makes `edit`, reads its bytes back (`ReadBack`) and returns them with their reading.
    public func apply(_ edit: Edit) throws(EditRefusal) -> Result {
        try parsed.withList { (list) throws(EditRefusal) -> Result in
            let splices: Splices
            let expectation: ReadBack.Expectation
            switch edit {
            case let .set(fields, item, keyOrder):
                splices = try setSplices(list, fields: fields, item: item, keyOrder: keyOrder ?? self.keyOrder)
                expectation = .set(item: item, changes: fields)
            case let .delete(item):
                splices = try deleteSplices(list, item: item)
                expectation = .delete(item: item)
            case let .append(fields):
                splices = try appendSplices(list, fields: fields)
                expectation = .append(fields)
            }
            let new = try splices.apply(to: bytes)
            let reread = try ReadBack.verify(old: list, newBytes: new, changed: splices.bounds, format: format, collection: collection,
                                             path: path, expecting: expectation)
            return Result(bytes: new, decoded: reread.decoded,
                          editor: SourceEditor(reread, format: format, collection: collection, path: path), readAlone: reread.readAlone)
        }
    }

    /// How many entries the file's list holds (0 when it does not parse).
    var itemCount: Int {
        (try? parsed.withList { (list) throws(EditRefusal) -> Int in list.items.count }) ?? 0
    }

    /// The schema's order of the collection's keys, where new keys are placed.
    public var keyOrder: [String] {
        switch collection {
        case .fruits: return FieldName.fruitFields.map(\.key)
        case .animals: return FieldName.animalFields.map(\.key)
        case .bulletins: return FieldName.bulletinFields.map(\.key)
        }
    }

    /// The bytes of record `item` (its index in the file's list, counting records the loader
    /// left out): from its list entry's dash (or its `{`) to the end of its last value. Nil when
    /// there is no such record or the file does not parse.
    public func span(item: Int) -> Range<Int>? {
        try? parsed.withList { (list) throws(EditRefusal) -> Range<Int> in
            let place = try list.place(item)
            return place.entryStart..<place.end
        }
    }

    /// Changes, adds or removes (a nil value) fields of record `item`. A new key goes after the
    /// nearest key present that comes before it in `keyOrder` (else after `id`), at the
    /// record's indentation and in its style.
    public func set(fields: [FieldChange], item: Int, keyOrder: [String]? = nil) throws(EditRefusal) -> [UInt8] {
        try apply(.set(fields: fields, item: item, keyOrder: keyOrder)).bytes
    }

    private func setSplices(_ list: RecordList, fields: [FieldChange], item: Int, keyOrder: [String]) throws(EditRefusal) -> Splices {
        let place = try list.place(item)
        let layout = try MappingLayout(place.node, at: place.start, in: list.text, parentIndent: place.dashColumn, field: nil)
        var splices = Splices()
        let planner = FieldPlanner(text: list.text, writer: writer(list, quotesOf: place), prefix: "")
        try planner.plan(fields, in: layout, keyOrder: keyOrder, into: &splices)
        return splices
    }

    /// Convenience for `set(fields:item:keyOrder:)` with pairs.
    public func set(_ fields: [(key: String, value: EditValue?)], item: Int, keyOrder: [String]? = nil) throws(EditRefusal) -> [UInt8] {
        try set(fields: fields.map { FieldChange($0.key, $0.value) }, item: item, keyOrder: keyOrder)
    }

    /// Removes record `item`: its list entry, with the comment lines directly above it (YAML;
    /// not a comment block that starts the file, which is the file's own header), or in JSON
    /// and flow lists with the comma that separated it.
    public func delete(item: Int) throws(EditRefusal) -> [UInt8] {
        try apply(.delete(item: item)).bytes
    }

    private func deleteSplices(_ list: RecordList, item: Int) throws(EditRefusal) -> Splices {
        let place = try list.place(item)
        let text = list.text
        var splices = Splices()
        // Places a parser reports for odd flow lists can run backwards: such an entry is refused.
        func span(_ from: Int, _ to: Int) throws(EditRefusal) -> Range<Int> {
            guard from <= to else { throw EditRefusal("the record's end in its list could not be found; delete it in a text editor") }
            return from..<to
        }
        if list.flow {
            if item > 0, let previous = try? list.place(item - 1) {
                splices.replace(try span(previous.end, place.end), with: "")
            } else if item + 1 < list.items.count, let next = try? list.place(item + 1) {
                splices.replace(try span(place.start, next.start), with: "")
            } else if let open = list.rootStart {
                let close = text.flowEnd(open) - 1
                splices.replace((open + 1)..<max(open + 1, close), with: "")
            }
        } else {
            var start = text.startOfLine(place.entryStart)
            // The comment lines right above, unless they run up to the file's first line.
            var first = start
            while first > text.bodyStart {
                let above = text.startOfLine(first - 1)
                guard text.isCommentLine(above) else { break }
                first = above
            }
            if first > text.bodyStart || first == start { start = first }
            splices.replace(text.lineRemoval(from: start, through: place.end), with: "")
        }
        return splices
    }

    /// Adds a record at the end of the list, written as the file's last record is: its
    /// indentation, block or flow record and lists, quoting, key spacing, JSON indentation.
    public func append(fields: [EditField]) throws(EditRefusal) -> [UInt8] {
        try apply(.append(fields: fields)).bytes
    }

    private func appendSplices(_ list: RecordList, fields: [EditField]) throws(EditRefusal) -> Splices {
        let text = list.text
        let json = format == .json
        var splices = Splices()
        let lineEnd = String(decoding: text.lineEnd, as: UTF8.self)
        if let lastIndex = list.items.indices.last {
            let place = try list.place(lastIndex)
            let layout = try MappingLayout(place.node, at: place.start, in: text, parentIndent: place.dashColumn, field: nil)
            let writer = writer(list, quotesOf: place)
            let record = RecordWriter(text: text, writer: writer).record(fields, like: layout, entryStart: place.entryStart,
                                                                          flowList: list.flow)
            if list.flow {
                let between = lineStartGap(text, place: place)
                splices.insert("," + between + record, at: place.end)
            } else {
                splices.insert(lineEnd + record, at: place.end)
            }
        } else {
            let writer = ValueWriter(json: json, quote: .doubleQuoted, lineEnd: lineEnd)
            let records = RecordWriter(text: text, writer: writer)
            if let open = list.rootStart {
                // An empty list, `[]`: JSON gets one record a line inside it; YAML a block list.
                let close = text.flowEnd(open)
                let indent = text.indentation(text.startOfLine(open))
                let body = json
                    ? "[" + lineEnd + records.fresh(fields, indent: indent + 2) + lineEnd + String(repeating: " ", count: indent) + "]"
                    : records.fresh(fields, indent: indent)
                splices.replace(open..<close, with: body)
            } else {
                // An empty file, or one of comments only.
                var body = json ? "[" + lineEnd + records.fresh(fields, indent: 2) + lineEnd + "]" : records.fresh(fields, indent: 0)
                body += lineEnd
                if bytes.count > text.bodyStart, !text.isBreak(bytes.count - 1) { body = lineEnd + body }
                splices.insert(body, at: bytes.count)
            }
        }
        return splices
    }

    /// What separates two records of a flow list: a line break and the last record's
    /// indentation when it starts a line, else a space.
    private func lineStartGap(_ text: SourceText, place: RecordList.Place) -> String {
        let prefix = text.prefix(before: place.start)
        guard prefix.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return " " }
        return String(decoding: text.lineEnd + prefix, as: UTF8.self)
    }

    /// The writer for a record: the file's line ending, and single quotes where the record's
    /// quoted values are all single-quoted.
    private func writer(_ list: RecordList, quotesOf place: RecordList.Place) -> ValueWriter {
        let region = list.text.bytes[place.start..<max(place.start, place.end)]
        let singles = region.contains(UInt8(ascii: "'")) && !region.contains(UInt8(ascii: "\""))
        return ValueWriter(json: format == .json, quote: singles ? .singleQuoted : .doubleQuoted,
                           lineEnd: String(decoding: list.text.lineEnd, as: UTF8.self))
    }
}

/// A file parsed once for an editor that is shared between threads: Yams' nodes resolve their
/// tags lazily, in place, on the first comparison, so every use of them holds the lock.
final class ParsedSource: @unchecked Sendable {
    private let lock = NSLock()
    private let list: Result<RecordList, EditRefusal>
    let decoded: ContentLoader.CollectionResult?

    init(_ list: Result<RecordList, EditRefusal>) {
        self.list = list
        decoded = try? list.get().decoded
    }

    /// Runs `body` on the parsed file, or throws why the file could not be parsed.
    func withList<T>(_ body: (RecordList) throws(EditRefusal) -> T) throws(EditRefusal) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(list.get())
    }
}
