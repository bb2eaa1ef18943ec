/// Writes a whole new record in the style of a record already in the file.
struct RecordWriter {
    let text: SourceText
    let writer: ValueWriter

    /// `fields` written as `template` (the file's last record) is: a block record's entry
    /// prefix (`- `, `  - `) and key indentation, or a flow record `{…}` on one line, or a JSON
    /// object one key a line or inline; each value in the style of the template's value of the
    /// same key.
    func record(_ fields: [EditField], like template: MappingLayout, entryStart: Int, flowList: Bool) -> String {
        let json = text.format == .json
        let sample = template.entries.first { !$0.empty } ?? template.entries.first
        let space = sample.flatMap { $0.empty ? nil : String(decoding: text.bytes[$0.colonEnd..<$0.valueStart], as: UTF8.self) }
            .flatMap { $0.contains(where: { $0 == "\n" || $0 == "\r" }) ? nil : $0 } ?? " "
        let beforeColon = sample.map { String(decoding: text.bytes[$0.keyEnd..<($0.colonEnd - 1)], as: UTF8.self) } ?? ""
        func shape(_ key: String) -> ValueShape {
            template.entries.first { $0.key == key && !$0.empty }.map { ValueShape(of: $0.value, at: $0.valueStart, in: text) }
                ?? ValueShape(scalar: .plain, blockList: false, blockMapping: !template.flow)
        }
        if template.flow || json {
            let keyPrefix = sample.map { text.prefix(before: $0.keyStart) } ?? []
            let multiline = !keyPrefix.isEmpty && keyPrefix.allSatisfy { $0 == 0x20 || $0 == 0x09 }
            let keyIndent = String(repeating: " ", count: keyPrefix.count)
            let braceIndent = text.prefix(before: template.start)
            let braceText = braceIndent.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) ? String(decoding: braceIndent, as: UTF8.self) : ""
            let step = String(repeating: " ", count: max(1, keyPrefix.count - braceText.count))
            let entries = fields.map { field in
                writer.key(field.key, flow: true) + beforeColon + ":"
                    + writer.afterColon(field.value, shape: shape(field.key), indent: keyIndent, step: step, space: space,
                                        flow: !json, multilineJSON: multiline)
            }
            let dash = flowList ? "" : String(decoding: text.bytes[text.startOfLine(entryStart)..<template.start], as: UTF8.self)
                .drop { $0 == " " || $0 == "\t" }
            let lead = flowList ? "" : String(repeating: " ", count: entryStart - text.startOfLine(entryStart)) + dash
            guard multiline else { return lead + "{" + entries.joined(separator: ", ") + "}" }
            return lead + "{" + writer.lineEnd + keyIndent + entries.joined(separator: "," + writer.lineEnd + keyIndent)
                + writer.lineEnd + braceText + "}"
        }
        // A block record: the first key on the dash's line, the others below it.
        let lineStart = text.startOfLine(entryStart)
        let firstKey = sample?.keyStart ?? (entryStart + 2)
        let lead = String(decoding: text.bytes[lineStart..<min(firstKey, max(lineStart, firstKey))], as: UTF8.self)
        let indent = String(repeating: " ", count: firstKey - lineStart)
        return fields.enumerated().map { i, field in
            (i == 0 ? lead : indent) + writer.key(field.key, flow: false) + beforeColon + ":"
                + writer.afterColon(field.value, shape: shape(field.key), indent: indent, step: "  ", space: space, flow: false,
                                    multilineJSON: false)
        }.joined(separator: writer.lineEnd)
    }

    /// A record for a list with none to copy: a block record at `indent` in YAML, a JSON object
    /// one key a line at `indent` (its keys two further in).
    func fresh(_ fields: [EditField], indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        if text.format == .json {
            let keys = pad + "  "
            return pad + "{" + writer.lineEnd + fields.map { field in
                keys + writer.key(field.key, flow: true) + ":"
                    + writer.afterColon(field.value, shape: ValueShape(), indent: keys, step: "  ", space: " ", flow: false,
                                        multilineJSON: true)
            }.joined(separator: "," + writer.lineEnd) + writer.lineEnd + pad + "}"
        }
        return fields.enumerated().map { i, field in
            (i == 0 ? pad + "- " : pad + "  ") + writer.key(field.key, flow: false) + ":"
                + writer.afterColon(field.value, shape: ValueShape(), indent: pad + "  ", step: "  ", space: " ", flow: false,
                                    multilineJSON: false)
        }.joined(separator: writer.lineEnd)
    }
}
