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
        var values = values
        values["count"] = numbers.integer(count)
        guard let entry = entries[key.rawValue] else { return Self.fill(key.rawValue, values, isolated: isolatesValues) }
        let form = entry.text ?? entry.forms[plurals.category(count).rawValue] ?? entry.forms["other"] ?? ""
        return Self.fill(form, values, isolated: isolatesValues)
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
        let u = text.utf8
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
        guard !values.isEmpty, var i = u.firstIndex(of: open) else { return text }
        var out = ""
        out.reserveCapacity(u.count + 16)
        // Bytes from `copied` up to `i` are text to copy as it is; `i` is at a "{".
        var copied = u.startIndex
        while i < u.endIndex {
            let nameStart = u.index(after: i)
            if let end = u[nameStart...].firstIndex(of: close),
               let value = values[String(Substring(u[nameStart..<end]))] {
                out += Substring(u[copied..<i])
                if isolated, !value.isEmpty {
                    out += "\u{2068}" + value + "\u{2069}"
                } else {
                    out += value
                }
                copied = u.index(after: end)
                i = copied
            } else {
                i = nameStart
            }
            i = u[i...].firstIndex(of: open) ?? u.endIndex
        }
        out += Substring(u[copied...])
        return out
    }
}
