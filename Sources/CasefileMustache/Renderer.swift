/// One rendering: walks compiled templates over a context stack and appends to one byte buffer.
/// Values come already escaped (`HTMLText`), so rendering only copies bytes and looks names up.
struct Renderer {
    /// The library's templates by partial number (`CompiledTemplate.Op.Kind.partial`).
    let partials: [CompiledTemplate?]
    /// This rendering's own copy of the library's texts. Copying a text retains the array it is
    /// in; an array of its own keeps that count on this thread's cache, where the library's,
    /// shared by the threads rendering other pages, would bounce between cores.
    private let text: [UInt8]
    private(set) var output: [UInt8] = []
    private var stack: [MustacheValue]
    /// The top of the stack when it is an object, where most names are found. Kept here as well
    /// so that a lookup asks it without copying it out of the array (a retain and a release).
    private var top: (any MustacheObject)?
    /// What the first name of the last dotted path (`invalid.name`) gave, when an object, and that
    /// name's code: the paths of a row often start alike, and the stack has not changed since.
    /// Forgotten when the stack changes.
    private var scope: (any MustacheObject)?
    private var scopeCode = -1
    /// The block overrides of the parents being rendered, outermost first: the outermost
    /// definition of a block wins.
    private var overrides: [[String: CompiledTemplate]] = []
    /// What starts every line of the standalone partial being rendered (nested ones add up).
    private var indentation: [UInt8] = []

    init(partials: [CompiledTemplate?], text: [UInt8], context: MustacheValue, capacity: Int) {
        self.partials = partials
        var own: [UInt8] = []
        own.reserveCapacity(text.count)
        own.append(contentsOf: text)
        self.text = own
        self.stack = [context]
        self.stack.reserveCapacity(16)
        if case let .object(object) = context { top = object }
        output.reserveCapacity(capacity)
    }

    mutating func render(_ template: CompiledTemplate) {
        render(template.code, 0, template.code.ops.count)
    }

    /// Renders `code.ops[start..<end]`.
    private mutating func render(_ code: borrowing CompiledTemplate.Code, _ start: Int, _ end: Int) {
        var i = start
        while i < end {
            let op = code.ops[i]
            switch op.kind {
            case .text:
                emitText(Int(op.a), Int(op.b))
                i += 1
            case .variable:
                switch lookup(code.paths[Int(op.a)], code.keys) {
                case let .text(value)?: op.b == 1 ? emit(value.escaped) : emit(value.raw)
                case let .bool(value)?: emit(value ? "true" : "false")
                default: break
                }
                i += 1
            case .section, .inverted:
                let value = lookup(code.paths[Int(op.a)], code.keys)
                section(value, inverted: op.kind == .inverted, code, i + 1, Int(op.b))
                i = Int(op.b)
            case .partial:
                if let partial = partials[Int(op.a)] {
                    let saved = indentation.count
                    indentation.append(contentsOf: code.indents[Int(op.b)])
                    if op.c >= 0 { overrides.append(code.overrides[Int(op.c)]) }
                    render(partial)
                    if op.c >= 0 { overrides.removeLast() }
                    indentation.removeLast(indentation.count - saved)
                }
                i += 1
            case .block:
                let name = code.names[Int(op.a)]
                let saved = indentation.count
                indentation.append(contentsOf: code.indents[Int(op.c)])
                if let override = overrides.lazy.compactMap({ $0[name] }).first {
                    render(override)
                } else {
                    render(code, i + 1, Int(op.b))
                }
                indentation.removeLast(indentation.count - saved)
                i = Int(op.b)
            }
        }
    }

    private mutating func section(_ value: MustacheValue?, inverted: Bool, _ code: borrowing CompiledTemplate.Code, _ start: Int, _ end: Int) {
        switch value {
        case nil, .null?, .bool(false)?:
            if inverted { render(code, start, end) }
        case .bool(true)?:
            if !inverted { render(code, start, end) }
        case let .list(items)?:
            if inverted {
                if items.isEmpty { render(code, start, end) }
            } else {
                let below = top
                for item in items {
                    push(item)
                    render(code, start, end)
                    pop()
                }
                top = below
            }
        case let value?:
            if !inverted {
                let below = top
                push(value)
                render(code, start, end)
                pop()
                top = below
            }
        }
    }

    @inline(__always)
    private mutating func push(_ value: MustacheValue) {
        if case let .object(object) = value { top = object } else { top = nil }
        stack.append(value)
        scope = nil
    }

    /// Takes the top off the stack; the caller sets `top` again.
    @inline(__always)
    private mutating func pop() {
        stack.removeLast()
        scope = nil
    }

    /// Copies `text[start ..< end]`, a run of template text. In an indented partial each of its
    /// lines starts with the indentation, as if each line were printed on its own.
    @inline(__always)
    private mutating func emitText(_ start: Int, _ end: Int) {
        if indentation.isEmpty {
            output.append(contentsOf: text[start..<end])
            return
        }
        var line = start
        while line < end {
            var next = line
            while next < end, text[next] != UInt8(ascii: "\n") { next += 1 }
            if next < end { next += 1 }
            if output.isEmpty || output.last == UInt8(ascii: "\n") { output.append(contentsOf: indentation) }
            output.append(contentsOf: text[line..<next])
            line = next
        }
    }

    /// Copies a value; in an indented partial, a value that starts a line is indented (its own
    /// line breaks are not).
    @inline(__always)
    private mutating func emit(_ text: consuming String) {
        guard !text.isEmpty else { return }
        if !indentation.isEmpty, output.isEmpty || output.last == UInt8(ascii: "\n") {
            output.append(contentsOf: indentation)
        }
        output.append(contentsOf: text.utf8)
    }

    /// The value of `path`: its first name looked up from the top of the stack down (or in the
    /// top value only, for `.` and `.name`), the rest inside what that gave.
    private mutating func lookup(_ path: CompiledTemplate.Path, _ keys: [MustacheKey]) -> MustacheValue? {
        var value: MustacheValue
        var next = Int(path.start)
        let end = Int(path.end)
        let dotted = !path.anchored && end - next > 1 && keys[next].code >= 0
        if dotted, keys[next].code == scopeCode, let scope {
            guard let child = scope.value(for: keys[next + 1]) else { return nil }
            value = child
            next += 2
        } else if path.anchored {
            value = stack[stack.count - 1]
        } else {
            guard next < end else { return stack[stack.count - 1] }
            var found = top?.value(for: keys[next])
            var i = found == nil ? stack.count - 2 : -1
            while i >= 0 {
                if case let .object(object) = stack[i], let child = object.value(for: keys[next]) {
                    found = child
                    break
                }
                i -= 1
            }
            guard let found else { return nil }
            if dotted, case let .object(object) = found {
                scope = object
                scopeCode = keys[next].code
            }
            value = found
            next += 1
        }
        while next < end {
            guard case let .object(object) = value, let child = object.value(for: keys[next]) else { return nil }
            value = child
            next += 1
        }
        return value
    }
}
