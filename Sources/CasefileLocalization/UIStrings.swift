import CasefileModel

/// The strings a site's pages show, in its language: the built-in table of each tag of the
/// language's fallback chain and the case's own tables, over English. Made once a build.
public struct UIStrings: Sendable {
    /// The language the pages are in (English when `site.yaml`'s could not be used).
    public let language: LanguageTag
    /// Every key with its text or forms: English, then each table of the chain from the most
    /// general to the most specific, a case's table after the built-in one of the same tag.
    public let entries: [String: StringTable.Entry]
    public let plurals: PluralRules
    public let numbers: NumberFormat
    public let dates: DateFormat
    /// Whether a phrase's values are bidi-isolated: the language is written right to left.
    let isolatesValues: Bool

    /// What resolving the strings found wrong, for the loader to report.
    public struct Problem: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            /// `language:` is not a BCP 47 tag, or no table (built-in or the case's) has strings
            /// for it: the pages are in English.
            case unknownLanguage(String)
            /// A key the pages use that no table of the language's chain has (`path`: the table
            /// that should): English is shown.
            case missingKey(String, path: String)
        }
        public let kind: Kind
    }

    /// Resolves the strings for `language` (as site.yaml writes it), the case's own tables
    /// (`i18n/<tag>.yaml`) overriding or adding keys.
    public static func resolve(language written: String, caseTables: [StringTable] = [],
                               builtIn: [String: StringTable] = BuiltinStrings.tables) -> (strings: UIStrings, problems: [Problem]) {
        let english = builtIn["en"] ?? StringTable(language: "en", path: "<built-in>/i18n/en.yaml")
        var byTag: [String: [StringTable]] = [:]
        if let table = builtIn["en"] { byTag["en", default: []].append(table) }
        for (tag, table) in builtIn where tag != "en" { byTag[tag, default: []].append(table) }
        for table in caseTables { byTag[table.language, default: []].append(table) }

        var problems: [Problem] = []
        guard let tag = LanguageTag(written) else {
            problems.append(Problem(kind: .unknownLanguage(written)))
            return (UIStrings(language: LanguageTag("en")!, tables: byTag["en"] ?? [english]), problems)
        }
        let chain = tag.fallbackChain.filter { byTag[$0] != nil }
        guard !chain.isEmpty || tag.language == "en" else {
            problems.append(Problem(kind: .unknownLanguage(written)))
            return (UIStrings(language: tag, tables: byTag["en"] ?? [english]), problems)
        }
        let layers = (byTag["en"] ?? [english]) + chain.reversed().filter { $0 != "en" }.flatMap { byTag[$0] ?? [] }
        let strings = UIStrings(language: tag, tables: layers)
        if tag.language != "en", let general = chain.last.flatMap({ byTag[$0]?.first }) {
            // Each English key the chain's own tables leave out.
            let own = chain.flatMap { byTag[$0] ?? [] }
            for key in english.entries.keys.sorted() where !own.contains(where: { $0.entries[key] != nil }) {
                problems.append(Problem(kind: .missingKey(key, path: general.path)))
            }
        }
        return (strings, problems)
    }

    /// English, built in.
    public static let english = UIStrings(language: LanguageTag("en")!, tables: [BuiltinStrings.english])

    init(language: LanguageTag, tables: [StringTable]) {
        self.language = language
        var entries: [String: StringTable.Entry] = [:]
        for table in tables {
            entries.merge(table.entries) { _, new in new }
        }
        self.entries = entries
        self.plurals = PluralRules(language)
        self.numbers = NumberFormat(language)
        self.dates = DateFormat(language)
        self.isolatesValues = language.isRightToLeft
    }

    /// The text of `key` (a plural key's `other` form), or nil when no table has the key.
    public subscript(key: String) -> String? {
        guard let entry = entries[key] else { return nil }
        return entry.text ?? entry.forms["other"] ?? entry.forms.values.first
    }

    /// The text of `key` with its placeholders filled: `{name}` by `values["name"]`.
    public func text(_ key: UIText, _ values: [String: String] = [:]) -> String {
        Self.fill(self[key.rawValue] ?? key.rawValue, values, isolated: isolatesValues)
    }

    /// The form of `key` for `count` in the language's plural rules, with `{count}` as the
    /// language writes the number and the other placeholders filled from `values`.
    public func count(_ key: UIText, _ count: Int, _ values: [String: String] = [:]) -> String {
        let number = numbers.integer(count)
        // `{count}` first, then the others: no dictionary is made for the number.
        let value = { (name: Substring) in name == "count" ? number : values[String(name)] }
        guard let entry = entries[key.rawValue] else { return Self.fill(key.rawValue, isolated: isolatesValues, value) }
        let form = entry.text ?? entry.forms[plurals.category(count).rawValue] ?? entry.forms["other"] ?? ""
        return Self.fill(form, isolated: isolatesValues, value)
    }

    /// A column's name inside a sentence ("by fruit"): lowercased where the language capitalises
    /// only a sentence's first word (English, French, Spanish); as written elsewhere (German
    /// capitalises nouns; Japanese and Arabic have no case).
    public func lowercased(_ text: String) -> String {
        ["en", "fr", "es", "it", "pt", "nl"].contains(language.language) ? text.lowercased() : text
    }

    /// A number as the language writes it.
    public func number(_ n: Int) -> String { numbers.integer(n) }

    /// `text` with each `{name}` replaced by `values[name]`; a brace without a known name stays.
    /// `isolated` (a right-to-left language's phrases) wraps each value in FIRST STRONG ISOLATE …
    /// POP DIRECTIONAL ISOLATE, as Unicode's bidi algorithm asks for text of unknown direction set
    /// into a sentence: an id such as `b-orchard-elstar` or a name written left to right then
    /// keeps its order, and the punctuation around it stays on the sentence's side.
    public static func fill(_ text: String, _ values: [String: String], isolated: Bool = false) -> String {
        guard !values.isEmpty else { return text }
        return fill(text, isolated: isolated) { values[String($0)] }
    }

    /// `fill` with each name's value from `value`. The braces are found on the text's bytes (a
    /// `Span`), and the text between them is copied as substrings, which checks nothing again.
    static func fill(_ text: String, isolated: Bool, _ value: (Substring) -> String?) -> String {
        let utf8 = text.utf8
        let bytes = utf8.span
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        let n = bytes.count
        var i = 0
        while i < n, bytes[i] != open { i += 1 }
        guard i < n else { return text }
        func piece(_ start: Int, _ end: Int) -> Substring {
            let from = utf8.index(utf8.startIndex, offsetBy: start)
            return Substring(utf8[from..<utf8.index(from, offsetBy: end - start)])
        }
        var out = ""
        out.reserveCapacity(n + 16)
        // Bytes from `copied` up to `i` are text to copy as it is; `i` is at a "{".
        var copied = 0
        while i < n {
            var end = i + 1
            while end < n, bytes[end] != close { end += 1 }
            if end < n, let value = value(piece(i + 1, end)) {
                out += piece(copied, i)
                if isolated, !value.isEmpty {
                    out += "\u{2068}" + value + "\u{2069}"
                } else {
                    out += value
                }
                copied = end + 1
                i = copied
            } else {
                i += 1
            }
            while i < n, bytes[i] != open { i += 1 }
        }
        out += piece(copied, n)
        return out
    }
}
