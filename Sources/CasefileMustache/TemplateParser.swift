/// Parses a Mustache template into `TemplateNode`s, by the rules of the Mustache specification:
/// interpolation (`{{name}}`, `{{{name}}}`, `{{&name}}`), sections and inverted sections,
/// comments, partials, set delimiters, and template inheritance (`{{<parent}}`, `{{$block}}`).
/// A tag alone on its line (a section, inverted section or closing tag, comment, partial,
/// parent, block or delimiter change) takes its line with it: its whitespace and line break are
/// not copied. Lambdas and dynamic names (`{{>*name}}`) are not part of this dialect.
struct TemplateParser {
    private let bytes: [UInt8]
    private let vocabulary: [String: Int]

    init(_ source: String, vocabulary: [String: Int]) {
        self.bytes = Array(source.utf8)
        self.vocabulary = vocabulary
    }

    func parse() throws(MustacheError) -> [TemplateNode] {
        let tokens = try scan()
        return try build(Self.removingStandaloneLines(tokens))
    }

    // MARK: - Tokens

    enum TagKind: Equatable {
        case variable(escaped: Bool)
        case section, inverted, close, comment, partial, parent, block, delimiters

        /// Tags that take their line with them when they stand alone on it.
        var canStandAlone: Bool {
            if case .variable = self { return false }
            return true
        }
    }

    struct Tag {
        var kind: TagKind
        var name: String
        /// Byte offset of the opening delimiter, for error positions.
        var offset: Int
        /// True when the tag stands alone on its line (which it took with it).
        var standalone = false
        /// The whitespace between the start of the line and the tag, when the tag is the line's
        /// first and only whitespace comes before it; nil otherwise. A standalone partial or
        /// parent indents its output by it; a block indents the lines after its first by it.
        var leading: String?
    }

    enum Token {
        /// A run of text; a line break ends one, so each line's text is its own tokens.
        /// `lineStart`: the text starts its line.
        case text(String, lineStart: Bool)
        case tag(Tag)
    }

    private func scan() throws(MustacheError) -> [Token] {
        var tokens: [Token] = []
        var open: [UInt8] = Array("{{".utf8)
        var close: [UInt8] = Array("}}".utf8)
        var i = 0
        var textStart = 0
        let n = bytes.count
        func flushText(to end: Int) {
            if textStart < end { tokens.append(.text(String(decoding: bytes[textStart..<end], as: UTF8.self), lineStart: false)) }
        }
        while i < n {
            if bytes[i] == UInt8(ascii: "\n") {
                flushText(to: i + 1)
                i += 1
                textStart = i
                continue
            }
            guard matches(open, at: i) else {
                i += 1
                continue
            }
            flushText(to: i)
            let tagStart = i
            var j = i + open.count
            let sigil: UInt8? = j < n ? bytes[j] : nil
            let kind: TagKind
            switch sigil {
            case UInt8(ascii: "#"): kind = .section
            case UInt8(ascii: "^"): kind = .inverted
            case UInt8(ascii: "/"): kind = .close
            case UInt8(ascii: "!"): kind = .comment
            case UInt8(ascii: ">"): kind = .partial
            case UInt8(ascii: "<"): kind = .parent
            case UInt8(ascii: "$"): kind = .block
            case UInt8(ascii: "="): kind = .delimiters
            case UInt8(ascii: "&"): kind = .variable(escaped: false)
            case UInt8(ascii: "{"): kind = .variable(escaped: false)
            default: kind = .variable(escaped: true)
            }
            if case .variable(escaped: true) = kind {} else { j += 1 }
            // The tag's end: `}` then the closing delimiter for a triple mustache, `=` then the
            // closing delimiter for a delimiter change, the closing delimiter otherwise.
            let terminator: [UInt8] = switch sigil {
            case UInt8(ascii: "{"): Array("}".utf8) + close
            case UInt8(ascii: "="): Array("=".utf8) + close
            default: close
            }
            guard let end = find(terminator, from: j) else {
                throw error(at: tagStart, "unclosed tag: no '\(String(decoding: terminator, as: UTF8.self))' after it")
            }
            let content = String(decoding: bytes[j..<end], as: UTF8.self)
            i = end + terminator.count
            textStart = i
            switch kind {
            case .comment:
                tokens.append(.tag(Tag(kind: .comment, name: "", offset: tagStart)))
            case .delimiters:
                let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
                guard parts.count == 2, !parts[0].contains("="), !parts[1].contains("=") else {
                    throw error(at: tagStart, "a delimiter change is written {{=OPEN CLOSE=}}")
                }
                open = Array(parts[0].utf8)
                close = Array(parts[1].utf8)
                tokens.append(.tag(Tag(kind: .delimiters, name: "", offset: tagStart)))
            default:
                let name = trimmed(content)
                try check(name, kind: kind, at: tagStart)
                tokens.append(.tag(Tag(kind: kind, name: name, offset: tagStart)))
            }
        }
        flushText(to: n)
        return tokens
    }

