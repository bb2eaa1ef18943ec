import Yams

/// Where a mapping's keys and values were written: for each entry, the key's bytes, the
/// separator after it and the value's bytes. A value written as nothing (`key:`) is an empty
/// range just past the colon.
struct MappingLayout {
    struct Entry {
        var key: String
        var keyStart: Int
        var keyEnd: Int
        /// Just past the `:`.
        var colonEnd: Int
        var valueStart: Int
        var valueEnd: Int
        var value: Node
        /// Whether the value was written as nothing at all.
        var empty: Bool
    }

    /// Whether the mapping is written `{…}` (always so in JSON).
    var flow: Bool
    /// The `{` of a flow mapping, else the first key.
    var start: Int
    /// Past the `}` of a flow mapping, else the end of the last value.
    var end: Int
    var entries: [Entry]

    /// Reads the layout of `node`, a mapping starting at `start`; `parentIndent` is the column
    /// of the key (or dash) it belongs to. Refuses a mapping with anchors, aliases, tags or keys
    /// that are not plain text.
    init(_ node: Node, at start: Int, in text: SourceText, parentIndent: Int, field: String?) throws(EditRefusal) {
        guard case let .mapping(mapping) = node else {
            throw EditRefusal("the record is not a mapping of fields", field: field)
        }
        self.start = start
        flow = start < text.bytes.count && text.bytes[start] == UInt8(ascii: "{")
        var entries: [Entry] = []
        var last = start
        for (keyNode, value) in mapping {
            guard case let .scalar(key) = keyNode, let keyStart = text.offset(of: keyNode.mark), keyStart >= last else {
                throw EditRefusal("a key of this record could not be found in the file", field: field)
            }
            try Self.refuseMarkup(at: keyStart, in: text, field: field)
            let keyEnd = text.keyEnd(keyStart)
            var colon = keyEnd
            while colon < text.bytes.count, text.bytes[colon] == 0x20 || text.bytes[colon] == 0x09 { colon += 1 }
            guard colon < text.bytes.count, text.bytes[colon] == UInt8(ascii: ":") else {
                throw EditRefusal("the key \(key.string) is not followed by a colon where expected", field: field)
            }
            let colonEnd = colon + 1
            let qualified = field.map { "\($0).\(key.string)" } ?? key.string
            let keyColumn = keyStart - text.startOfLine(keyStart)
            var entry = Entry(key: key.string, keyStart: keyStart, keyEnd: keyEnd, colonEnd: colonEnd, valueStart: colonEnd,
                              valueEnd: colonEnd, value: value, empty: false)
            if case let .scalar(scalar) = value, scalar.string.isEmpty, scalar.style == .plain {
                entry.empty = true
            } else {
                if let valueStart = text.offset(of: value.mark) { try Self.refuseMarkup(at: valueStart, in: text, field: qualified) }
                guard let valueStart = text.offset(of: value.mark), valueStart >= colonEnd else {
                    throw EditRefusal("the value of \(key.string) could not be found in the file", field: qualified)
                }
                entry.valueStart = valueStart
                entry.valueEnd = text.end(of: value, at: valueStart, flow: flow || text.format == .json, parentIndent: keyColumn)
                try Self.refuseNested(value, in: text, field: qualified)
            }
            last = max(entry.valueEnd, entry.colonEnd)
            entries.append(entry)
        }
        self.entries = entries
        end = flow ? text.flowEnd(start) : (entries.last.map { max($0.valueEnd, $0.colonEnd) } ?? start)
    }

    /// Refuses a node written with an anchor (`&a`), an alias (`*a`, whose node Yams gives with
    /// the anchor's place) or a tag (`!x`): rewriting one would change other records' values
    /// or the value's type.
    static func refuseMarkup(at offset: Int, in text: SourceText, field: String?) throws(EditRefusal) {
        guard offset < text.bytes.count else { return }
        switch text.bytes[offset] {
        case UInt8(ascii: "&"), UInt8(ascii: "*"):
            throw EditRefusal("the record uses YAML anchors or aliases (& and *); edit this record in a text editor instead",
                              field: field)
        case UInt8(ascii: "!"):
            throw EditRefusal("the record uses a YAML tag (!); edit this record in a text editor instead", field: field)
        default: return
        }
    }

    /// Checks the items of a list and the values of a nested mapping for anchors and aliases.
    static func refuseNested(_ node: Node, in text: SourceText, field: String?) throws(EditRefusal) {
        switch node {
        case let .sequence(sequence):
            for item in sequence {
                try refuseMarkup(at: text.offset(of: item.mark) ?? 0, in: text, field: field)
                try refuseNested(item, in: text, field: field)
            }
        case let .mapping(mapping):
            for (key, value) in mapping {
                try refuseMarkup(at: text.offset(of: key.mark) ?? 0, in: text, field: field)
                try refuseMarkup(at: text.offset(of: value.mark) ?? 0, in: text, field: field)
                try refuseNested(value, in: text, field: field)
            }
        case .alias:
            throw EditRefusal("the record uses YAML anchors or aliases (& and *); edit this record in a text editor instead",
                              field: field)
        case .scalar: return
        }
    }

    func index(of key: String) -> Int? {
        entries.firstIndex { $0.key == key }
    }
}
