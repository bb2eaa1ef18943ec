/// A template flattened for rendering: one array of plain instructions that refer by number to
/// its texts, names and nested bodies, so that walking it copies integers, not references.
final class CompiledTemplate: Sendable {
    struct Op: Sendable {
        enum Kind: UInt8, Sendable {
            /// Copy `texts[a]`.
            case text
            /// Print the value of `paths[a]`, escaped when `b` is 1.
            case variable
            /// Render `ops[index + 1 ..< b]` for the value of `paths[a]`.
            case section
            /// Render `ops[index + 1 ..< b]` when the value of `paths[a]` is falsy.
            case inverted
            /// Render the partial `names[a]`, lines indented by `texts[b]`, with the block
            /// overrides `overrides[c]` (-1: none; a parent has a set, even an empty one).
            case partial
            /// Render the override of block `names[a]`, or the default `ops[index + 1 ..< b]`,
            /// lines indented by `texts[c]`.
            case block
        }

        var kind: Kind
        var a: Int32
        var b: Int32
        var c: Int32
    }

    let ops: [Op]
    let texts: [String]
    let paths: [NamePath]
    let names: [String]
    let overrides: [[String: CompiledTemplate]]

    init(_ nodes: [TemplateNode]) {
        var builder = Builder()
        builder.append(nodes)
        ops = builder.ops
        texts = builder.texts
        paths = builder.paths
        names = builder.names
        overrides = builder.overrides
    }

    private struct Builder {
        var ops: [Op] = []
        var texts: [String] = []
        var paths: [NamePath] = []
        var names: [String] = []
        var overrides: [[String: CompiledTemplate]] = []

        mutating func text(_ s: String) -> Int32 {
            texts.append(s)
            return Int32(texts.count - 1)
        }

        mutating func name(_ s: String) -> Int32 {
            names.append(s)
            return Int32(names.count - 1)
        }

        mutating func path(_ p: NamePath) -> Int32 {
            paths.append(p)
            return Int32(paths.count - 1)
        }

        mutating func append(_ nodes: [TemplateNode]) {
            for node in nodes {
                switch node {
                case let .text(s):
                    ops.append(Op(kind: .text, a: text(s), b: 0, c: 0))
                case let .variable(p, escaped):
                    ops.append(Op(kind: .variable, a: path(p), b: escaped ? 1 : 0, c: 0))
                case let .section(p, inverted, body):
                    let at = ops.count
                    ops.append(Op(kind: inverted ? .inverted : .section, a: path(p), b: 0, c: 0))
                    append(body)
                    ops[at].b = Int32(ops.count)
                case let .partial(partial, indentation, blocks):
                    var set: Int32 = -1
                    if let blocks {
                        overrides.append(blocks.mapValues { CompiledTemplate($0) })
                        set = Int32(overrides.count - 1)
                    }
                    ops.append(Op(kind: .partial, a: name(partial), b: text(indentation), c: set))
                case let .block(block, defaultBody, indentation):
                    let at = ops.count
                    ops.append(Op(kind: .block, a: name(block), b: 0, c: text(indentation)))
                    append(defaultBody)
                    ops[at].b = Int32(ops.count)
                }
            }
        }
    }
}
