/// A set of parsed templates that can include each other by name (partials and parents), and
/// the vocabulary their names are resolved against.
public struct MustacheLibrary: Sendable {
    private let vocabulary: [String: Int]
    /// Names whose values are known when the templates are parsed (see `init`).
    private let constants: [String: MustacheValue]
    /// Template names, numbered in the order first met (registered, or named by a partial tag):
    /// partial tags refer to templates by these numbers, not by name.
    private var numbers: [String: Int] = [:]
    /// Block names (`{{$name}}`), numbered library-wide in the order first met: a parent's
    /// overrides and a partial's blocks meet by these numbers.
    private var blocks: [String: Int] = [:]
    /// The templates by number; nil for a name only named so far.
    private var templates: [CompiledTemplate?] = []
    /// The UTF-8 of every template's texts, back to back (text ops are ranges of it). A replaced
    /// template's texts stay, unused.
    private var text: [UInt8] = []

    /// `vocabulary`: the names typed view models answer to, in the order of their codes
    /// (`MustacheKey.code` is the index here; other names get -1).
    ///
    /// `constants`: names whose values are fixed for every rendering with this library (a site's
    /// UI strings, `t`). A variable tag whose path starts with one (`{{t.suspects}}`) is printed
    /// into the template as text when it is parsed, escaped or not as the tag says, so that
    /// rendering does not look it up again on every row; no context can change it. A section on
    /// such a name, or a path that gives `true`/`false`, is still looked up when rendering.
    public init(vocabulary: [String] = [], constants: [String: MustacheValue] = [:]) {
        self.vocabulary = Self.codes(of: vocabulary)
        self.constants = constants
    }

    /// Each name's code, as templates parsed against `vocabulary` give it (`MustacheKey.code`):
    /// its first place in the list.
    public static func codes(of vocabulary: [String]) -> [String: Int] {
        var codes: [String: Int] = [:]
        for (i, name) in vocabulary.enumerated() where codes[name] == nil { codes[name] = i }
        return codes
    }

    /// Parses `source` and registers it as `name` (a partial's name, such as `partials/toolbar`),
    /// replacing any template of that name.
    public mutating func register(_ source: String, named name: String) throws(MustacheError) {
        let template = CompiledTemplate(try TemplateParser(source, vocabulary: vocabulary).parse(), partials: &numbers,
                                        blocks: &blocks, text: &text, constants: constants)
        if numbers[name] == nil { numbers[name] = numbers.count }
        while templates.count < numbers.count { templates.append(nil) }
        templates[numbers[name]!] = template
    }

    /// Renders template `name` with `context` at the bottom of the context stack; a template or
    /// partial the library does not have renders as nothing. `capacity` is a guess of the
    /// output's size in bytes.
    public func render(_ context: MustacheValue, template name: String, capacity: Int = 0) -> String {
        String(decoding: renderBytes(context, template: name, capacity: capacity), as: UTF8.self)
    }

    /// The same, as UTF-8 bytes (what a file holds), without making a string of them.
    public func renderBytes(_ context: MustacheValue, template name: String, capacity: Int = 0) -> [UInt8] {
        var run = self.run()
        return run.renderBytes(context, template: name, capacity: capacity)
    }

    /// A renderer for many pages in a row, on one thread: its context stack is made once, not
    /// once a page.
    public func run() -> Run {
        Run(numbers: numbers, renderer: Renderer(partials: templates, text: text))
    }

    /// Renders pages one after another, reusing what a rendering needs besides its output.
    public struct Run {
        fileprivate let numbers: [String: Int]
        fileprivate var renderer: Renderer

        /// What `MustacheLibrary.renderBytes` gives for the same arguments.
        public mutating func renderBytes(_ context: MustacheValue, template name: String, capacity: Int = 0) -> [UInt8] {
            guard let number = numbers[name], let template = renderer.partials[number] else { return [] }
            return renderer.render(template, context: context, capacity: capacity)
        }
    }

    public func render(_ context: some MustacheObject, template name: String, capacity: Int = 0) -> String {
        render(.object(context), template: name, capacity: capacity)
    }
}
