import Yams
import CasefileLoading

/// Finds, for an edit of one record, what changed in the file's list — which entries went,
/// which node replaced them, how many lines the records after them moved — or nil when the
/// edit reaches beyond its record in a way that reading it alone might not show
/// (`RecordList.patched`).
struct RecordPatcher {
    let old: RecordList
    let new: SourceText
    let changed: Range<Int>
    /// How far the bytes after `changed` moved.
    let shift: Int

    init(old: RecordList, new: SourceText, changed: Range<Int>) {
        (self.old, self.new, self.changed) = (old, new, changed)
        shift = new.bytes.count - old.text.bytes.count
    }

    struct Patch {
        /// The entries of the old list replaced by `node` (nil: by nothing).
        var removed: Range<Int>
        var node: Node?
        var lineDelta: Int
        var rootStart: Int?
    }

    private var json: Bool { old.text.format == .json }

    /// Record `item` rewritten in place.
    func set(_ item: Int) -> Patch? {
        guard let place = try? old.place(item), changed.lowerBound > (old.rootStart ?? -1),
              let next = neighbour(item + 1) else { return nil }
        let node: Node
        if json {
            guard changed.lowerBound >= place.start, changed.upperBound <= place.end else { return nil }
            let line = old.text.line(of: place.start)
            guard let read = RecordFragment.json(new.bytes, at: place.start, line: line, lineStart: new.lineStarts[line - 1]),
                  read.end == place.end + shift else { return nil }
            node = read.node
        } else {
            let line = old.text.line(of: place.entryStart)
            let from = old.text.lineStarts[line - 1]
            let to = next.place.map { old.text.lineStarts[old.text.line(of: $0.entryStart) - 1] } ?? old.text.bytes.count
            guard to > from, changed.lowerBound >= place.entryStart, changed.upperBound <= to,
                  old.text.bytes[from..<place.entryStart].allSatisfy({ $0 == 0x20 }),
                  !Self.anchored(old.text.bytes[from..<to]), !Self.anchored(new.bytes[from..<(to + shift)]),
                  let entry = RecordFragment.yamlEntry(String(decoding: new.bytes[from..<(to + shift)], as: UTF8.self), line: line)
            else { return nil }
            node = entry
        }
        guard let delta = lineDelta(next: item + 1) else { return nil }
        return Patch(removed: item..<(item + 1), node: node, lineDelta: delta, rootStart: old.rootStart)
    }

