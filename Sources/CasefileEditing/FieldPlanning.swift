import Yams

/// Plans the byte changes that set, add and remove fields of one mapping (a record, or a
/// nested mapping such as `sleepSchedule`): each changed value replaced where it was written,
/// in its old style; each new key on a line of its own (or after a comma in a flow mapping)
/// after the nearest key before it in the schema's order; each removed key with its line.
struct FieldPlanner {
    let text: SourceText
    let writer: ValueWriter
    /// The key prefix of a nested mapping (`sleepSchedule.`), for refusals.
    let prefix: String

    func plan(_ changes: [FieldChange], in layout: MappingLayout, keyOrder: [String], into splices: inout Splices) throws(EditRefusal) {
        let json = text.format == .json
        let flowLike = layout.flow || json
        let removed = Set(changes.filter { $0.value == nil }.map(\.key))
        let kept = layout.entries.indices.filter { !removed.contains(layout.entries[$0].key) }
        if kept.isEmpty, !layout.entries.isEmpty, changes.allSatisfy({ $0.value == nil || layout.index(of: $0.key) != nil }) {
            throw EditRefusal("removing every field would leave an empty record", field: prefix.isEmpty ? nil : String(prefix.dropLast()))
        }
        // The habits of this mapping: the key's indentation and what stands around its colon.
        let sample = layout.entries.first { !$0.empty } ?? layout.entries.first
        let beforeColon = sample.map { String(decoding: text.bytes[$0.keyEnd..<($0.colonEnd - 1)], as: UTF8.self) } ?? ""
        let space = sample.flatMap { $0.empty ? nil : String(decoding: text.bytes[$0.colonEnd..<$0.valueStart], as: UTF8.self) }
            .flatMap { $0.contains(where: { $0 == "\n" || $0 == "\r" }) ? nil : $0 } ?? " "
        let keyPrefix = sample.map { text.prefix(before: $0.keyStart) } ?? []
        let prefixIsIndent = keyPrefix.allSatisfy { $0 == 0x20 || $0 == 0x09 }
        let indent = String(repeating: " ", count: keyPrefix.count)
        let multiline = flowLike && prefixIsIndent && !layout.entries.isEmpty
        let step = String(repeating: " ", count: max(1, json ? stepWidth(layout) : 2))

        // New keys at one place are inserted in the schema's order, whatever order they came in.
        let ordered = changes.enumerated().sorted {
            (keyOrder.firstIndex(of: $0.element.key) ?? keyOrder.count, $0.offset)
                < (keyOrder.firstIndex(of: $1.element.key) ?? keyOrder.count, $1.offset)
        }.map(\.element)
        for change in ordered {
            let qualified = prefix + change.key
            if let index = layout.index(of: change.key) {
                let entry = layout.entries[index]
                if let value = change.value {
                    try replace(entry, with: value, layout: layout, indent: indent, step: step, space: space, multiline: multiline,
                                field: qualified, into: &splices)
                } else {
                    remove(index, in: layout, removed: removed, into: &splices)
                }
                continue
            }
            guard let value = change.value else { continue }
            // A new key: after the nearest kept key before it in the schema's order, else after
            // `id`, else after the last kept key.
            let position = keyOrder.firstIndex(of: change.key)
            let before = position.map { Array(keyOrder[..<$0]) } ?? keyOrder
            let anchor = before.reversed().lazy.compactMap { key in kept.first { layout.entries[$0].key == key } }.first
                ?? kept.first { layout.entries[$0].key == "id" } ?? kept.last
            let keyText = writer.key(change.key, flow: flowLike)
            let shape = ValueShape(scalar: .plain, blockList: false, blockMapping: !flowLike)
            let valueText = writer.afterColon(value, shape: shape, indent: indent, step: step, space: space, flow: layout.flow,
                                              multilineJSON: multiline)
            let entryText = keyText + beforeColon + ":" + valueText
            if let anchor {
                let a = layout.entries[anchor]
                let anchorEnd = max(a.valueEnd, a.colonEnd)
                if flowLike {
                    splices.insert("," + (multiline ? writer.lineEnd + indent : " ") + entryText, at: anchorEnd)
                } else {
                    let eol = text.endOfLine(anchorEnd)
                    if eol < text.bytes.count {
                        splices.insert(indent + entryText + writer.lineEnd, at: text.pastBreak(eol))
                    } else {
                        splices.insert(writer.lineEnd + indent + entryText, at: eol)
                    }
                }
            } else if flowLike {
                // An empty flow mapping: just inside its brace.
                splices.insert(entryText, at: layout.start + 1)
            } else {
                throw EditRefusal("a field cannot be added to a record written without fields", field: qualified)
            }
        }
    }

    /// How far a JSON object's keys are indented past the line of its `{`.
    private func stepWidth(_ layout: MappingLayout) -> Int {
        guard let first = layout.entries.first else { return 2 }
        let keyIndent = text.keyColumn(first.keyStart)
        let braceIndent = text.indentation(text.startOfLine(layout.start))
        return keyIndent > braceIndent ? keyIndent - braceIndent : 2
    }

