import Yams
import CasefileLoading
import CasefileModel

extension RecordList {
    /// The reading of `newBytes` — `old`'s bytes with the range `changed` rewritten by an edit
    /// of one record — made by reading again only that record, as the loader would read it in
    /// the whole file: every other record keeps its node, its decoded record and its problems,
    /// those after it moved by the lines the edit added or removed.
    ///
    /// The bytes outside `changed` are `old`'s, so a record outside it reads as before as long
    /// as nothing around it changed: the edit must lie within its record (a deletion: cover it,
    /// leaving between its neighbours only what a list allows there), and the record must read
    /// alone as it reads in the file. Nil where that cannot be shown cheaply — a YAML flow
    /// list, anchors or aliases near the edit, directives, a neighbour sharing the edit's line
    /// — and the caller reads the whole file instead.
    static func patched(old: RecordList, newBytes: [UInt8], changed: Range<Int>, expecting expectation: ReadBack.Expectation,
                        collection: CaseCollection, path: String) -> RecordList? {
        let format = old.text.format
        // The bytes outside `changed` are the old ones: that is what reading only the record
        // rests on, so it is checked rather than taken on trust.
        let before = old.text.bytes, after = before.count - changed.upperBound
        guard changed.upperBound <= before.count, newBytes.count >= changed.lowerBound + after,
              newBytes[..<changed.lowerBound] == before[..<changed.lowerBound],
              newBytes[(newBytes.count - after)...] == before[changed.upperBound...] else { return nil }
        guard format == .json || !old.flow, !old.items.isEmpty, old.decoded.path == path, !old.decoded.unread,
              old.decoded.problems.allSatisfy({ $0.location?.path == path }), format == .json || !old.hasDirectives,
              let text = RecordFragment.text(newBytes) else { return nil }
        let patcher = RecordPatcher(old: old, new: SourceText(newBytes, format: format), changed: changed)
        let found: RecordPatcher.Patch?
        switch expectation {
        case let .set(item, _): found = patcher.set(item)
        case .append: found = patcher.append()
        case let .delete(item): found = patcher.delete(item)
        }
        guard let patch = found else { return nil }
        return old.applying(patch, new: patcher.new, text: text, collection: collection, path: path)
    }

    /// Whether a YAML directive (`%YAML`, `%TAG`) comes before the records: a record read alone
    /// would be read without it.
    var hasDirectives: Bool {
        let end = (try? place(0).entryStart) ?? text.bytes.count
        var line = text.bodyStart
        while line < end {
            if text.bytes[line] == UInt8(ascii: "%") { return true }
            guard let next = text.nextLine(after: line) else { break }
            line = next
        }
        return false
    }

    /// Where record `item`'s node now starts, as a parser's (line, column); nil without a mark.
    func position(_ item: Int) -> (line: Int, column: Int)? {
        items[item].mark.map { ($0.line + shift(item), $0.column) }
    }

    private func applying(_ patch: RecordPatcher.Patch, new: SourceText, text: String, collection: CaseCollection,
                          path: String) -> RecordList? {
        let removed = patch.removed
        let inserted = patch.node == nil ? 0 : 1
        var items = self.items
        items.replaceSubrange(removed, with: patch.node.map { [$0] } ?? [])
        var shifts: [Int] = []
        if !lineShift.isEmpty || patch.lineDelta != 0 {
            shifts = lineShift.isEmpty ? Array(repeating: 0, count: self.items.count) : lineShift
            for k in removed.upperBound..<shifts.count { shifts[k] += patch.lineDelta }
            shifts.replaceSubrange(removed, with: Array(repeating: 0, count: inserted))
        }
        var decoded = self.decoded
        decoded.text = text
        let fragment = patch.node.map { RecordFragment.decode($0, item: removed.lowerBound, collection: collection, path: path) }
        // The origins and records of the removed entries, and the problems found in them.
        let origins = decoded.origins
        let lo = origins.firstIndex { $0.item >= removed.lowerBound } ?? origins.count
        let hi = origins[lo...].firstIndex { $0.item >= removed.upperBound } ?? origins.count
        let emptyRecords: ContentLoader.Records = switch collection {
        case .fruits: .fruits([])
        case .animals: .animals([])
        case .bulletins: .bulletins([])
        }
        guard let records = decoded.records.replacing(lo..<hi, with: fragment?.records ?? emptyRecords) else { return nil }
        decoded.records = records
        let moved = origins[hi...].map { origin in
            var origin = origin
            origin.item += inserted - removed.count
            origin.moveLines(by: patch.lineDelta)
            return origin
        }
        decoded.origins = Array(origins[..<lo]) + (fragment?.origins ?? []) + moved
        guard let p0 = problemIndex(from: removed.lowerBound), let p1 = problemIndex(from: removed.upperBound) else { return nil }
        let later = decoded.problems[p1...].map { problem in
            var problem = problem
            problem.moveLines(by: patch.lineDelta)
            return problem
        }
        decoded.problems = Array(decoded.problems[..<p0]) + (fragment?.problems ?? []) + later
        return RecordList(text: new, items: items, flow: flow, rootStart: patch.rootStart, decoded: decoded, lineShift: shifts)
    }

    /// The index of the first problem found in record `item` or after it (the end for the
    /// position past the last record): problems come in the order of their records.
    private func problemIndex(from item: Int) -> Int? {
        let problems = decoded.problems
        guard item < items.count else { return problems.count }
        guard let start = position(item) else { return nil }
        return problems.firstIndex { problem in
            guard let at = problem.location else { return false }
            return (at.line, at.column) >= start
        } ?? problems.count
    }
}

extension RecordOrigin {
    mutating func moveLines(by lines: Int) {
        guard lines != 0 else { return }
        location.line += lines
        for path in [\FieldPlaces.id, \.fruit, \.reportedBy, \.suspicionLevel] { places[keyPath: path]?.line += Int32(lines) }
        for k in places.favoriteFruits.indices { places.favoriteFruits[k].line += Int32(lines) }
    }
}

extension Diagnostic {
    mutating func moveLines(by lines: Int) {
        guard lines != 0 else { return }
        location?.line += lines
        for k in related.indices { related[k].line += lines }
    }
}