    private func matches(_ delimiter: [UInt8], at i: Int) -> Bool {
        guard i + delimiter.count <= bytes.count else { return false }
        for k in 0..<delimiter.count where bytes[i + k] != delimiter[k] { return false }
        return true
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        var i = start
        while i + needle.count <= bytes.count {
            if matches(needle, at: i) { return i }
            i += 1
        }
        return nil
    }

    private func trimmed(_ s: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = s.firstIndex(where: { !isSpace($0) }), let last = s.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(s[first...last])
    }

    private func check(_ name: String, kind: TagKind, at offset: Int) throws(MustacheError) {
        guard !name.isEmpty else { throw error(at: offset, "a tag needs a name") }
        if name.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
            throw error(at: offset, "a name cannot contain whitespace: '\(name)'")
        }
        if name.contains("(") || name.contains(")") {
            throw error(at: offset, "'\(name)': transforms such as name(x) are not supported")
        }
        switch kind {
        case .partial, .parent, .close, .block:
            if name.hasPrefix("*") { throw error(at: offset, "'\(name)': dynamic names are not supported") }
        case .variable, .section, .inverted:
            if name != ".", name.split(separator: ".", omittingEmptySubsequences: false).dropFirst(name.hasPrefix(".") ? 1 : 0)
                .contains(where: \.isEmpty) {
                throw error(at: offset, "'\(name)' has an empty part between dots")
            }
        default: break
        }
    }

    // MARK: - Tree

    private enum Open {
        case root
        case section(Tag, inverted: Bool)
        case parent(Tag)
        case blockDefinition(Tag)
        case block(Tag)

        var tag: Tag? {
            switch self {
            case .root: nil
            case let .section(t, _), let .parent(t), let .blockDefinition(t), let .block(t): t
            }
        }
    }

    /// A block's body is written at some indentation of its own, which it does not keep: the
    /// indentation of the body's first line when the block's opening tag stands alone (none
    /// otherwise) is taken off the start of each of its lines, and the block's site puts its own
    /// back (the specification's "block reindentation").
    private enum Dedent {
        /// Lines are kept as written.
        case none
        /// The body's first line, not yet seen, tells the indentation to take off.
        case pending
        case strip(String)
    }

    private struct Frame {
        var open: Open
        var nodes: [TemplateNode] = []
        var overrides: [String: [TemplateNode]] = [:]
        var dedent = Dedent.none
    }

    private func build(_ tokens: [Token]) throws(MustacheError) -> [TemplateNode] {
        var frames = [Frame(open: .root)]
        for var token in tokens {
            reindent(&token, frames: &frames)
            let inParent: Bool = if case .parent = frames[frames.count - 1].open { true } else { false }
            switch token {
            case let .text(text, _):
                // Text between a parent's blocks is not rendered anywhere; a line's indentation
                // that reindenting took whole leaves nothing to copy.
                if !inParent, !text.isEmpty { append(.text(text), to: &frames) }
            case let .tag(tag):
                if inParent, tag.kind != .block, tag.kind != .close, tag.kind != .comment, tag.kind != .delimiters {
                    throw error(at: tag.offset, "only {{$block}} tags can stand inside {{<\(frames[frames.count - 1].open.tag?.name ?? "")}}")
                }
                switch tag.kind {
                case let .variable(escaped):
                    append(.variable(path(tag.name), escaped: escaped), to: &frames)
                case .section: frames.append(Frame(open: .section(tag, inverted: false)))
                case .inverted: frames.append(Frame(open: .section(tag, inverted: true)))
                case .parent: frames.append(Frame(open: .parent(tag)))
                case .block:
                    frames.append(Frame(open: inParent ? .blockDefinition(tag) : .block(tag), dedent: tag.standalone ? .pending : .none))
                case .partial:
                    append(.partial(name: tag.name, indentation: tag.standalone ? tag.leading ?? "" : "", overrides: nil), to: &frames)
                case .comment, .delimiters:
                    break
                case .close:
                    let frame = frames.removeLast()
                    guard let opened = frame.open.tag else {
                        throw error(at: tag.offset, "{{/\(tag.name)}} closes nothing: no section is open")
                    }
                    guard opened.name == tag.name else {
                        throw error(at: tag.offset, "{{/\(tag.name)}} does not close {{\(sigil(frame.open))\(opened.name)}} (opened at \(position(opened.offset)))")
                    }
                    switch frame.open {
                    case .root: break
                    case let .section(t, inverted):
                        append(.section(path(t.name), inverted: inverted, body: frame.nodes), to: &frames)
                    case let .parent(t):
                        append(.partial(name: t.name, indentation: t.standalone ? t.leading ?? "" : "", overrides: frame.overrides), to: &frames)
                    case let .blockDefinition(t):
                        // The first definition of a name wins, as the caller's block does.
                        if frames[frames.count - 1].overrides[t.name] == nil {
                            frames[frames.count - 1].overrides[t.name] = frame.nodes
                        }
                    case let .block(t):
                        // The indentation the block's lines get: that of its default content
                        // when the block stands alone and has some (the content was written
                        // where it is to appear), else the whitespace before the tag. When the
                        // tag does not stand alone that whitespace stays in the text, before the
                        // first line.
                        let indentation: String = if case let .strip(d) = frame.dedent { d } else { t.leading ?? "" }
                        append(.block(name: t.name, defaultBody: frame.nodes, indentation: indentation), to: &frames)
                    }
                }
            }
        }
        guard frames.count == 1 else {
            let open = frames[frames.count - 1]
            let tag = open.open.tag!
            throw error(at: tag.offset, "{{\(sigil(open.open))\(tag.name)}} is never closed: add {{/\(tag.name)}}")
        }
        return frames[0].nodes
    }

    /// Takes the indentation of the blocks being read off the start of a line (a text that starts
    /// its line, or the whitespace before a line's first tag), outermost block first; a block
    /// still waiting for its first line takes that line's indentation as its own.
    private func reindent(_ token: inout Token, frames: inout [Frame]) {
        var line: Substring
        switch token {
        case let .text(text, lineStart: true): line = text[...]
        case let .tag(tag) where tag.leading != nil: line = tag.leading![...]
        default: return
        }
        var changed = false
        for k in frames.indices {
            switch frames[k].dedent {
            case .none:
                continue
            case .pending:
                let indentation = line.prefix(while: { $0 == " " || $0 == "\t" })
                frames[k].dedent = .strip(String(indentation))
                line = line.dropFirst(indentation.count)
            case let .strip(indentation):
                let common = zip(line, indentation).prefix(while: { $0 == $1 }).count
                line = line.dropFirst(common)
            }
            changed = true
        }
        guard changed else { return }
        switch token {
        case .text: token = .text(String(line), lineStart: true)
        case var .tag(tag):
            tag.leading = String(line)
            token = .tag(tag)
        }
    }

    private func append(_ node: TemplateNode, to frames: inout [Frame]) {
        frames[frames.count - 1].nodes.append(node)
    }

    private func sigil(_ open: Open) -> String {
        switch open {
        case .root: ""
        case let .section(_, inverted): inverted ? "^" : "#"
        case .parent: "<"
        case .blockDefinition, .block: "$"
        }
    }

    private func path(_ name: String) -> NamePath {
        if name == "." { return NamePath(keys: [], anchored: true) }
        let anchored = name.hasPrefix(".")
        let keys = name.split(separator: ".").map { MustacheKey(name: String($0), code: vocabulary[String($0)] ?? -1) }
        return NamePath(keys: keys, anchored: anchored)
    }

    // MARK: - Positions

    private func position(_ offset: Int) -> String {
        let (line, column) = lineAndColumn(offset)
        return "\(line):\(column)"
    }

    private func lineAndColumn(_ offset: Int) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        for k in 0..<min(offset, bytes.count) where bytes[k] == UInt8(ascii: "\n") {
            line += 1
            lineStart = k + 1
        }
        let column = String(decoding: bytes[lineStart..<min(offset, bytes.count)], as: UTF8.self).count + 1
        return (line, column)
    }

    private func error(at offset: Int, _ message: String) -> MustacheError {
        let (line, column) = lineAndColumn(offset)
        return MustacheError(line: line, column: column, message: message)
    }
}
