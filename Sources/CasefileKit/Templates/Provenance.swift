/// Which built-in a copy was made from, recorded in its first line as a Mustache comment:
/// `{{! casefile-template: suspects 0123456789abcdef }}` (the built-in's name and `hash` when it
/// was copied). The stylesheet is a Mustache template too, so it carries the same comment rather
/// than a CSS one, which would reach the published stylesheet. A comment alone on its line is
/// removed with the line when the template is parsed, so the copy renders as the built-in does.
public struct Provenance: Sendable, Hashable {
    public var name: String
    public var hash: String

    public init(name: String, hash: String) {
        self.name = name
        self.hash = hash
    }

    static let prefix = "{{! casefile-template: "

    /// The first line that records it, with its line break.
    public var line: String { "\(Self.prefix)\(name) \(hash) }}\n" }

    /// A copy of `template` as `casefile templates copy` writes it: this line, then the built-in.
    static func copy(of template: BuiltinTemplate) -> String {
        Provenance(name: template.name, hash: template.hash).line + template.text
    }

    /// What a template file records in its first line, and the rest of its text after that line;
    /// a file without one (an old `casefile init` copy, a template written by hand) records nothing.
    static func read(_ text: String) -> (provenance: Provenance?, body: Substring) {
        guard text.hasPrefix(prefix), let end = text.firstIndex(of: "\n") else { return (nil, text[...]) }
        let words = text[text.index(text.startIndex, offsetBy: prefix.count)..<end].split(separator: " ")
        guard words.count == 3, words[2] == "}}" else { return (nil, text[...]) }
        return (Provenance(name: String(words[0]), hash: String(words[1])), text[text.index(after: end)...])
    }
}
