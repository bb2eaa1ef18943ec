import CCmarkGFM
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
import Darwin
#endif

/// GitHub-flavoured Markdown through libcmark-gfm: the one place in Casefile that calls the C
/// library. Every C object is created and freed inside `compile`; nothing C-typed leaves it.
public struct MarkdownRenderer: Sendable {
    /// Pass raw HTML and every link scheme through (off: raw HTML and `javascript:` links are dropped).
    public var unsafeHTML: Bool
    /// The level a note's highest heading is written at (1–6): its headings keep their steps
    /// below that one, and none goes past `<h6>`. A note shown under a page's `<h3>` starts at 4,
    /// so that the page's outline reads on without a skipped level. 1 leaves headings as written.
    public var topHeadingLevel: Int

    public init(unsafeHTML: Bool = false, topHeadingLevel: Int = 1) {
        self.unsafeHTML = unsafeHTML
        self.topHeadingLevel = min(max(topHeadingLevel, 1), 6)
    }

    /// The GFM extensions attached to every parser and passed to the HTML renderer.
    public static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    /// Renders `source` with its case links resolved at once: each is handed to `resolve`, which
    /// returns the URL to link to, or nil when the record does not exist; such a link loses its
    /// destination (its text stays) and is listed in `brokenLinks` with its position. (The build
    /// compiles notes instead, and places their links once it knows where records are shown.)
    public func render(_ source: String, resolve: (CaseLink) -> String?) -> RenderedNote {
        var urls: [String] = []
        let compiled = compile(source) { link in
            guard let url = resolve(link) else { return nil }
            urls.append(url)
            return urls.count - 1
        }
        return RenderedNote(html: compiled.note.linked { urls[$0.target] }, brokenLinks: compiled.brokenLinks)
    }

    /// Renders `source` to HTML with every case link's destination left open, to be written once
    /// it is known where the linked record is shown (`NoteHTML.linked`). Each case link is handed
    /// to `locate`, which returns the linked record's position, or nil when the record does not
    /// exist; such a link loses its destination (its text stays) and is listed in `brokenLinks`
    /// with its position. `locate` answers from the link's kind and id: the column it sees is
    /// still cmark's byte column (only broken links' columns are counted in characters, which
    /// takes a pass over the text).
    public func compile(_ source: String, locate: (CaseLink) -> Int?) -> CompiledNote {
        _ = extensionsRegistered
        // A Swift string is valid UTF-8 already: cmark need not check it again.
        let options = CMARK_OPT_DEFAULT | (unsafeHTML ? CMARK_OPT_UNSAFE : 0)
        let empty = CompiledNote(note: NoteHTML(html: "", slots: []), brokenLinks: [])
        guard let parser = cmark_parser_new(options) else { return empty }
        defer { cmark_parser_free(parser) }
        var text = source
        let struck = text.withUTF8 { bytes in
            // Strikethrough only ever acts on `~`: a note without one is parsed without it (the
            // same HTML), and needs no lock (see `extensionsRegistered`).
            let struck = bytes.baseAddress.map { memchr($0, Int32(UInt8(ascii: "~")), bytes.count) != nil } ?? false
            for name in Self.extensionNames where struck || name != "strikethrough" {
                if let ext = cmark_find_syntax_extension(name) {
                    cmark_parser_attach_syntax_extension(parser, ext)
                }
            }
            bytes.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
            return struck
        }
        // The document crosses the lock as a number: `withLock` hands back only sendable values.
        let finished = struck
            ? OpaquePointer(bitPattern: finishLock.withLock { _ in UInt(bitPattern: cmark_parser_finish(parser)) })
            : cmark_parser_finish(parser)
        guard let document = finished else { return empty }
        defer { cmark_node_free(document) }

        if topHeadingLevel > 1 { Self.shiftHeadings(in: document, top: topHeadingLevel) }
        let (nodes, located, broken) = markCaseLinks(in: document, source: source, locate: locate)
        var prefix = LinkSlot.markerPrefix
        while true {
            guard let html = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else {
                return CompiledNote(note: NoteHTML(html: "", slots: []), brokenLinks: broken)
            }
            defer { free(html) }
            if let note = Self.openSlots(html, located, prefix: prefix) {
                // A task item's checkbox, only where the tasklist extension wrote one.
                let tasks = strstr(html, NoteHTML.taskCheckbox) != nil
                // A link out of the site that shows its own address, only where there is such a link.
                let outside = strstr(html, NoteHTML.outsideLink) != nil
                let labelled = tasks ? note.labellingTaskItems() : note
                return CompiledNote(note: outside ? labelled.markingAddressLinks() : labelled, brokenLinks: broken)
            }
            // The note's own text holds this process's marker: only an input made by reading the
            // running process's memory can (a fuzzer does). Mark the links again with a fresh one.
            prefix = LinkSlot.randomPrefix()
            for (n, node) in nodes.enumerated() {
                cmark_node_set_url(node, LinkSlot.marker(n, prefix: prefix))
            }
        }
    }

