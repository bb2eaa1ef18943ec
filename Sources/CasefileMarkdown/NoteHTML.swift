/// A note rendered to HTML with its case links' destinations still to be written: where a
/// linked record is shown is decided after validation, by the layer that places records on
/// pages, and each link's URL depends on the page the note appears on. `linked` writes them.
public struct NoteHTML: Sendable, Equatable {
    /// The HTML, with nothing where each case link's destination goes.
    public let html: String
    /// The case links that name a record, in the order they appear in `html`.
    public let slots: [LinkSlot]

    public init(html: String, slots: [LinkSlot]) {
        self.html = html
        self.slots = slots
    }

    /// The size of the HTML without its links' destinations, in UTF-8 bytes.
    public var byteCount: Int { html.utf8.count }

    /// The HTML with each slot's destination written: `url(slot)`, escaped for an `href`
    /// attribute as cmark escapes a link's destination.
    public func linked(_ url: (LinkSlot) -> String) -> String {
        guard !slots.isEmpty else { return html }
        let urls = slots.map { HrefEscaping.escaped(url($0)) }
        var out = ""
        out.reserveCapacity(html.utf8.count + urls.reduce(0) { $0 + $1.utf8.count })
        // Pieces of valid strings cut at ASCII quotes: appending them copies bytes and checks
        // nothing (building the string from raw bytes would check the whole note's UTF-8 again).
        let bytes = html.utf8
        var read = bytes.startIndex
        for (i, slot) in slots.enumerated() {
            let at = bytes.index(bytes.startIndex, offsetBy: slot.offset)
            out.append(contentsOf: Substring(bytes[read..<at]))
            out.append(urls[i])
            read = at
        }
        out.append(contentsOf: Substring(bytes[read...]))
        return out
    }
}

/// A case link that names a record: where its destination goes in the note's HTML, and what it
/// links to.
public struct LinkSlot: Sendable, Hashable {
    /// The UTF-8 offset in `NoteHTML.html` at which its destination is written.
    public var offset: Int
    public var kind: CaseLink.Kind
    /// The linked record, as the compiler's `locate` named it (its position in its collection).
    public var target: Int

    public init(offset: Int, kind: CaseLink.Kind, target: Int) {
        self.offset = offset
        self.kind = kind
        self.target = target
    }

    /// The destination that stands for slot `n` in cmark's tree until the HTML is rendered: a
    /// relative URL (one cmark writes as it is, in safe mode too) with a number no note can
    /// guess, chosen once a process, so that the HTML cannot hold it by chance or on purpose.
    static func marker(_ n: Int, prefix: String) -> String { prefix + String(n) + "_" }

    static let markerPrefix = randomPrefix()

    /// `casefile-slot-`, 128 random bits in hex, `-`.
    static func randomPrefix() -> String {
        var generator = SystemRandomNumberGenerator()
        let hex = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }.joined()
        return "casefile-slot-" + hex + "-"
    }
}

/// What compiling a note gives: its HTML with its case links to be placed, and the case links
/// that named no record (left as their text).
public struct CompiledNote: Sendable, Equatable {
    public var note: NoteHTML
    public var brokenLinks: [CaseLink]

    public init(note: NoteHTML, brokenLinks: [CaseLink]) {
        self.note = note
        self.brokenLinks = brokenLinks
    }
}

/// How cmark escapes a link's destination for an `href` attribute: letters, digits and
/// `!#$%()*+,-./:;=?@_~` as they are, `&` as `&amp;`, `'` as `&#x27;`, every other byte as `%XX`.
enum HrefEscaping {
    static func escaped(_ url: String) -> String {
        guard url.utf8.contains(where: { !isSafe($0) }) else { return url }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(url.utf8.count + 16)
        for byte in url.utf8 {
            switch byte {
            case _ where isSafe(byte): bytes.append(byte)
            case UInt8(ascii: "&"): bytes += "&amp;".utf8
            case UInt8(ascii: "'"): bytes += "&#x27;".utf8
            default: bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func isSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "("), UInt8(ascii: ")"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "/"),
             UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "_"),
             UInt8(ascii: "~"):
            true
        default: false
        }
    }
}

extension String {
    /// The string's UTF-8 bytes `range`, which starts and ends at ASCII bytes (or the end), as a
    /// substring: appending it to a string copies its bytes without checking them again.
    package func utf8Piece(_ range: Range<Int>) -> Substring {
        let utf8 = self.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return Substring(utf8[start..<utf8.index(start, offsetBy: range.count)])
    }
}
