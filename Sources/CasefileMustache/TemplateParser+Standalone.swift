extension TemplateParser {
    // MARK: - Standalone lines

    /// What an opening tag opened, to tell a parent's own tags from the others.
    fileprivate enum Opened { case section, parent, blockDefinition, block }

    /// Drops the whitespace and the line break around a tag that stands alone on its line, and
    /// marks where each line starts (its first token) and the whitespace before a line's first
    /// tag.
    ///
    /// A line stands alone when, but for whitespace, it holds one tag that is not a variable; or
    /// only tags of parents (`{{<parent}}`, the `{{$block}}`s defined directly inside it, and
    /// their closing tags), whose surrounding text is not rendered anyway: so
    /// `{{<parent}}{{/parent}}` and `{{<parent}}{{$block}}` take their line with them, as the
    /// specification's inheritance cases require. Two section tags on one line do not.
    static func removingStandaloneLines(_ tokens: [Token]) -> [Token] {
        var result: [Token] = []
        result.reserveCapacity(tokens.count)
        var opened: [Opened] = []
        var lineStart = 0
        while lineStart < tokens.count {
            var lineEnd = lineStart
            // A line runs up to and including the text token that ends in a line break.
            while lineEnd < tokens.count {
                if case let .text(t, _) = tokens[lineEnd], t.utf8.last == UInt8(ascii: "\n") { break }
                lineEnd += 1
            }
            var line = Array(tokens[lineStart..<min(lineEnd + 1, tokens.count)])
            lineStart = lineEnd + 1
            var tagCount = 0
            var standaloneKinds = true
            var parentTagsOnly = true
            var blank = true
            var leading = ""
            for k in line.indices {
                switch line[k] {
                case var .tag(tag):
                    if tagCount == 0, blank { tag.leading = leading }
                    tagCount += 1
                    if !tag.kind.canStandAlone { standaloneKinds = false }
                    if !isParentTag(tag.kind, opened: &opened) { parentTagsOnly = false }
                    line[k] = .tag(tag)
                case let .text(t, _):
                    if !isBlank(t) { blank = false }
                    if tagCount == 0 { leading += t }
                }
            }
            if case let .text(t, _) = line[0] { line[0] = .text(t, lineStart: true) }
            if blank, tagCount > 0, standaloneKinds, tagCount == 1 || parentTagsOnly {
                for token in line {
                    if case var .tag(tag) = token {
                        tag.standalone = true
                        result.append(.tag(tag))
                    }
                }
            } else {
                result.append(contentsOf: line)
            }
        }
        return result
    }

    /// Whether a tag is one of a parent's own (the parent's opening and closing tags, and those
    /// of the blocks defined directly inside it); keeps `opened` up to date.
    fileprivate static func isParentTag(_ kind: TagKind, opened: inout [Opened]) -> Bool {
        switch kind {
        case .section, .inverted:
            opened.append(.section)
            return false
        case .parent:
            opened.append(.parent)
            return true
        case .block:
            let definition = opened.last == .parent
            opened.append(definition ? .blockDefinition : .block)
            return definition
        case .close:
            let closed = opened.popLast()
            return closed == .parent || closed == .blockDefinition
        case .variable, .comment, .partial, .delimiters:
            return false
        }
    }

    /// Only spaces and tabs, then the line break (`\n` or `\r\n`) if any.
    fileprivate static func isBlank(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if bytes.last == UInt8(ascii: "\n") {
            bytes = bytes.dropLast()
            if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        }
        return bytes.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }
}
