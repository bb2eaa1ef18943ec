import Yams

/// How a value was written, to write a new one the same way: the scalar's quoting, and
/// whether a list or mapping was a block (one entry a line) or flow (`[a, b]`, `{k: v}`) one.
struct ValueShape {
    var scalar: ScalarStyle = .plain
    var blockList = false
    var blockMapping = true
    /// The separator between the items of a flow list.
    var listSeparator = ", "

    /// The shape of the value written at `start` in `text`.
    init(of node: Node, at start: Int, in text: SourceText) {
        let first = start < text.bytes.count ? text.bytes[start] : nil
        switch node {
        case .scalar: scalar = ScalarStyle(first: first)
        case let .sequence(items):
            blockList = first != UInt8(ascii: "[")
            if let item = items.first, let at = text.offset(of: item.mark), at < text.bytes.count {
                scalar = ScalarStyle(first: text.bytes[at])
                let end = text.end(of: item, at: at, flow: true, parentIndent: 0)
                if items.count > 1, let next = text.offset(of: items[1].mark), next > end, !blockList {
                    listSeparator = String(decoding: text.bytes[end..<next], as: UTF8.self)
                }
            }
        case .mapping: blockMapping = first != UInt8(ascii: "{")
        case .alias: break
        }
    }

    init(scalar: ScalarStyle = .plain, blockList: Bool = false, blockMapping: Bool = true) {
        self.scalar = scalar
        self.blockList = blockList
        self.blockMapping = blockMapping
    }
}

/// Writes values in a file's format and habits.
struct ValueWriter {
    let json: Bool
    /// The quote the file uses where a plain scalar cannot stand: double unless its quoted
    /// scalars are single-quoted.
    let quote: ScalarStyle
    let lineEnd: String

    /// A text or number as one scalar; a number is written as given, plain.
    func scalar(_ value: EditValue, style: ScalarStyle, flow: Bool) -> String {
        switch value {
        case let .text(text): return json ? ScalarWriting.json(text) : ScalarWriting.yaml(text, style: style, quote: quote, flow: flow)
        case let .number(literal): return literal
        case let .list(items): return inlineList(items, styles: [], style: style, separator: ", ")
        case let .mapping(fields): return inlineMapping(fields, style: style, separator: ": ")
        }
    }

    func key(_ key: String, flow: Bool) -> String {
        json ? ScalarWriting.json(key) : ScalarWriting.yaml(key, style: .plain, quote: quote, flow: flow)
    }

    /// `[a, b]`: each item in the style of the item written at its place before, else `style`.
    func inlineList(_ items: [String], styles: [ScalarStyle], style: ScalarStyle, separator: String) -> String {
        "[" + items.enumerated().map { i, item in
            scalar(.text(item), style: i < styles.count ? styles[i] : style, flow: true)
        }.joined(separator: separator) + "]"
    }

    /// `{k: v, …}` on one line.
    func inlineMapping(_ fields: [EditField], style: ScalarStyle, separator: String) -> String {
        "{" + fields.map { key($0.key, flow: true) + separator + scalar($0.value, style: style, flow: true) }
            .joined(separator: ", ") + "}"
    }

    /// A list of one item a line (`- a`), each line after the first starting with `indent`.
    func blockList(_ items: [String], styles: [ScalarStyle], style: ScalarStyle, indent: String) -> String {
        items.enumerated().map { i, item in
            "- " + scalar(.text(item), style: i < styles.count ? styles[i] : style, flow: false)
        }.joined(separator: lineEnd + indent)
    }

    /// What follows a key's colon for a new value: ` value` on the key's line, or, for a block
    /// list or mapping (and a JSON object over several lines), the lines below it. `indent` is
    /// the key's indentation and `step` one level more.
    func afterColon(_ value: EditValue, shape: ValueShape, indent: String, step: String, space: String, flow: Bool,
                    multilineJSON: Bool) -> String {
        switch value {
        case .text, .number:
            return space + scalar(value, style: shape.scalar, flow: flow)
        case let .list(items):
            if json || flow || !shape.blockList || items.isEmpty {
                return space + inlineList(items, styles: [], style: shape.scalar, separator: shape.listSeparator)
            }
            return lineEnd + indent + step + blockList(items, styles: [], style: shape.scalar, indent: indent + step)
        case let .mapping(fields):
            if json {
                guard multilineJSON, !fields.isEmpty else { return space + inlineMapping(fields, style: .doubleQuoted, separator: ": ") }
                return space + "{" + lineEnd + fields.map { indent + step + key($0.key, flow: true) + ": " + scalar($0.value, style: .doubleQuoted, flow: true) }
                    .joined(separator: "," + lineEnd) + lineEnd + indent + "}"
            }
            if flow || !shape.blockMapping || fields.isEmpty { return space + inlineMapping(fields, style: shape.scalar, separator: ": ") }
            return lineEnd + fields.map { field in
                indent + step + key(field.key, flow: false) + ":"
                    + afterColon(field.value, shape: ValueShape(scalar: shape.scalar), indent: indent + step, step: step,
                                 space: " ", flow: false, multilineJSON: false)
            }.joined(separator: lineEnd)
        }
    }
}