    /// A record added after the last one.
    func append() -> Patch? {
        let last = old.items.count - 1
        guard let place = try? old.place(last), changed.lowerBound >= place.end else { return nil }
        let bytes = new.bytes
        var i = place.end
        let node: Node
        if json {
            skipSpace(&i, lines: true)
            guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return nil }
            i += 1
            skipSpace(&i, lines: true)
            let line = new.line(of: i)
            guard let read = RecordFragment.json(bytes, at: i, line: line, lineStart: new.lineStarts[line - 1]) else { return nil }
            var j = read.end
            skipSpace(&j, lines: true)
            guard j < bytes.count, bytes[j] == UInt8(ascii: "]") else { return nil }
            j += 1
            skipSpace(&j, lines: true)
            guard j == bytes.count else { return nil }
            node = read.node
        } else {
            skipSpace(&i, lines: true)
            guard i < bytes.count, bytes[i] == UInt8(ascii: "-") else { return nil }
            let line = new.line(of: i)
            let from = new.lineStarts[line - 1]
            guard i - from == place.dashColumn, bytes[from..<i].allSatisfy({ $0 == 0x20 }), !Self.anchored(bytes[from...]),
                  let entry = RecordFragment.yamlEntry(String(decoding: bytes[from...], as: UTF8.self), line: line) else { return nil }
            node = entry
        }
        return Patch(removed: old.items.count..<old.items.count, node: node, lineDelta: 0, rootStart: old.rootStart)
    }

    /// Record `item` taken out, with what separated it from a neighbour.
    func delete(_ item: Int) -> Patch? {
        guard old.items.count > 1, let place = try? old.place(item), changed.lowerBound <= place.entryStart,
              changed.upperBound >= place.end, let previous = neighbour(item - 1), let next = neighbour(item + 1) else { return nil }
        var rootStart = old.rootStart
        if json {
            guard let open = old.rootStart else { return nil }
            let from = previous.place?.end ?? open + 1
            var close = place.end
            if next.place == nil {
                skipSpace(&close, lines: true, in: old.text.bytes)
                guard close < old.text.bytes.count, old.text.bytes[close] == UInt8(ascii: "]") else { return nil }
            }
            let to = next.place?.start ?? close
            guard changed.lowerBound >= from, changed.upperBound <= to else { return nil }
            // Between the neighbours: spaces and line breaks, and one comma when both remain.
            let gap = new.bytes[from..<(to + shift)]
            let commas = gap.filter { $0 == UInt8(ascii: ",") }.count
            guard gap.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ",")].contains($0) }),
                  commas == (previous.place != nil && next.place != nil ? 1 : 0) else { return nil }
        } else {
            guard !Self.anchored(old.text.bytes[place.entryStart..<place.end]) else { return nil }
            let to = next.place?.entryStart ?? old.text.bytes.count
            guard changed.upperBound <= to, changed.lowerBound >= (previous.place?.end ?? old.text.bodyStart),
                  quietLines(new.bytes[changed.lowerBound..<(to + shift)], dashColumn: place.dashColumn) else { return nil }
            if item == 0 { rootStart = next.place.map { $0.entryStart + shift } }
        }
        guard let delta = lineDelta(next: item + 1) else { return nil }
        return Patch(removed: item..<(item + 1), node: nil, lineDelta: delta, rootStart: rootStart)
    }

    /// A record beside the edited one: its place, or none past either end of the list.
    private struct Neighbour {
        var place: RecordList.Place?
    }

    /// Record `item` as a neighbour; nil when it exists but cannot be found.
    private func neighbour(_ item: Int) -> Neighbour? {
        guard old.items.indices.contains(item) else { return Neighbour(place: nil) }
        guard let place = try? old.place(item) else { return nil }
        return Neighbour(place: place)
    }

    /// How many lines record `next` (and every one after it) moved: nil when its column
    /// changed too, or the file's line count changed by another number.
    private func lineDelta(next: Int) -> Int? {
        let total = new.lineStarts.count - old.text.lineStarts.count
        guard next < old.items.count else { return total }
        guard let start = old.start(next), let was = old.position(next), start >= changed.upperBound else { return nil }
        let now = new.mark(of: start + shift)
        guard now.column == was.column, now.line - was.line == total else { return nil }
        return total
    }

    /// Whether the lines of `bytes` are blank or comments no deeper than the list's dashes (a
    /// deeper comment could be read as part of a block value above it).
    private func quietLines(_ bytes: ArraySlice<UInt8>, dashColumn: Int) -> Bool {
        var column = 0
        var i = bytes.startIndex
        while i < bytes.endIndex {
            switch bytes[i] {
            case 0x0A, 0x0D:
                column = 0
            case 0x20, 0x09:
                column += 1
            case UInt8(ascii: "#") where column <= dashColumn:
                while i < bytes.endIndex, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
                continue
            default:
                return false
            }
            i += 1
        }
        return true
    }

    private func skipSpace(_ i: inout Int, lines: Bool) {
        skipSpace(&i, lines: lines, in: new.bytes)
    }

    private func skipSpace(_ i: inout Int, lines: Bool, in bytes: [UInt8]) {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || (lines && (bytes[i] == 0x0A || bytes[i] == 0x0D)) { i += 1 }
    }

    /// Whether YAML bytes might hold an anchor, an alias or a tag — a record read alone would
    /// not see the anchors of the others, nor they its: an `&`, `*` or `!` where a node can
    /// start, at a line's first character or after `[`, `{`, `,`, or `-`, `:`, `?` and a space.
    /// (Inside a quoted text such a place is counted too: the file is then read whole.)
    static func anchored(_ bytes: ArraySlice<UInt8>) -> Bool {
        var previous: UInt8?
        var spaced = false
        for byte in bytes {
            switch byte {
            case 0x0A, 0x0D:
                previous = nil
                spaced = false
            case 0x20, 0x09:
                spaced = true
            case UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"):
                guard let p = previous else { return true }
                if [UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ",")].contains(p) { return true }
                if spaced, [UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "?")].contains(p) { return true }
                previous = byte
                spaced = false
            default:
                previous = byte
                spaced = false
            }
        }
        return false
    }
}
