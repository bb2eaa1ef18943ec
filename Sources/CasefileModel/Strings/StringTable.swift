/// One language's UI strings as a file writes them: `key: text`, or for a phrase with a count,
/// `key:` then its plural forms (`one: …`, `other: …`). Placeholders in braces (`{count}`,
/// `{name}`) are filled when the string is used. A built-in table (Templates/i18n/<tag>.yaml) or
/// a case's own (`i18n/<tag>.yaml`, which overrides or adds keys).
public struct StringTable: Sendable, Hashable {
    public struct Entry: Sendable, Hashable {
        /// The text, for a key without plural forms.
        public var text: String?
        /// The plural forms by CLDR category name (`zero`, `one`, `two`, `few`, `many`, `other`).
        public var forms: [String: String]
        /// Where the key is written (1-based).
        public var line: Int
        public var column: Int

        public init(text: String? = nil, forms: [String: String] = [:], line: Int = 1, column: Int = 1) {
            self.text = text
            self.forms = forms
            self.line = line
            self.column = column
        }

        /// Whether the entry has plural forms rather than one text.
        public var isPlural: Bool { text == nil }
    }

    /// The language tag the file is named for, lowercased (`de`, `de-ch`).
    public var language: String
    /// The file, as diagnostics name it (`i18n/de.yaml`, `<built-in>/i18n/de.yaml`).
    public var path: String
    public var entries: [String: Entry]

    public init(language: String, path: String, entries: [String: Entry] = [:]) {
        self.language = language
        self.path = path
        self.entries = entries
    }
}
