/// One rendering: walks parsed templates over a context stack and appends to one string. Values
/// come already escaped (`HTMLText`), so rendering only copies bytes and looks names up.
struct Renderer {
    let templates: [String: [TemplateNode]]
    private(set) var output = ""
    private var stack: [MustacheValue]
    /// The block overrides of the parents being rendered, outermost first: the outermost
    /// definition of a block wins.
    private var overrides: [[String: [TemplateNode]]] = []
    /// What starts every line of the standalone partial being rendered (nested ones add up).
    private var indentation = ""

    init(templates: [String: [TemplateNode]], context: MustacheValue, capacity: Int) {
        self.templates = templates
        self.stack = [context]
        self.stack.reserveCapacity(16)
        output.reserveCapacity(capacity)
    }

    mutating func render(_ nodes: [TemplateNode]) {
        for node in nodes {
            switch node {
            case let .text(text):
                emit(text)
            case let .variable(path, escaped):
                switch lookup(path) {
                case let .text(value)?: emit(escaped ? value.escaped : value.raw)
                case let .bool(value)?: emit(value ? "true" : "false")
                default: break
                }
            case let .section(path, inverted, body):
                section(lookup(path), inverted: inverted, body)
            case let .partial(name, indentation, overrides):
                guard let partial = templates[name] else { continue }
                let saved = self.indentation
                self.indentation += indentation
                if let overrides { self.overrides.append(overrides) }
                render(partial)
                if overrides != nil { self.overrides.removeLast() }
                self.indentation = saved
            case let .block(name, defaultBody, indentation):
                let body = overrides.lazy.compactMap { $0[name] }.first ?? defaultBody
                let saved = self.indentation
                self.indentation += indentation
                render(body)
                self.indentation = saved
            }
        }
    }

    private mutating func section(_ value: MustacheValue?, inverted: Bool, _ body: [TemplateNode]) {
        switch value {
        case nil, .null?, .bool(false)?:
            if inverted { render(body) }
        case .bool(true)?:
            if !inverted { render(body) }
        case let .list(items)?:
            if inverted {
                if items.isEmpty { render(body) }
            } else {
                for item in items {
                    stack.append(item)
                    render(body)
                    stack.removeLast()
                }
            }
        case let value?:
            if !inverted {
                stack.append(value)
                render(body)
                stack.removeLast()
            }
        }
    }

    @inline(__always)
    private mutating func emit(_ text: String) {
        guard !text.isEmpty else { return }
        if !indentation.isEmpty, output.isEmpty || output.utf8.last == UInt8(ascii: "\n") {
            output += indentation
        }
        output += text
    }

    /// The value of `path`: its first name looked up from the top of the stack down (or in the
    /// top value only, for `.` and `.name`), the rest inside what that gave.
    private func lookup(_ path: NamePath) -> MustacheValue? {
        var value: MustacheValue
        var rest = path.keys[...]
        if path.anchored {
            value = stack[stack.count - 1]
        } else {
            guard let first = rest.popFirst() else { return stack[stack.count - 1] }
            var found: MustacheValue?
            var i = stack.count - 1
            while i >= 0 {
                if case let .object(object) = stack[i], let child = object.value(for: first) {
                    found = child
                    break
                }
                i -= 1
            }
            guard let found else { return nil }
            value = found
        }
        for key in rest {
            guard case let .object(object) = value, let child = object.value(for: key) else { return nil }
            value = child
        }
        return value
    }
}
