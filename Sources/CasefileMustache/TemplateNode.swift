/// A name path as written in a tag: `name`, `a.b.c`, `.` (the current value) or `.name`
/// (looked up in the current value only).
struct NamePath: Sendable {
    /// The segments; empty for `.`.
    let keys: [MustacheKey]
    /// True for `.` and for names that start with a dot: no search down the context stack.
    let anchored: Bool
}

/// A parsed template: text to copy, and tags to fill in.
indirect enum TemplateNode: Sendable {
    case text(String)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (as is).
    case variable(NamePath, escaped: Bool)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
    case section(NamePath, inverted: Bool, body: [TemplateNode])
    /// `{{> name}}`; `{{<name}}…{{/name}}` has `overrides` (the `{{$block}}`s it defines).
    /// `indentation` is the whitespace before a tag that stands alone on its line: every line of
    /// the partial's output starts with it.
    case partial(name: String, indentation: String, overrides: [String: [TemplateNode]]?)
    /// `{{$name}}default{{/name}}` outside a parent: the caller's override, or the default.
    /// Both bodies come without the indentation they were written at (when their opening tag
    /// stands alone); `indentation` is what the lines get here instead: the default's own, or
    /// the whitespace before the tag.
    case block(name: String, defaultBody: [TemplateNode], indentation: String)
}