    /// Moves every heading of `document` down so that its highest one is at level `top`, the
    /// steps between them kept and none past 6.
    private static func shiftHeadings(in document: OpaquePointer, top: Int) {
        var headings: [OpaquePointer] = []
        var highest = 6
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                  cmark_node_get_type(node) == CMARK_NODE_HEADING
            else { continue }
            headings.append(node)
            highest = min(highest, Int(cmark_node_get_heading_level(node)))
        }
        let shift = top - highest
        guard shift > 0 else { return }
        for node in headings {
            cmark_node_set_heading_level(node, Int32(min(Int(cmark_node_get_heading_level(node)) + shift, 6)))
        }
    }

    /// Walks the parsed tree and gives every case link to a record that exists a destination
    /// that marks its slot (`LinkSlot.marker`); a link to a record that does not exist is
    /// replaced by its own text. Returns the located links (by slot number) and the broken ones.
    private func markCaseLinks(in document: OpaquePointer, source: String,
                               locate: (CaseLink) -> Int?)
        -> (nodes: [OpaquePointer], located: [LinkSlot], broken: [CaseLink]) {
        // First every case link in document order, with cmark's byte columns…
        var found: [(node: OpaquePointer, link: CaseLink)] = []
        if let iterator = cmark_iter_new(document) {
            defer { cmark_iter_free(iterator) }
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
                      cmark_node_get_type(node) == CMARK_NODE_LINK,
                      let url = cmark_node_get_url(node)
                else { continue }
                guard let (kind, id) = Self.caseLink(url) else { continue }
                let place = Self.place(of: node)
                found.append((node, CaseLink(kind: kind, id: id, line: place.line, column: place.column)))
            }
        }
        // …then each is located, the tree changed only once the walk is over…
        var nodes: [OpaquePointer] = []
        var located: [LinkSlot] = []
        var broken: [CaseLink] = []
        for (node, link) in found {
            if let target = locate(link) {
                cmark_node_set_url(node, LinkSlot.marker(located.count, prefix: LinkSlot.markerPrefix))
                nodes.append(node)
                located.append(LinkSlot(offset: 0, kind: link.kind, target: target))
            } else {
                broken.append(link)
                while let child = cmark_node_first_child(node) {
                    cmark_node_insert_before(node, child)
                }
                cmark_node_free(node)
            }
        }
        // …and the broken ones' columns counted in characters, as people and editors count, in
        // one pass over the text (only they are reported).
        let columns = ScalarColumns.convert(broken.map { ($0.line, $0.column) }, in: source)
        for i in broken.indices { broken[i].column = columns[i] }
        return (nodes, located, broken)
    }

    /// cmark's HTML with each slot's marker taken out and its place noted. A located link whose
    /// destination the HTML does not show (a link inside an image's description, which renders
    /// as plain text) has no slot. Nil when the HTML holds `prefix` anywhere but in the markers
    /// written, slot by slot in document order: the note's text holds it too.
    private static func openSlots(_ html: UnsafeMutablePointer<CChar>, _ located: [LinkSlot],
                                  prefix: String) -> NoteHTML? {
        let count = strlen(html)
        guard !located.isEmpty else { return NoteHTML(html: String(cString: html), slots: []) }
        var slots: [LinkSlot] = []
        slots.reserveCapacity(located.count)
        let zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9")
        var intact = true
        let text = String(unsafeUninitializedCapacity: count) { out in
            html.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
                var read = 0, written = 0
                func copy(upTo end: Int) {
                    guard end > read else { return }
                    (out.baseAddress! + written).update(from: bytes + read, count: end - read)
                    written += end - read
                }
                var next = 0  // the lowest slot number the next marker may carry
                while read < count, let found = strstr(html + read, prefix) {
                    let start = html.distance(to: found)
                    // The slot number, in decimal without leading zeros, then the closing `_`.
                    var end = start + prefix.utf8.count, number = 0, digits = 0
                    while end < count, bytes[end] >= zero, bytes[end] <= nine, number < located.count {
                        number = number * 10 + Int(bytes[end] - zero)
                        end += 1
                        digits += 1
                    }
                    guard digits > 0, end < count, bytes[end] == UInt8(ascii: "_"), number >= next,
                          number < located.count, digits == 1 || bytes[end - digits] != zero
                    else {
                        intact = false
                        return 0
                    }
                    copy(upTo: start)
                    var slot = located[number]
                    slot.offset = written
                    slots.append(slot)
                    next = number + 1
                    read = end + 1
                }
                copy(upTo: count)
                return written
            }
        }
        return intact ? NoteHTML(html: text, slots: slots) : nil
    }
}

