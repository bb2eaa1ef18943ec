import CasefileLocalization
import Yams
import CasefileModel

/// Reads the fields of one YAML/JSON mapping into typed values, turning every missing field, wrong
/// type or unknown key into a positioned diagnostic (the nodes carry their marks). The places
/// later rules report at are kept in `FieldPlaces` as the record is read. It never traps,
/// whatever the input.
package struct FieldReader {
    let path: String
    let collection: CaseCollection?
    var recordID: String?
    /// The known keys' values, in the order written (a record has a few: a search beats a hash).
    private let values: Values
    /// Where the mapping starts.
    let start: SourceLocation
    package private(set) var diagnostics: [Diagnostic] = []
    /// A prefix for nested readers (`sleepSchedule.`).
    private let prefix: String

    /// Reads `node` as a mapping whose allowed keys are `known`; nil (with a type-mismatch
    /// diagnostic in `problems`) when it is not a mapping.
    package static func make(_ node: Node, path: String, collection: CaseCollection?, what: String, known: [FieldName],
                     prefix: String = "", recordID: String? = nil, problems: inout [Diagnostic]) -> FieldReader? {
        let location = SourceLocation(path: path, mark: node.mark)
        guard case let .mapping(mapping) = node else {
            problems.append(Diagnostic(
                rule: .typeMismatch,
                message: "\(what) must be a mapping of fields, got \(node.kindDescription)",
                location: location, collection: collection, recordID: recordID,
                field: prefix.isEmpty ? nil : FieldName(asWritten: String(prefix.dropLast())), value: node.excerpt,
                fix: "Write \(what) as `key: value` lines."))
            return nil
        }
        return FieldReader(mapping: mapping, location: location, path: path, collection: collection,
                           known: known, prefix: prefix, recordID: recordID)
    }

    private init(mapping: Node.Mapping, location: SourceLocation, path: String, collection: CaseCollection?,
                 known: [FieldName], prefix: String, recordID: String?) {
        self.path = path
        self.collection = collection
        self.prefix = prefix
        self.start = location
        var values = Values()
        var unknown: [(String, Node)] = []
        for (key, value) in mapping {
            guard case let .scalar(scalar) = key else { continue }
            if known.contains(where: { $0.key == scalar.string }) {
                values.set(scalar.string, value)
            } else {
                unknown.append((scalar.string, key))
            }
        }
        self.values = values
        // The id first, so that the other problems can name the record.
        self.recordID = recordID ?? values[FieldName.id.key]?.scalar?.string
        for (name, key) in unknown {
            diagnostics.append(Diagnostic(
                rule: .unknownField,
                phrase: Phrase(.messageUnknownField, ["field": .text(prefix + name)],
                               nearest: Suggestion.nearest(to: name, in: known.map(\.key))),
                location: SourceLocation(path: path, mark: key.mark), collection: collection,
                recordID: self.recordID, field: FieldName(asWritten: prefix + name), value: name,
                fix: Phrase(.fixUnknownField, ["fields": .text(known.map(\.key).joined(separator: ", "))])))
        }
    }

    /// The value node of `key`; nil when absent or null.
    private mutating func node(_ key: String, required: Bool) -> Node? {
        guard let node = values[key], !node.isNull else {
            if required {
                diagnostics.append(Diagnostic(
                    rule: .missingField,
                    phrase: Phrase(.messageMissingField, ["field": .text(prefix + key)]),
                    location: values[key].map { SourceLocation(path: path, mark: $0.mark) } ?? start,
                    collection: collection, recordID: recordID, field: qualified(key),
                    fix: Phrase(.fixMissingField, ["field": .text(key)])))
            }
            return nil
        }
        return node
    }

    /// A key of this mapping as a field of the record: `sleepSchedule.sleep` in a nested reader.
    func qualified(_ key: String) -> FieldName {
        FieldName(asWritten: prefix + key)
    }

    /// Where the value of `field` was written, when it is there.
    func place(of field: FieldName) -> FieldPlace? {
        values[field.key].map { FieldPlace(SourceLocation(path: path, mark: $0.mark)) }
    }

    /// Where the value of `field` was written, else where the mapping starts.
    func location(of field: FieldName) -> SourceLocation {
        values[field.key].map { SourceLocation(path: path, mark: $0.mark) } ?? start
    }

    mutating func mismatch(_ key: String, expected: String, got node: Node, fix: String? = nil) {
        diagnostics.append(Diagnostic(
            rule: .typeMismatch,
            message: "\(prefix)\(key) must be \(expected), got \(node.kindDescription)",
            location: SourceLocation(path: path, mark: node.mark), collection: collection,
            recordID: recordID, field: qualified(key), value: node.excerpt, fix: fix))
    }

    /// A present value of the right type that is not one this field allows.
    mutating func invalid(_ field: FieldName, expected: String, got value: String, fix: String? = nil) {
        let key = field.key
        diagnostics.append(Diagnostic(
            rule: .typeMismatch, message: "\(prefix)\(key) must be \(expected), got \"\(value)\"",
            location: location(of: field), collection: collection, recordID: recordID, field: qualified(key),
            value: value, fix: fix))
    }

    mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// Any scalar, read as text.
    mutating func string(_ field: FieldName, required: Bool = false) -> String? {
        let key = field.key
        guard let node = node(key, required: required) else { return nil }
        guard case let .scalar(scalar) = node else {
            mismatch(key, expected: "text", got: node)
            return nil
        }
        return scalar.string
    }

    /// A number: an unquoted scalar (or JSON number) that reads as one.
    mutating func number(_ field: FieldName, required: Bool = false) -> Double? {
        let key = field.key
        guard let node = node(key, required: required) else { return nil }
        guard case let .scalar(scalar) = node, scalar.style == .plain || scalar.style == .any else {
            mismatch(key, expected: "a number", got: node, fix: "Write a number without quotes, such as 0.5.")
            return nil
        }
        // YAML's digit separators (`1_000`) are not the number's.
        let written = scalar.string.utf8.contains(UInt8(ascii: "_"))
            ? String(decoding: scalar.string.utf8.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self) : scalar.string
        guard let value = Double(written), value.isFinite else {
            // YAML's .nan and .inf, and numbers too large for a double (1e999): not numbers a case can use.
            let lower = written.lowercased()
            if Double(written) != nil || [".nan", ".inf", "+.inf", "-.inf"].contains(lower) {
                invalid(field, expected: "a finite number", got: scalar.string, fix: "Write a number such as 0.5.")
            } else {
                mismatch(key, expected: "a number", got: node, fix: "Write a number without quotes, such as 0.5.")
            }
            return nil
        }
        return value
    }

    /// A whole number, unquoted.
    mutating func integer(_ field: FieldName, required: Bool = false) -> Int? {
        let key = field.key
        guard let node = node(key, required: required) else { return nil }
        guard case let .scalar(scalar) = node, scalar.style == .plain || scalar.style == .any,
              let value = Int(scalar.string) ?? Double(scalar.string).flatMap({ $0 == $0.rounded() && abs($0) < 1e15 ? Int($0) : nil })
        else {
            mismatch(key, expected: "a whole number", got: node, fix: "Write a whole number without quotes, such as 3.")
            return nil
        }
        return value
    }

    /// `true` or `false` (YAML's yes/no/on/off too), unquoted.
    mutating func bool(_ field: FieldName) -> Bool? {
        let key = field.key
        guard let node = node(key, required: false) else { return nil }
        if case let .scalar(scalar) = node, scalar.style == .plain || scalar.style == .any {
            switch scalar.string.lowercased() {
            case "true", "yes", "on": return true
            case "false", "no", "off": return false
            default: break
            }
        }
        mismatch(key, expected: "true or false", got: node)
        return nil
    }

    /// A list of scalars, each with its place; a lone scalar is a type mismatch.
    mutating func stringList(_ field: FieldName, required: Bool = false) -> [(String, SourceLocation)]? {
        let key = field.key
        guard let node = node(key, required: required) else { return nil }
        guard case let .sequence(sequence) = node else {
            mismatch(key, expected: "a list", got: node, fix: "Write a list: [\(node.excerpt ?? "…")].")
            return nil
        }
        var items: [(String, SourceLocation)] = []
        for item in sequence {
            guard case let .scalar(scalar) = item, !item.isNull else {
                mismatch(key, expected: "a list of ids", got: item)
                continue
            }
            items.append((scalar.string, SourceLocation(path: path, mark: item.mark)))
        }
        return items
    }

    /// Whether `field` is written as a mapping (a setting that takes either a switch or fields).
    func isMapping(_ field: FieldName) -> Bool {
        if case .mapping = values[field.key] { return true }
        return false
    }

    /// A nested mapping, read by a reader of its own whose findings are merged back with `merge`.
    mutating func nested(_ field: FieldName, known: [FieldName], required: Bool = false) -> FieldReader? {
        let key = field.key
        guard let node = node(key, required: required) else { return nil }
        return FieldReader.make(node, path: path, collection: collection, what: prefix + key, known: known,
                                prefix: prefix + key + ".", recordID: recordID, problems: &diagnostics)
    }

    mutating func merge(_ other: FieldReader) {
        diagnostics += other.diagnostics
    }
}

