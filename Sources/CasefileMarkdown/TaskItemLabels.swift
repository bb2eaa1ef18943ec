/// A task list item's checkbox (GFM's `- [x] done`), which cmark-gfm writes as a bare disabled
/// `<input type="checkbox">` with no name a screen reader can say, labelled by its item's text:
/// the checkbox and the inline text after it, up to the item's end, the paragraph's, or the first
/// line break before a tag, are wrapped in a `<label>`. (Without it the checkbox is a form field
/// without a label, which axe-core counts a critical fault wherever a note is shown.)
extension NoteHTML {
    /// What cmark-gfm's tasklist extension writes, and nothing else a note can hold in safe mode.
    static let taskCheckbox = "<input type=\"checkbox\""

    /// The note with each task item's checkbox labelled, its slots moved with the bytes. In a
    /// loose list, where cmark-gfm writes the checkbox before the item's first paragraph, the
    /// checkbox moves into that paragraph, so that its label holds the paragraph's text.
    func labellingTaskItems() -> NoteHTML {
        let bytes = Array(html.utf8)
        let open = Array(Self.taskCheckbox.utf8)
        // What the labelled note is made of, in order: stretches of the original (where slots
        // lie) and the label's tags. Listed first, so that the note is made at its exact size.
        enum Piece {
            case original(Range<Int>)
            case tag(String)
        }
        var pieces: [Piece] = []
        var read = 0
        while let start = Self.find(open, in: bytes, from: read),
              let tagEnd = Self.find(Array(">".utf8), in: bytes, from: start).map({ $0 + 1 }) {
            var text = tagEnd
            while text < bytes.count, bytes[text] == UInt8(ascii: " ") { text += 1 }
            pieces.append(.original(read..<start))
            // A loose item's paragraph after the checkbox: the label goes inside it.
            for paragraph in [Self.paragraph, Array(Self.paragraph.dropFirst())] where bytes[text...].starts(with: paragraph) {
                pieces.append(.original(text..<(text + paragraph.count)))
                text += paragraph.count
                break
            }
            let end = Self.inlineEnd(bytes, from: text)
            pieces += [.tag("<label>"), .original(start..<tagEnd), .tag(" "), .original(text..<end), .tag("</label>")]
            read = end
        }
        guard !pieces.isEmpty else { return self }
        pieces.append(.original(read..<bytes.count))
        // Pieces of the note cut at ASCII bytes, and ASCII tags: appending them copies bytes and
        // checks nothing (a string made from bytes would check the note's UTF-8 again).
        var out = ""
        out.reserveCapacity(pieces.reduce(0) { size, piece in
            switch piece {
            case let .original(range): size + range.count
            case let .tag(tag): size + tag.utf8.count
            }
        })
        // Each stretch of the original copied as it is, and where it went: slots lie in them.
        var copies: [(from: Range<Int>, to: Int)] = []
        for piece in pieces {
            switch piece {
            case let .original(range) where !range.isEmpty:
                copies.append((range, out.utf8.count))
                out += html.utf8Piece(range)
            case .original: break
            case let .tag(tag): out += tag
            }
        }
        let moved = slots.map { slot -> LinkSlot in
            var slot = slot
            if let piece = copies.last(where: { $0.from.lowerBound <= slot.offset }) {
                slot.offset = piece.to + slot.offset - piece.from.lowerBound
            }
            return slot
        }
        return NoteHTML(html: out, slots: moved)
    }

    private static let paragraph = Array("\n<p>".utf8)
    private static let ends = ["</li>", "</p>"].map { Array($0.utf8) }
    /// The blocks cmark-gfm starts on a line of their own inside an item (after its first line).
    private static let blocks = ["ul", "ol", "p", "pre", "blockquote", "div", "table", "hr", "h1", "h2", "h3", "h4", "h5", "h6"]
        .map { Array("\n<\($0)".utf8) }

    /// Where the inline text after a checkbox ends: the nearest of the item's or the paragraph's
    /// end tag and a block's start on a new line (a nested list), else the note's end. A line
    /// break before an inline tag (`**bold\n[link](…)**`) is inside the text: the label goes on,
    /// so that it closes after every inline element it opened.
    private static func inlineEnd(_ bytes: [UInt8], from: Int) -> Int {
        var end = ends.compactMap { find($0, in: bytes, from: from) }.min() ?? bytes.count
        for block in blocks {
            var at = from
            while let found = find(block, in: bytes, from: at, before: end) {
                // `<p` must be the tag `<p>` or `<p …>`, not `<pre>`: the byte after the name ends it.
                let after = found + block.count
                if after >= bytes.count || bytes[after] == UInt8(ascii: ">") || bytes[after] == UInt8(ascii: " ") {
                    end = found
                    break
                }
                at = found + 1
            }
        }
        return end
    }

    /// Where `pattern` first starts at or after `from`, if it starts before `limit` (the bytes'
    /// end by default): a search bounded by the nearest end found so far stops there.
    static func find(_ pattern: [UInt8], in bytes: [UInt8], from: Int, before limit: Int? = nil) -> Int? {
        guard let first = pattern.first, pattern.count <= bytes.count else { return nil }
        let stop = min(limit ?? bytes.count, bytes.count - pattern.count + 1)
        var i = from
        while i < stop {
            if bytes[i] == first, bytes[i..<(i + pattern.count)].elementsEqual(pattern) { return i }
            i += 1
        }
        return nil
    }
}
