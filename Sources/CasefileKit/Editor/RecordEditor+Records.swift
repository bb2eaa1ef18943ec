import Foundation
import CasefileModel
import CasefileLoading
import CasefileEditing
import CasefileOutput

/// A record as the editor finds it in its file now, and the version a form carries of it.
extension RecordEditor {
    struct Found: Sendable {
        var record: any DescribedRecord
        var item: Int
        var index: Int
        var version: String
        var name: String
        var collection: CaseCollection
        /// The file as read, parsed once: the edit of the record starts from it.
        var editor: SourceEditor

        func state(_ zone: TimeZone) -> FormState {
            switch record {
            case let animal as Animal: FormState(record: animal, zone: zone)
            case let bulletin as Bulletin: FormState(record: bulletin, zone: zone)
            case let fruit as Fruit: FormState(record: fruit, zone: zone)
            default: FormState()
            }
        }

        func address(_ base: EditorBase, saved: Int?) -> String {
            guard let i = base.position(of: record.value(of: .id).text ?? "", in: collection) else { return "/" }
            let place = base.place(of: i, in: collection)
            return "/" + place.page + (saved.map { "?saved=\($0)" } ?? "") + "#" + place.fragment
        }
    }

    /// Record `id` as the file holds it now: read again (from `bytes`, or from disk), so that an
    /// edit made elsewhere since the last build is seen; nil when the file has no such record.
    /// The bytes are parsed unless they are those the preview parsed last (`EditorBase.sources`)
    /// or this editor did (`parsed`).
    func current(_ collection: CaseCollection, id: String, _ base: EditorBase, bytes given: [UInt8]? = nil) throws -> Found? {
        guard let path = base.file(of: collection) else { return nil }
        let bytes = try given ?? Self.read(base.options.content.appendingPathComponent(path))
        let editor = sourceEditor(collection, path: path, bytes: bytes, base)
        guard let result = editor.decoded else { return nil }
        let records: [any DescribedRecord]
        switch result.records {
        case let .fruits(list): records = list
        case let .animals(list): records = list
        case let .bulletins(list): records = list
        }
        guard let i = records.firstIndex(where: { $0.value(of: .id) == .text(id) }) else { return nil }
        let item = result.origins[i].item
        let version = Self.version(of: i, origins: result.origins, bytes: bytes)
        let record = records[i]
        let name = record.value(of: collection == .bulletins ? .location : .name).text ?? id
        return Found(record: record, item: item, index: i, version: version, name: name, collection: collection, editor: editor)
    }

    /// An editor of `bytes`, the file at `path`: the last parse of that file when it was of these
    /// bytes, else a new one (kept for the next save).
    func sourceEditor(_ collection: CaseCollection, path: String, bytes: [UInt8], _ base: EditorBase) -> SourceEditor {
        if let kept = base.sources[path], kept.bytes == bytes {
            parsed[path] = nil
            return kept
        }
        if let last = parsed[path], last.bytes == bytes { return last }
        let editor = SourceEditor(bytes: bytes, format: SourceFormat(fileName: path), collection: collection, path: path)
        parsed[path] = editor
        return editor
    }

    /// The version of record `i` of a file read into `origins`: a fingerprint of its bytes, from
    /// where it starts to where the next record starts (or the file ends). A form carries it; a
    /// save whose record's bytes have another is a conflict. Found from the records' places, without
    /// parsing the file, so that a form of a record in a large file opens at once.
    static func version(of i: Int, origins: [RecordOrigin], bytes: [UInt8]) -> String {
        guard origins.indices.contains(i) else { return "" }
        let starts = [origins[i].location] + (i + 1 < origins.count ? [origins[i + 1].location] : [])
        let offsets = byteOffsets(of: starts.map { ($0.line, $0.column) }, in: bytes)
        let start = min(offsets.first ?? 0, bytes.count), end = max(start, min(offsets.count > 1 ? offsets[1] : bytes.count, bytes.count))
        return String(end - start) + ":" + ContentHash.hex16(bytes: Array(bytes[start..<end]))
    }

    /// The byte offsets of (line, column) places, ascending, as the loader counts them: lines from
    /// 1, columns in Unicode scalars from 1, after a byte-order mark.
    static func byteOffsets(of places: [(line: Int, column: Int)], in bytes: [UInt8]) -> [Int] {
        var offsets: [Int] = []
        var line = 1, i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for place in places {
            while line < place.line, i < bytes.count {
                if bytes[i] == 0x0A { line += 1 }
                i += 1
            }
            var j = i, column = 1
            while column < place.column, j < bytes.count, bytes[j] != 0x0A {
                j += 1
                while j < bytes.count, bytes[j] & 0xC0 == 0x80 { j += 1 }
                column += 1
            }
            offsets.append(j)
        }
        return offsets
    }

    /// Record `id` as the preview last loaded it, with the version of its bytes on disk: what a
    /// form opens with, without parsing the file again (a save reads it again, and a record
    /// changed since is a conflict then).
    func opened(_ collection: CaseCollection, id: String, _ base: EditorBase) -> (state: FormState, version: String, name: String)? {
        guard let i = base.position(of: id, in: collection), let path = base.file(of: collection),
              let bytes = try? Self.read(base.options.content.appendingPathComponent(path)) else { return nil }
        let c = base.loaded.caseContent
        let state: FormState, name: String
        switch collection {
        case .fruits: (state, name) = (FormState(record: c.fruits[i], zone: base.zone), c.fruits[i].name)
        case .animals: (state, name) = (FormState(record: c.animals[i], zone: base.zone), c.animals[i].name)
        case .bulletins: (state, name) = (FormState(record: c.bulletins[i], zone: base.zone), c.bulletins[i].location)
        }
        return (state, Self.version(of: i, origins: base.loaded.sourceMap[collection], bytes: bytes), name)
    }
}