extension MarkdownRenderer {
    /// The kind and id of a case link's destination (`animal:ID`, `bulletin:ID`, `fruit:ID`), read
    /// from cmark's bytes: a note's other links cost no string.
    fileprivate static func caseLink(_ url: UnsafePointer<CChar>) -> (CaseLink.Kind, String)? {
        guard let colon = strchr(url, Int32(UInt8(ascii: ":"))) else { return nil }
        let length = url.distance(to: colon)
        guard let kind = CaseLink.Kind.allCases.first(where: {
            $0.rawValue.utf8.count == length && strncmp(url, $0.rawValue, length) == 0
        }) else { return nil }
        return (kind, String(cString: colon + 1))
    }

    /// Where `node` starts in the note: cmark's 1-based line and byte column, mended where
    /// libcmark-gfm 0.29 loses them. When a table directly follows a paragraph's lines, the table
    /// extension turns the paragraph into the table (which keeps the paragraph's start) and puts
    /// the lines above the header row into a new paragraph with no place of its own (0:0), whose
    /// inlines count lines and columns from 0: such a place is counted on from the table's start.
    /// Never below line 1, column 1.
    fileprivate static func place(of node: OpaquePointer) -> (line: Int, column: Int) {
        var line = Int(cmark_node_get_start_line(node))
        var column = Int(cmark_node_get_start_column(node))
        var block = cmark_node_parent(node)
        while let parent = block, cmark_node_get_type(parent) != CMARK_NODE_PARAGRAPH { block = cmark_node_parent(parent) }
        if let paragraph = block, cmark_node_get_start_line(paragraph) == 0 {
            if let next = cmark_node_next(paragraph), cmark_node_get_start_line(next) >= 1 {
                line += Int(cmark_node_get_start_line(next))
                column += Int(cmark_node_get_start_column(next))
            } else {
                line += 1
                column += 1
            }
        }
        return (max(1, line), max(1, column))
    }
}

/// Runs once, before the first document (a global's initializer runs exactly once).
///
/// cmark_gfm_core_extensions_ensure_registered must run before cmark_find_syntax_extension, or
/// tables silently render as paragraphs.
///
/// libcmark-gfm 0.29.0.gfm.6 keeps the inline parser's special characters in one process-wide
/// table: cmark_parser_finish adds its extensions' characters and removes them when done, so a
/// document finished while another one finishes loses them halfway (github/cmark-gfm#176).
/// The characters of table and autolink (`|`, `:`, `w`) are therefore set once and for all, and
/// those extensions told they have none to add or remove: every parser here attaches them, so
/// the table they need never changes. Strikethrough cannot be treated so (the parser matches `~`
/// runs to it through that same list; emptied, a `~~` makes it loop), so only documents that
/// contain a `~` attach it, and those finish one at a time under `finishLock`; the others finish
/// in parallel, and `~` means nothing to them.
///
/// The lists that held the pinned characters are dropped without being freed (32 bytes, once a
/// process): the library has no call that returns them. LeakSanitizer is paused meanwhile, in a
/// sanitizer build, so that it reports leaks of the rendering and not this one.
private let extensionsRegistered: Void = {
    casefile_leak_check_pause()
    defer { casefile_leak_check_resume() }
    cmark_gfm_core_extensions_ensure_registered()
    let pinned = MarkdownRenderer.extensionNames.filter { $0 != "strikethrough" }.compactMap { cmark_find_syntax_extension($0) }
    if let parser = cmark_parser_new(CMARK_OPT_DEFAULT) {
        for ext in pinned { cmark_parser_attach_syntax_extension(parser, ext) }
        cmark_manage_extensions_special_characters(parser, 1)
        cmark_parser_free(parser)
    }
    for ext in pinned { cmark_syntax_extension_set_special_inline_chars(ext, nil) }
}()

/// A finish takes about 9 µs on a note of 1.5 KB, less than a thread's sleep and wake-up, so
/// the lock spins briefly before it sleeps (`Mutex` does; `NSLock` sleeps at once, which on the
/// 10k benchmark case made the notes' stage 12 % slower and spent 5 % of all CPU in futex calls).
private let finishLock = Mutex(())
