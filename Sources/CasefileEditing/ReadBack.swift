import Yams
import CasefileLoading
import CasefileModel

/// The check every edit passes before its bytes are returned: the new bytes are parsed by the
/// loader's own parser and decoded as the loader decodes them; the edited record must hold
/// exactly the values asked for (and its other fields as they were), and every other record
/// must read as before — on a mismatch the edit is refused, naming the field, and the file is
/// left as it was.
enum ReadBack {
    enum Expectation {
        case set(item: Int, changes: [FieldChange])
        case append([EditField])
        case delete(item: Int)
    }

    /// Reads `newBytes` back against `old` and what was asked; returns their parse, with what the
    /// loader makes of them. `changed` is the range of the old bytes that the edit replaced (nil:
    /// none).
    ///
    /// Where the edit lies within its record and the rest of the file is unchanged around it,
    /// only that record is parsed and decoded again (`RecordList.patched`): every other record is
    /// then made of the same bytes as before, read in the same context, and keeps its reading.
    /// Otherwise the whole file is read (`verifyWhole`), as below.
    ///
    /// That every other record is unchanged is shown twice: as the loader decodes them (each
    /// decodes to a record equal to the one before), and as nodes. For the nodes, when the
    /// changed range lies between the other records (after the one before the edited record
    /// ends, and before the one after it starts), every other record is made of the same
    /// bytes as before, so it suffices that each starts in the new file where its bytes moved
    /// to; otherwise each is compared node by node.
    static func verify(old: RecordList, newBytes: [UInt8], changed: Range<Int>?, format: SourceFormat, collection: CaseCollection,
                       path: String, expecting expectation: Expectation) throws(EditRefusal) -> RecordList {
        // An edit that changed nothing (every value as it was) leaves the reading as it was.
        if changed == nil, newBytes == old.text.bytes, case let .set(item, changes) = expectation {
            try checkRecord(old.items[item], old: old.items[item], changes: changes)
            var same = old
            same.readAlone = true
            return same
        }
        // The edited record read again alone, when that reads the file as the whole would.
        if let changed, let patched = RecordList.patched(old: old, newBytes: newBytes, changed: changed, expecting: expectation,
                                                          collection: collection, path: path) {
            switch expectation {
            case let .set(item, changes):
                try checkRecord(patched.items[item], old: old.items[item], changes: changes)
            case let .append(fields):
                try checkRecord(patched.items[patched.items.count - 1], old: nil, changes: fields.map { FieldChange($0.key, $0.value) })
            case .delete:
                break
            }
            return patched
        }
        return try verifyWhole(old: old, newBytes: newBytes, changed: changed, format: format, collection: collection, path: path,
                               expecting: expectation)
    }

    /// `verify` by reading the whole new file.
    static func verifyWhole(old: RecordList, newBytes: [UInt8], changed: Range<Int>?, format: SourceFormat, collection: CaseCollection,
                            path: String, expecting expectation: Expectation) throws(EditRefusal) -> RecordList {
        let new: RecordList
        do {
            new = try RecordList(newBytes, format: format, collection: collection, path: path)
        } catch {
            throw EditRefusal("the edited file would not read back (\(error.message)); nothing was written — this is a fault of the editor, please report it")
        }
        // Which record of the new file each old one became (nil: the edited or deleted one).
        var counterpart: [Int?] = Array(old.items.indices)
        let edited: Int?
        switch expectation {
        case let .set(item, changes):
            guard new.items.count == old.items.count, new.items.indices.contains(item) else { throw fault("the number of records changed", nil) }
            counterpart[item] = nil
            edited = item
            try checkRecord(new.items[item], old: old.items[item], changes: changes)
        case let .append(fields):
            guard new.items.count == old.items.count + 1, let last = new.items.last else { throw fault("the new record is not the last one", nil) }
            edited = nil
            try checkRecord(last, old: nil, changes: fields.map { FieldChange($0.key, $0.value) })
        case let .delete(item):
            guard new.items.count == old.items.count - 1 else { throw fault("the number of records is not one less", nil) }
            counterpart = old.items.indices.map { $0 == item ? nil : ($0 < item ? $0 : $0 - 1) }
            edited = item
        }
        let shift = newBytes.count - old.text.bytes.count
        if let changed, between(changed, old, edited: edited) {
            for (i, j) in counterpart.enumerated() {
                guard let j else { continue }
                guard let was = old.start(i), new.items.indices.contains(j), new.start(j) == (was < changed.lowerBound ? was : was + shift) else {
                    throw fault("record \(i + 1) would change too", nil)
                }
            }
        } else {
            for (i, j) in counterpart.enumerated() {
                guard let j else { continue }
                guard new.items.indices.contains(j), new.items[j] == old.items[i] else {
                    throw fault("record \(i + 1) would change too", nil)
                }
            }
        }
        // The loader's view: every record but the edited one decodes as before.
        let before = records(old.decoded), after = records(new.decoded)
        var expected: [Int: AnyHashable] = [:]
        for (item, record) in before { if let j = counterpart[item] { expected[j] = record } }
        let added: Int? = {
            switch expectation {
            case let .set(item, _): return item
            case .append: return new.items.count - 1
            case .delete: return nil
            }
        }()
        let kept = after.filter { $0.item != added }
        guard kept.count == expected.count, kept.allSatisfy({ expected[$0.item] == $0.record }) else {
            throw fault("another record would read differently", nil)
        }
        return new
    }

