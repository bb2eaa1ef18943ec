/// One rendering: walks compiled templates over a context stack and appends to one byte buffer.
/// Values come already escaped (`HTMLText`), so rendering only copies bytes and looks names up.
struct Renderer {
    let templates: [String: CompiledTemplate]
    private(set) var output: [UInt8] = []
    private var stack: [MustacheValue]
    /// The block overrides of the parents being rendered, outermost first: the outermost
    /// definition of a block wins.
    private var overrides: [[String: CompiledTemplate]] = []
    /// What starts every line of the standalone partial being rendered (nested ones add up).
    private var indentation = ""

    init(templates: [String: CompiledTemplate], context: MustacheValue, capacity: Int) {
        self.templates = templates
        self.stack = [context]
        self.stack.reserveCapacity(16)
        output.reserveCapacity(capacity)
    }

    mutating func render(_ template: CompiledTemplate) {
        render(template, template.ops.startIndex, template.ops.endIndex)
    }

    /// Renders `template.ops[start..<end]`.
    private mutating func render(_ template: CompiledTemplate, _ start: Int, _ end: Int) {
        let ops = template.ops
        var i = start
        while i < end {
            let op = ops[i]
            switch op.kind {
            case .text:
                emit(template.texts[Int(op.a)])
                i += 1
            case .variable:
                switch lookup(template.paths[Int(op.a)]) {
                case let .text(value)?: emit(op.b == 1 ? value.escaped : value.raw)
                case let .bool(value)?: emit(value ? "true" : "false")
                default: break
                }
                i += 1
            case .section, .inverted:
                let value = lookup(template.paths[Int(op.a)])
                section(value, inverted: op.kind == .inverted, template, i + 1, Int(op.b))
                i = Int(op.b)
            case .partial:
                if let partial = templates[template.names[Int(op.a)]] {
                    let saved = indentation
                    indentation += template.texts[Int(op.b)]
                    if op.c >= 0 { overrides.append(template.overrides[Int(op.c)]) }
                    render(partial)
                    if op.c >= 0 { overrides.removeLast() }
                    indentation = saved
                }
                i += 1
            case .block:
                let name = template.names[Int(op.a)]
                let saved = indentation
                indentation += template.texts[Int(op.c)]
                if let override = overrides.lazy.compactMap({ $0[name] }).first {
                    render(override)
                } else {
                    render(template, i + 1, Int(op.b))
                }
                indentation = saved
                i = Int(op.b)
            }
        }
    }

    private mutating func section(_ value: MustacheValue?, inverted: Bool, _ template: CompiledTemplate, _ start: Int, _ end: Int) {
        switch value {
        case nil, .null?, .bool(false)?:
            if inverted { render(template, start, end) }
        case .bool(true)?:
            if !inverted { render(template, start, end) }
        case let .list(items)?:
            if inverted {
                if items.isEmpty { render(template, start, end) }
            } else {
                for item in items {
                    stack.append(item)
                    render(template, start, end)
                    stack.removeLast()
                }
            }
        case let value?:
            if !inverted {
                stack.append(value)
                render(template, start, end)
                stack.removeLast()
            }
        }
    }

    @inline(__always)
    private mutating func emit(_ text: String) {
        guard !text.isEmpty else { return }
        if !indentation.isEmpty, output.isEmpty || output.last == UInt8(ascii: "\n") {
            output.append(contentsOf: indentation.utf8)
        }
        output.append(contentsOf: text.utf8)
    }

    /// The value of `path`: its first name looked up from the top of the stack down (or in the
    /// top value only, for `.` and `.name`), the rest inside what that gave.
    private func lookup(_ path: NamePath) -> MustacheValue? {
        let keys = path.keys
        var value: MustacheValue
        var next = 0
        if path.anchored {
            value = stack[stack.count - 1]
        } else {
            guard !keys.isEmpty else { return stack[stack.count - 1] }
            var found: MustacheValue?
            var i = stack.count - 1
            while i >= 0 {
                if case let .object(object) = stack[i], let child = object.value(for: keys[0]) {
                    found = child
                    break
                }
                i -= 1
            }
            guard let found else { return nil }
            value = found
            next = 1
        }
        while next < keys.count {
            guard case let .object(object) = value, let child = object.value(for: keys[next]) else { return nil }
            value = child
            next += 1
        }
        return value
    }
}
