/// The byte changes of one edit, each a range of the original bytes and what replaces it,
/// applied together so that every range refers to the file as it was read.
struct Splices {
    private var list: [(range: Range<Int>, bytes: [UInt8], order: Int)] = []

    mutating func replace(_ range: Range<Int>, with text: String) {
        list.append((range, Array(text.utf8), list.count))
    }

    mutating func replace(_ range: Range<Int>, with bytes: [UInt8]) {
        list.append((range, bytes, list.count))
    }

    mutating func insert(_ text: String, at offset: Int) {
        replace(offset..<offset, with: text)
    }

    var isEmpty: Bool { list.isEmpty }

    /// The range of the original bytes that holds every change (from the first one's start to
    /// the last one's end; empty where a change only inserts), or nil when there is none. The
    /// bytes before it are the new file's first bytes, and those after it its last.
    var bounds: Range<Int>? {
        guard let low = list.map(\.range.lowerBound).min(), let high = list.map(\.range.upperBound).max() else { return nil }
        return low..<high
    }

    /// The new bytes. Removals that overlap are merged (two neighbouring keys removed share a
    /// separator); insertions at one place keep the order they were made in, before a
    /// replacement starting there. Any other overlap is a fault of the edit's planning, refused.
    func apply(to bytes: [UInt8]) throws(EditRefusal) -> [UInt8] {
        let sorted = list.sorted {
            ($0.range.lowerBound, $0.range.isEmpty ? 0 : 1, $0.order) < ($1.range.lowerBound, $1.range.isEmpty ? 0 : 1, $1.order)
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + sorted.reduce(0) { $0 + $1.bytes.count })
        var cursor = 0
        for splice in sorted {
            guard splice.range.lowerBound >= 0, splice.range.upperBound <= bytes.count else {
                throw EditRefusal("the edit reached past the end of the file (a fault of the editor; nothing was written)")
            }
            if splice.range.lowerBound < cursor {
                guard splice.bytes.isEmpty else {
                    throw EditRefusal("two changes of this edit overlap (a fault of the editor; nothing was written)")
                }
                cursor = max(cursor, splice.range.upperBound)
                continue
            }
            out += bytes[cursor..<splice.range.lowerBound]
            out += splice.bytes
            cursor = splice.range.upperBound
        }
        out += bytes[cursor...]
        return out
    }
}
