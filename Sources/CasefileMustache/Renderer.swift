/// One rendering: walks compiled templates over a context stack and appends to one byte buffer.
/// Values come already escaped (`HTMLText`), so rendering only copies bytes and looks names up.
struct Renderer {
    /// The library's templates by partial number (`CompiledTemplate.Op.Kind.partial`).
    let partials: [CompiledTemplate?]
    /// The library's texts, read through a `Span`: copying a run of it then touches no reference
    /// count, which threads rendering other pages would make bounce between cores.
    private let text: [UInt8]
    private var output: [UInt8] = []
    private var stack: [MustacheValue] = []
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
    private var overrides: [[CompiledTemplate.Override]] = []
    /// What starts every line of the standalone partial being rendered (nested ones add up).
    private var indentation: [UInt8] = []
    /// The lowest place on the stack that a lookup has reached since a remembered section began
    /// (-1: below the stack, or what was printed depends on more than the stack): the section
    /// depended on nothing below its object when this stays at or above the object's place.
    private var lowest = Int.max

    init(partials: [CompiledTemplate?], text: [UInt8]) {
        self.partials = partials
        self.text = text
        self.stack.reserveCapacity(16)
    }

    /// Renders `template` with `context` at the bottom of the stack, into a buffer of `capacity`
    /// bytes to start with, and hands the buffer over. The renderer can render again.
    mutating func render(_ template: CompiledTemplate, context: MustacheValue, capacity: Int) -> [UInt8] {
        stack.removeAll(keepingCapacity: true)
        stack.append(context)
        if case let .object(object) = context { top = object } else { top = nil }
        scope = nil
        output = []
        output.reserveCapacity(capacity)
        render(template)
        stack.removeAll(keepingCapacity: true)
        (top, scope) = (nil, nil)
        var done: [UInt8] = []
        swap(&done, &output)
        return done
    }

    private mutating func render(_ template: CompiledTemplate) {
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
                    if !code.indents[Int(op.b)].isEmpty { lowest = -1 }
                    let saved = indentation.count
                    indentation.append(contentsOf: code.indents[Int(op.b)])
                    if op.c >= 0 { overrides.append(code.overrides[Int(op.c)]) }
                    render(partial)
                    if op.c >= 0 { overrides.removeLast() }
                    indentation.removeLast(indentation.count - saved)
                }
                i += 1
            case .block:
                // What it prints depends on the parents being rendered.
                lowest = -1
                let saved = indentation.count
                indentation.append(contentsOf: code.indents[Int(op.c)])
                if let override = override(of: op.a) {
                    render(override)
                } else {
                    render(code, i + 1, Int(op.b))
                }
                indentation.removeLast(indentation.count - saved)
                i = Int(op.b)
            }
        }
    }

    /// The outermost override of block `block` among the parents being rendered.
    private func override(of block: Int32) -> CompiledTemplate? {
        for set in overrides {
            for override in set where override.block == block { return override.body }
        }
        return nil
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
                for item in items { body(for: item, code, start, end) }
                top = below
            }
        case let value?:
            if !inverted {
                let below = top
                body(for: value, code, start, end)
                top = below
            }
        }
    }

    /// A section's body rendered for `item`, pushed; remembered when it asks to be, outside an
    /// indented partial. The caller sets `top` again.
    @inline(__always)
    private mutating func body(for item: MustacheValue, _ code: borrowing CompiledTemplate.Code, _ start: Int, _ end: Int) {
        if case let .object(object) = item, let identity = object.memo, indentation.isEmpty {
            remembered(item, identity, code, start, end)
        } else {
            pushed(item, code, start, end)
        }
    }

    /// `code.ops[start..<end]` rendered with `item` pushed. The caller sets `top` again.
    @inline(__always)
    private mutating func pushed(_ item: MustacheValue, _ code: borrowing CompiledTemplate.Code, _ start: Int, _ end: Int) {
        push(item)
        render(code, start, end)
        pop()
    }

    /// A section's body rendered for `item`, an object that asks to be remembered: copied when
    /// its slots keep it, else rendered (and offered to them the second time, `MemoSlots`). The
    /// caller sets `top` again.
    private mutating func remembered(_ item: MustacheValue, _ identity: MemoIdentity, _ code: borrowing CompiledTemplate.Code,
                                     _ start: Int, _ end: Int) {
        switch identity.slots.look(code: code.id, start: start, variant: identity.variant) {
        case let .copy(bytes):
            output.append(contentsOf: bytes)
        case .render(offer: false):
            pushed(item, code, start, end)
        case .render(offer: true):
            let (mark, place, outer) = (output.count, stack.count, lowest)
            lowest = Int.max
            pushed(item, code, start, end)
            identity.slots.keep(code: code.id, start: start, variant: identity.variant,
                                lowest >= place ? Array(output[mark...]) : nil)
            lowest = min(outer, lowest)
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
        Self.copy(text, start, end, indentation, into: &output)
    }

    /// `emitText`, on the two properties it reads and writes: borrowing the text as a span while
    /// `self` is changed would overlap.
    @inline(__always)
    private static func copy(_ text: borrowing [UInt8], _ start: Int, _ end: Int, _ indentation: [UInt8],
                             into output: inout [UInt8]) {
        let text = text.span
        if indentation.isEmpty {
            output.append(text, start, end)
            return
        }
        var line = start
        while line < end {
            var next = line
            while next < end, text[next] != UInt8(ascii: "\n") { next += 1 }
            if next < end { next += 1 }
            if output.isEmpty || output.last == UInt8(ascii: "\n") { output.append(contentsOf: indentation) }
            output.append(text, line, next)
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
        let bytes = text.utf8.span
        output.append(bytes, 0, bytes.count)
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
            if found == nil || i >= 0 { lowest = min(lowest, i) }
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

extension Array where Element == UInt8 {
    /// Appends `source[start ..< end]`. Byte by byte from a borrowed span, which is twice as
    /// fast for the short runs a page is made of as appending an `ArraySlice` (which retains and
    /// releases the array it slices).
    @inline(__always)
    mutating func append(_ source: borrowing Span<UInt8>, _ start: Int, _ end: Int) {
        append(addingCapacity: end - start) { out in
            var i = start
            while i < end {
                out.append(source[i])
                i += 1
            }
        }
    }
}
