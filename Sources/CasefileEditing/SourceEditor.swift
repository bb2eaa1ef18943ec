import Yams
import CasefileModel

/// Edits one case file's records by changing only the bytes of what changed: everything else —
/// comments, blank lines, key order, quoting, indentation, flow or block style, line endings, a
/// byte-order mark, a missing final newline — stays byte for byte. Every result is read back
/// with the loader before it is returned (`ReadBack`); an edit that cannot be made so is
/// refused with an `EditRefusal` and no bytes.
public struct SourceEditor: Sendable {
    public let bytes: [UInt8]
    public let format: SourceFormat
    public let collection: CaseCollection

    public init(bytes: [UInt8], format: SourceFormat, collection: CaseCollection) {
        self.bytes = bytes
        self.format = format
        self.collection = collection
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
        guard let list = try? RecordList(bytes, format: format, collection: collection),
              let place = try? list.place(item) else { return nil }
        return place.entryStart..<place.end
    }

    /// Changes, adds or removes (a nil value) fields of record `item`. A new key goes after the
    /// nearest key present that comes before it in `keyOrder` (else after `id`), at the
    /// record's indentation and in its style.
    public func set(fields: [FieldChange], item: Int, keyOrder: [String]? = nil) throws(EditRefusal) -> [UInt8] {
        let list = try RecordList(bytes, format: format, collection: collection)
        let place = try list.place(item)
        let layout = try MappingLayout(place.node, at: place.start, in: list.text, parentIndent: place.dashColumn, field: nil)
        var splices = Splices()
        let planner = FieldPlanner(text: list.text, writer: writer(list, quotesOf: place), prefix: "")
        try planner.plan(fields, in: layout, keyOrder: keyOrder ?? self.keyOrder, into: &splices)
        let new = try splices.apply(to: bytes)
        try ReadBack.verify(old: list, newBytes: new, format: format, collection: collection, expecting: .set(item: item, changes: fields))
        return new
    }

    /// Convenience for `set(fields:item:keyOrder:)` with pairs.
    public func set(_ fields: [(key: String, value: EditValue?)], item: Int, keyOrder: [String]? = nil) throws(EditRefusal) -> [UInt8] {
        try set(fields: fields.map { FieldChange($0.key, $0.value) }, item: item, keyOrder: keyOrder)
    }

    /// Removes record `item`: its list entry, with the comment lines directly above it (YAML;
    /// not a comment block that starts the file, which is the file's own header), or in JSON
    /// and flow lists with the comma that separated it.
    public func delete(item: Int) throws(EditRefusal) -> [UInt8] {
        let list = try RecordList(bytes, format: format, collection: collection)
        let place = try list.place(item)
        let text = list.text
        var splices = Splices()
        if list.flow {
            if item > 0, let previous = try? list.place(item - 1) {
                splices.replace(previous.end..<place.end, with: "")
            } else if item + 1 < list.items.count, let next = try? list.place(item + 1) {
                splices.replace(place.start..<next.start, with: "")
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
        let new = try splices.apply(to: bytes)
        try ReadBack.verify(old: list, newBytes: new, format: format, collection: collection, expecting: .delete(item: item))
        return new
    }

    /// Adds a record at the end of the list, written as the file's last record is: its
    /// indentation, block or flow record and lists, quoting, key spacing, JSON indentation.
    public func append(fields: [EditField]) throws(EditRefusal) -> [UInt8] {
        let list = try RecordList(bytes, format: format, collection: collection)
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
        let new = try splices.apply(to: bytes)
        try ReadBack.verify(old: list, newBytes: new, format: format, collection: collection, expecting: .append(fields))
        return new
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
