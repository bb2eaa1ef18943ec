import CasefileLoading

extension SourceEditor {
    /// The reading of this file after it changed elsewhere (in another program) to `newBytes`:
    /// when the bytes that differ lie within one record, only that record is read again
    /// (`RecordList.patched`, with its checks), else the whole file. Nil when the new bytes do
    /// not read as a list of records (the loader then reads them, and says why).
    package func reading(of newBytes: [UInt8]) -> Result? {
        let alone = try? parsed.withList { (list) throws(EditRefusal) -> Result? in
            if newBytes == list.text.bytes {
                return Result(bytes: newBytes, decoded: list.decoded, editor: self, readAlone: true)
            }
            let changed = Self.differing(list.text.bytes, newBytes)
            guard let first = list.item(at: changed.lowerBound) else { return nil }
            for item in [first, first + 1] where list.items.indices.contains(item) {
                if let patched = RecordList.patched(old: list, newBytes: newBytes, changed: changed,
                                                    expecting: .set(item: item, changes: []), collection: collection, path: path) {
                    return Result(bytes: newBytes, decoded: patched.decoded,
                                  editor: SourceEditor(patched, format: format, collection: collection, path: path), readAlone: true)
                }
            }
            return nil
        }
        if let alone = alone ?? nil { return alone }
        let whole = SourceEditor(bytes: newBytes, format: format, collection: collection, path: path)
        guard let decoded = whole.decoded else { return nil }
        return Result(bytes: newBytes, decoded: decoded, editor: whole, readAlone: false)
    }

    /// The range of `old` that `new` replaced: everything between their common start and their
    /// common end.
    static func differing(_ old: [UInt8], _ new: [UInt8]) -> Range<Int> {
        let shortest = min(old.count, new.count)
        var start = 0
        while start < shortest, old[start] == new[start] { start += 1 }
        var end = 0
        while end < shortest - start, old[old.count - 1 - end] == new[new.count - 1 - end] { end += 1 }
        return start..<(old.count - end)
    }
}

extension RecordList {
    /// The last record that starts at or before `offset` (the first record when none does); nil
    /// when a record's start cannot be found.
    func item(at offset: Int) -> Int? {
        guard !items.isEmpty else { return nil }
        var low = 0, high = items.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            guard let start = start(mid) else { return nil }
            if start <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }
}
