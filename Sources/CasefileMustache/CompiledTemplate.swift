import Synchronization

/// A template flattened for rendering: one array of plain instructions that refer by number to
/// its texts, names and nested bodies, so that walking it copies integers, not references.
final class CompiledTemplate: Sendable {
    struct Op: Sendable {
        enum Kind: UInt8, Sendable {
            /// Copy `text[a ..< b]` of the library: the text between two tags, its lines back to
            /// back.
            case text
            /// Print the value of `paths[a]`, escaped when `b` is 1.
            case variable
            /// Render `ops[index + 1 ..< b]` for the value of `paths[a]`.
            case section
            /// Render `ops[index + 1 ..< b]` when the value of `paths[a]` is falsy.
            case inverted
            /// Render the partial numbered `a` in the library, lines indented by `indents[b]`,
            /// with the block overrides `overrides[c]` (-1: none; a parent has a set, even an
            /// empty one).
            case partial
            /// Render the override of the block numbered `a` in the library, or the default
            /// `ops[index + 1 ..< b]`, lines indented by `indents[c]`.
            case block
        }

        var kind: Kind
        var a: Int32
        var b: Int32
        var c: Int32
    }

    /// A name path: its keys are `keys[start ..< end]` (none for `.`); `anchored` for `.` and
    /// for names that start with a dot (no search down the context stack).
    struct Path: Sendable {
        var start: Int32
        var end: Int32
        var anchored: Bool
    }

    /// Everything the ops refer to. A value, so that the renderer can hold it borrowed while it
    /// walks nested sections instead of reading each array out of the class again.
    struct Code: Sendable {
        var ops: [Op] = []
        var paths: [Path] = []
        var keys: [MustacheKey] = []
        var indents: [[UInt8]] = []
        /// Each parent tag's block overrides, by block number: a parent defines a few, so they
        /// are searched in order rather than hashed (a field row's four blocks, at every field).
        var overrides: [[Override]] = []
        /// A number no other compiled code in the process has (`MemoSlots` tell sections apart
        /// by it).
        var id = 0
    }

    /// A block's override in a parent tag: the block's number in the library, and its body.
    struct Override: Sendable {
        var block: Int32
        var body: CompiledTemplate
    }

    let code: Code

    /// How many codes were compiled: the last one's `id`.
    private static let codes = Atomic<Int>(0)

    /// `partials` and `blocks` number partial and block names library-wide; names met here for
    /// the first time get the next numbers. The texts are appended to `text`, the library's UTF-8
    /// of every text.
    init(_ nodes: [TemplateNode], partials: inout [String: Int], blocks: inout [String: Int], text: inout [UInt8],
         constants: [String: MustacheValue] = [:]) {
        var builder = Builder(partials: partials, blocks: blocks, text: text, constants: constants)
        text = []
        builder.append(nodes)
        builder.code.id = Self.codes.add(1, ordering: .relaxed).newValue
        code = builder.code
        partials = builder.partials
        blocks = builder.blocks
        text = builder.text
    }

    private struct Builder {
        var code = Code()
        var partials: [String: Int]
        var blocks: [String: Int]
        var text: [UInt8]
        /// Names whose values are known now (`MustacheLibrary.init`).
        let constants: [String: MustacheValue]
        /// The text op that the next text may extend: the last op, when it is a text of the same
        /// body.
        var openText: Int?

        mutating func indent(_ s: String) -> Int32 {
            code.indents.append(Array(s.utf8))
            return Int32(code.indents.count - 1)
        }

        mutating func block(_ s: String) -> Int32 {
            if let n = blocks[s] { return Int32(n) }
            blocks[s] = blocks.count
            return Int32(blocks.count - 1)
        }

        mutating func partial(_ s: String) -> Int32 {
            if let n = partials[s] { return Int32(n) }
            partials[s] = partials.count
            return Int32(partials.count - 1)
        }

        mutating func path(_ p: NamePath) -> Int32 {
            let start = Int32(code.keys.count)
            code.keys.append(contentsOf: p.keys)
            code.paths.append(Path(start: start, end: Int32(code.keys.count), anchored: p.anchored))
            return Int32(code.paths.count - 1)
        }

        /// Texts next to each other become one op: the renderer indents a text line by line,
        /// so one op prints what several would.
        mutating func text(_ s: String) {
            let start = Int32(text.count)
            text.append(contentsOf: s.utf8)
            if let openText {
                code.ops[openText].b = Int32(text.count)
            } else {
                openText = code.ops.count
                code.ops.append(Op(kind: .text, a: start, b: Int32(text.count), c: 0))
            }
        }

        /// What a variable tag on `p` prints, when `p` starts with a constant's name: the text it
        /// leads to, or nothing when it leads to no text (as rendering would print); nil when `p`
        /// is not a constant's, or leads to `true`/`false` (printed as words when rendering).
        func constant(_ p: NamePath) -> HTMLText? {
            guard !constants.isEmpty, !p.anchored, let first = p.keys.first, var value = constants[first.name] else {
                return nil
            }
            for key in p.keys.dropFirst() {
                guard case let .object(object) = value, let child = object.value(for: key) else { return .empty }
                value = child
            }
            switch value {
            case let .text(text): return text
            case .bool: return nil
            case .list, .object, .null: return .empty
            }
        }

        mutating func append(_ nodes: [TemplateNode]) {
            for node in nodes {
                if case let .text(s) = node {
                    text(s)
                    continue
                }
                if case let .variable(p, escaped) = node, let fixed = constant(p) {
                    text(escaped ? fixed.escaped : fixed.raw)
                    continue
                }
                openText = nil
                switch node {
                case .text:
                    break
                case let .variable(p, escaped):
                    code.ops.append(Op(kind: .variable, a: path(p), b: escaped ? 1 : 0, c: 0))
                case let .section(p, inverted, body):
                    let at = code.ops.count
                    code.ops.append(Op(kind: inverted ? .inverted : .section, a: path(p), b: 0, c: 0))
                    append(body)
                    code.ops[at].b = Int32(code.ops.count)
                    openText = nil
                case let .partial(partial, indentation, blocks):
                    var set: Int32 = -1
                    if let blocks {
                        // In name order, so that the same template compiles to the same code.
                        var bodies: [Override] = []
                        for (name, body) in blocks.sorted(by: { $0.key < $1.key }) {
                            let number = self.block(name)
                            bodies.append(Override(block: number, body: CompiledTemplate(body, partials: &partials, blocks: &self.blocks,
                                                                                      text: &text, constants: constants)))
                        }
                        code.overrides.append(bodies)
                        set = Int32(code.overrides.count - 1)
                    }
                    code.ops.append(Op(kind: .partial, a: self.partial(partial), b: indent(indentation), c: set))
                case let .block(block, defaultBody, indentation):
                    let at = code.ops.count
                    code.ops.append(Op(kind: .block, a: self.block(block), b: 0, c: indent(indentation)))
                    append(defaultBody)
                    code.ops[at].b = Int32(code.ops.count)
                    openText = nil
                }
            }
        }
    }
}