/// A mapping's values by key: a key written twice has its last value, as in a dictionary.
private struct Values {
    // Keys apart from their nodes: a search compares strings and copies no node.
    private var keys: [String] = []
    private var nodes: [Node] = []

    subscript(key: String) -> Node? {
        var i = keys.count - 1
        while i >= 0 {
            if keys[i] == key { return nodes[i] }
            i -= 1
        }
        return nil
    }

    mutating func set(_ key: String, _ node: Node) {
        keys.append(key)
        nodes.append(node)
    }
}

extension SourceLocation {
    init(path: String, mark: Mark?) {
        self.init(path: path, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }
}

extension Node {
    var isNull: Bool {
        guard case let .scalar(scalar) = self, scalar.style == .plain || scalar.style == .any else { return false }
        let text = scalar.string
        return text.utf8.count <= 4 && (text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL")
    }

    /// What the author wrote, in words: "a list", "a mapping", "the text \"high\"".
    var kindDescription: String {
        switch self {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case let .scalar(scalar):
            if isNull { return "nothing (null)" }
            if scalar.style == .plain || scalar.style == .any {
                if Double(scalar.string) != nil { return "the number \(scalar.string)" }
                if ["true", "false"].contains(scalar.string.lowercased()) { return "the boolean \(scalar.string)" }
            }
            return "the text \"\(scalar.string.prefix(60))\""
        }
    }

    /// A short rendering of a scalar value, for reports.
    var excerpt: String? {
        if case let .scalar(scalar) = self { return String(scalar.string.prefix(200)) }
        return nil
    }
}
