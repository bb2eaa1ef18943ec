/// A link out of the site whose text is its own address — an autolink (`https://…` or `www.…`
/// written in a note) or `[https://x.org](https://x.org)` — is marked with a class. Print writes
/// each outside link's address after it; a link that already shows its address would print it
/// twice.
extension NoteHTML {
    /// The class on a link whose text is its address (Templates/README.md, "Notes").
    public static let addressLinkClass = "cf-link-shows-address"

    /// What starts a link out of the site in cmark-gfm's HTML (only `http` and `https` links
    /// print their address).
    static let outsideLink = "<a href=\"http"

    /// What marks such a link, after its `href`.
    static let markText = " class=\"\(addressLinkClass)\""

    /// The note with each link whose text is its address marked, its slots moved with the bytes.
    func markingAddressLinks() -> NoteHTML {
        let bytes = Array(html.utf8)
        let open = Array(Self.outsideLink.utf8), close = Array("</a>".utf8)
        let mark = Array(Self.markText.utf8)
        // Where the mark goes: right after the closing quote of the link's `href`.
        var marks: [Int] = []
        var at = 0
        while let start = Self.find(open, in: bytes, from: at) {
            let href = start + open.count - 4
            guard let hrefEnd = bytes[href...].firstIndex(of: UInt8(ascii: "\"")),
                  let tagEnd = bytes[hrefEnd...].firstIndex(of: UInt8(ascii: ">")),
                  let textEnd = Self.find(close, in: bytes, from: tagEnd + 1) else { break }
            if Self.showsAddress(text: bytes[(tagEnd + 1)..<textEnd], href: bytes[href..<hrefEnd]) {
                marks.append(hrefEnd + 1)
            }
            at = textEnd + close.count
        }
        guard !marks.isEmpty else { return self }
        // Pieces of the note cut after ASCII quotes, and the ASCII mark: see `labellingTaskItems`.
        var out = ""
        out.reserveCapacity(bytes.count + marks.count * mark.count)
        var read = 0
        for at in marks {
            out += html.utf8Piece(read..<at)
            out += Self.markText
            read = at
        }
        out += html.utf8Piece(read..<bytes.count)
        let moved = slots.map { slot -> LinkSlot in
            var slot = slot
            slot.offset += mark.count * marks.count { $0 <= slot.offset }
            return slot
        }
        return NoteHTML(html: out, slots: moved)
    }

    /// Whether a link's text (as HTML) is its address (as the `href` holds it): the same bytes,
    /// or the address without its scheme (cmark-gfm links `www.x.org` to `http://www.x.org`).
    static func showsAddress(text: ArraySlice<UInt8>, href: ArraySlice<UInt8>) -> Bool {
        if text.elementsEqual(href) { return true }
        for scheme in ["http://", "https://"] where href.starts(with: scheme.utf8) {
            return text.elementsEqual(href.dropFirst(scheme.utf8.count))
        }
        return false
    }
}