    private func replace(_ entry: MappingLayout.Entry, with value: EditValue, layout: MappingLayout, indent: String, step: String,
                         space: String, multiline: Bool, field: String, into splices: inout Splices) throws(EditRefusal) {
        if ReadBack.matches(entry.value, value, json: text.format == .json), !entry.empty { return }
        let flowLike = layout.flow || text.format == .json
        let shape = entry.empty ? ValueShape(blockMapping: !flowLike) : ValueShape(of: entry.value, at: entry.valueStart, in: text)
        switch (entry.value, value) {
        case (.scalar, .text), (.scalar, .number):
            guard !entry.empty else {
                splices.insert(space + writer.scalar(value, style: .plain, flow: flowLike), at: entry.colonEnd)
                return
            }
            splices.replace(entry.valueStart..<entry.valueEnd, with: writer.scalar(value, style: shape.scalar, flow: flowLike))
        case let (.sequence(old), .list(new)) where !entry.empty:
            try replaceList(entry, old: Array(old), new: new, shape: shape, flow: flowLike, field: field, into: &splices)
        case let (.mapping, .mapping(fields)) where !entry.empty:
            let nested = try MappingLayout(entry.value, at: entry.valueStart, in: text,
                                           parentIndent: text.keyColumn(entry.keyStart), field: field)
            let keys = fields.map(\.key)
            let changes = fields.map { FieldChange($0.key, $0.value) }
                + nested.entries.filter { !keys.contains($0.key) }.map { FieldChange($0.key, nil) }
            let planner = FieldPlanner(text: text, writer: writer, prefix: field + ".")
            try planner.plan(changes, in: nested, keyOrder: keys, into: &splices)
        default:
            // A value of another kind (a list where text was, a mapping where nothing was):
            // everything after the colon is written anew.
            let keyIndent = String(repeating: " ", count: text.keyColumn(entry.keyStart))
            let newShape = ValueShape(scalar: entry.empty ? .plain : shape.scalar, blockList: false, blockMapping: !flowLike)
            splices.replace(entry.colonEnd..<max(entry.valueEnd, entry.colonEnd),
                            with: writer.afterColon(value, shape: newShape, indent: keyIndent, step: step, space: space,
                                                    flow: layout.flow, multilineJSON: multiline))
        }
    }

    /// A list changed: item by item when it keeps its length, else written anew in its style.
    private func replaceList(_ entry: MappingLayout.Entry, old: [Node], new: [String], shape: ValueShape, flow: Bool,
                             field: String, into splices: inout Splices) throws(EditRefusal) {
        var places: [(start: Int, end: Int, style: ScalarStyle)] = []
        for item in old {
            guard case .scalar = item, let start = text.offset(of: item.mark), start < text.bytes.count else {
                throw EditRefusal("the list holds something other than plain values", field: field)
            }
            let end = text.end(of: item, at: start, flow: !shape.blockList || text.format == .json,
                               parentIndent: text.keyColumn(start))
            places.append((start, end, ScalarStyle(first: text.bytes[start])))
        }
        if old.count == new.count {
            for (i, item) in new.enumerated() where !ReadBack.matches(old[i], .text(item), json: text.format == .json) {
                splices.replace(places[i].start..<places[i].end,
                                with: writer.scalar(.text(item), style: places[i].style, flow: !shape.blockList || flow))
            }
            return
        }
        let styles = places.map(\.style)
        if shape.blockList, !new.isEmpty, let first = places.first {
            let indent = String(repeating: " ", count: text.keyColumn(first.start) - 2)
            splices.replace(entry.valueStart..<entry.valueEnd,
                            with: writer.blockList(new, styles: styles, style: shape.scalar, indent: indent))
        } else if shape.blockList {
            splices.replace(entry.colonEnd..<entry.valueEnd, with: " []")
        } else if text.format == .json, let first = places.first, let close = Optional(entry.valueEnd - 1),
                  text.endOfLine(entry.valueStart) < first.start, !new.isEmpty {
            // A JSON array of one item a line stays so.
            let itemIndent = String(decoding: text.prefix(before: first.start), as: UTF8.self)
            let closeIndent = String(decoding: text.prefix(before: close), as: UTF8.self)
            splices.replace(entry.valueStart..<entry.valueEnd,
                            with: "[" + writer.lineEnd + itemIndent
                                + new.map { ScalarWriting.json($0) }.joined(separator: "," + writer.lineEnd + itemIndent)
                                + writer.lineEnd + closeIndent + "]")
        } else {
            splices.replace(entry.valueStart..<entry.valueEnd,
                            with: writer.inlineList(new, styles: styles, style: shape.scalar, separator: shape.listSeparator))
        }
    }

    /// A key removed with its value: its whole line (and a comment on it) in a block mapping,
    /// or with the comma before it (after it, for the first) in a flow mapping or JSON object.
    private func remove(_ index: Int, in layout: MappingLayout, removed: Set<String>, into splices: inout Splices) {
        let entry = layout.entries[index]
        let end = max(entry.valueEnd, entry.colonEnd)
        let keptBefore = layout.entries[..<index].last { !removed.contains($0.key) }
        let keptAfter = layout.entries[(index + 1)...].first { !removed.contains($0.key) }
        if layout.flow || text.format == .json {
            if let before = keptBefore {
                splices.replace(max(before.valueEnd, before.colonEnd)..<end, with: "")
            } else if let after = keptAfter {
                splices.replace(entry.keyStart..<after.keyStart, with: "")
            } else {
                splices.replace(entry.keyStart..<end, with: "")
            }
            return
        }
        let lineStart = text.startOfLine(entry.keyStart)
        let ownLine = text.bytes[lineStart..<entry.keyStart].allSatisfy { $0 == 0x20 || $0 == 0x09 }
        if !ownLine, let after = keptAfter {
            // The first key, on its list entry's line: the next kept key moves up to the dash.
            splices.replace(entry.keyStart..<after.keyStart, with: "")
            return
        }
        splices.replace(text.lineRemoval(from: lineStart, through: end), with: "")
    }
}

extension SourceText {
    /// The column (in bytes from the line's start) of a key: its indentation, counting a
    /// list entry's `- ` before it.
    func keyColumn(_ keyStart: Int) -> Int {
        keyStart - startOfLine(keyStart)
    }
}