    /// Whether `changed` lies between the records other than `edited` (every record, for an
    /// append): at or after the end of the last one before it, and at or before the start of
    /// the first one after it. False when a neighbour's place cannot be found.
    private static func between(_ changed: Range<Int>, _ list: RecordList, edited: Int?) -> Bool {
        let before = edited.map { $0 - 1 } ?? list.items.count - 1
        let after = edited.map { $0 + 1 } ?? list.items.count
        if list.items.indices.contains(before) {
            guard let place = try? list.place(before), place.end <= changed.lowerBound else { return false }
        }
        if list.items.indices.contains(after) {
            guard let place = try? list.place(after), changed.upperBound <= place.entryStart else { return false }
        }
        return true
    }

    /// A record read back against the old one and the changes asked for.
    private static func checkRecord(_ node: Node, old: Node?, changes: [FieldChange]) throws(EditRefusal) {
        guard case let .mapping(mapping) = node else { throw fault("the record is no longer a mapping", nil) }
        var expected: [(key: String, value: Node?, edit: EditValue?)] = []
        if case let .mapping(oldMapping)? = old {
            for (key, value) in oldMapping { expected.append((key.string ?? "", value, nil)) }
        }
        for change in changes {
            if let i = expected.firstIndex(where: { $0.key == change.key }) {
                if let value = change.value { expected[i] = (change.key, nil, value) } else { expected.remove(at: i) }
            } else if let value = change.value {
                expected.append((change.key, nil, value))
            }
        }
        var seen: Set<String> = []
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            guard seen.insert(key).inserted, let want = expected.first(where: { $0.key == key }) else {
                throw fault("the key appears where it should not", key)
            }
            if let edit = want.edit {
                guard matches(value, edit, json: false) else { throw fault("the value does not read back as written", key) }
            } else if want.value != value {
                throw fault("the value changed although it was not edited", key)
            }
        }
        if let missing = expected.first(where: { !seen.contains($0.key) }) { throw fault("the key is missing after the edit", missing.key) }
    }

    /// Whether `node` reads as `value`: text as a text scalar with the same characters, a
    /// number as a plain number written the same, a list item by item, a mapping key by key.
    static func matches(_ node: Node, _ value: EditValue, json: Bool) -> Bool {
        switch (node, value) {
        case let (.scalar(scalar), .text(text)):
            return node == Node(text, Tag(.str)) && !(scalar.style == .plain && node.isNullForEditing)
        case let (.scalar(scalar), .number(literal)):
            return scalar.style == .plain && (node == Node(literal, Tag(.int)) || node == Node(literal, Tag(.float)))
        case let (.sequence(items), .list(texts)):
            return items.count == texts.count && zip(items, texts).allSatisfy { matches($0, .text($1), json: json) }
        case let (.mapping(mapping), .mapping(fields)):
            let pairs = Array(mapping)
            return pairs.count == fields.count && zip(pairs, fields).allSatisfy { pair, field in
                pair.key.string == field.key && matches(pair.value, field.value, json: json)
            }
        default:
            return false
        }
    }

    private static func fault(_ what: String, _ field: String?) -> EditRefusal {
        EditRefusal("the edit did not read back as asked (\(what)); nothing was written — this is a fault of the editor, please report it",
                    field: field)
    }

    /// The decoded records with the index of each in the file's list.
    private static func records(_ result: ContentLoader.CollectionResult) -> [(item: Int, record: AnyHashable)] {
        let list: [AnyHashable]
        switch result.records {
        case let .fruits(records): list = records.map(AnyHashable.init)
        case let .animals(records): list = records.map(AnyHashable.init)
        case let .bulletins(records): list = records.map(AnyHashable.init)
        }
        return zip(result.origins, list).map { ($0.item, $1) }
    }
}

extension Node {
    /// A plain scalar YAML reads as null.
    var isNullForEditing: Bool {
        guard case let .scalar(scalar) = self, scalar.style == .plain || scalar.style == .any else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }
}
