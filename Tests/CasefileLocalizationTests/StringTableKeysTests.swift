import Foundation
import Testing
import CasefileModel
import CasefileTemplates
@testable import CasefileLocalization

/// The built-in string tables (Templates/i18n/<tag>.yaml) held to what uses them: en.yaml has
/// exactly the keys the templates and the code use, every other table exactly en's keys, with
/// the same placeholders and the plural forms its language needs; and each file is written in
/// the small YAML that `TableFileReader` reads, with no line it would skip or misread.
@Suite("Built-in string tables")
struct StringTableKeysTests {
    /// The CLDR plural categories each built-in language uses for integers.
    static let pluralCategories: [String: Set<String>] = [
        "en": ["one", "other"],
        "de": ["one", "other"],
        "es": ["one", "other"],
        "fr": ["one", "many", "other"],
        "ja": ["other"],
        "ar": ["zero", "one", "two", "few", "many", "other"],
    ]

    /// The categories whose form may leave `{count}` out, the word saying the number ("لا أخطاء",
    /// "خطأ واحد", "خطآن").
    static let countImplied: Set<String> = ["zero", "one", "two"]

    static var english: StringTable { BuiltinStrings.tables["en"] ?? StringTable(language: "en", path: "en.yaml") }

    /// Every built-in table but English, by tag.
    static var translations: [(tag: String, table: StringTable)] {
        BuiltinStrings.tables.filter { $0.key != "en" }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The keys a template's text uses: each `t.<key>` a Mustache tag names (`{{t.key}}`,
    /// `{{{t.key}}}`, `{{#t.key}}`, `{{^t.key}}`, `{{/t.key}}`, `{{& t.key}}`).
    static func templateKeys(_ text: String) -> Set<String> {
        Set(text.matches(of: #/\{\{\{?\s*[#^/&]?\s*t\.([A-Za-z0-9_.\-]+)\s*\}?\}\}/#).map { String($0.output.1) })
    }

    /// The names of the placeholders of `text`, each as often as it occurs.
    static func placeholders(_ text: String) -> [String] {
        text.matches(of: #/\{([A-Za-z0-9_]+)\}/#).map { String($0.output.1) }
    }

    /// Every text of an entry: its text, or each form by category.
    static func texts(_ entry: StringTable.Entry) -> [(form: String?, text: String)] {
        if let text = entry.text { return [(nil, text)] }
        return entry.forms.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    @Test func theKeyPatternFindsEveryFormOfTag() {
        let text = "{{t.a}} {{{t.b}}} {{#t.c}}x{{/t.c}} {{^t.d}}y{{/t.d}} {{ t.e }} {{& t.f}} {{t.rule.syntax}} {{at.no}} t.no {{tx}}"
        #expect(Self.templateKeys(text) == ["a", "b", "c", "d", "e", "f", "rule.syntax"])
    }

    @Test func englishHoldsExactlyTheKeysTheTemplatesAndTheCodeUse() {
        var byTemplate: [String: Set<String>] = [:]
        let templates = BuiltinTemplates.templates.merging(["casefile.css": BuiltinTemplates.stylesheet]) { a, _ in a }
            .merging(BuiltinTemplates.editor) { a, _ in a }
        for (name, text) in templates {
            for key in Self.templateKeys(text) { byTemplate[key, default: []].insert(name) }
        }
        #expect(byTemplate.count > 50, "the templates use only \(byTemplate.count) keys: is the pattern still right?")
        let used = Set(byTemplate.keys).union(UIText.allCases.map(\.rawValue))
        let english = Set(Self.english.entries.keys)
        let missing = used.subtracting(english).sorted().map { key in
            "\(key) (\(byTemplate[key].map { $0.sorted().joined(separator: ", ") } ?? "UIText"))"
        }
        #expect(missing.isEmpty, "en.yaml lacks keys that are used: \(missing.joined(separator: "; "))")
        let unused = english.subtracting(used).sorted()
        #expect(unused.isEmpty, "en.yaml holds keys no template and no UIText case uses: \(unused.joined(separator: ", "))")
    }

    @Test func everyTableHasEnglishsKeys() {
        let english = Set(Self.english.entries.keys)
        #expect(Self.translations.count >= 5, "only \(Self.translations.map(\.tag)) beside en")
        for (tag, table) in Self.translations {
            let keys = Set(table.entries.keys)
            let missing = english.subtracting(keys).sorted(), extra = keys.subtracting(english).sorted()
            #expect(missing.isEmpty, "\(tag).yaml lacks \(missing.count) of en.yaml's keys: \(missing.joined(separator: ", "))")
            #expect(extra.isEmpty, "\(tag).yaml has keys en.yaml has not: \(extra.joined(separator: ", "))")
        }
    }

    @Test func everyTableListsItsKeysInEnglishsOrder() {
        func order(_ table: StringTable) -> [String] { table.entries.sorted { $0.value.line < $1.value.line }.map(\.key) }
        let english = order(Self.english)
        for (tag, table) in Self.translations {
            let common = Set(table.entries.keys)
            let expected = english.filter { common.contains($0) }, actual = order(table).filter { Self.english.entries[$0] != nil }
            let first = zip(expected, actual).first { $0 != $1 }
            #expect(first == nil, "\(tag).yaml departs from en.yaml's order: \(first.map { "\($0.1) where en.yaml has \($0.0)" } ?? "")")
        }
    }

    @Test func everyTextKeepsEnglishsPlaceholders() {
        for (key, entry) in Self.english.entries.sorted(by: { $0.key < $1.key }) {
            let english = Self.texts(entry)
            let expected = Set(english.flatMap { Self.placeholders($0.text) })
            for (tag, table) in [("en", Self.english)] + Self.translations {
                guard let own = table.entries[key] else { continue }  // everyTableHasEnglishsKeys says so
                for (form, text) in Self.texts(own) {
                    let found = Self.placeholders(text), where_ = "\(tag).yaml \(key)\(form.map { ".\($0)" } ?? "")"
                    let doubled = Set(found.filter { name in found.count { $0 == name } > 1 }).sorted()
                    #expect(doubled.isEmpty, "\(where_) writes {\(doubled.joined(separator: "}, {"))} more than once: \(text)")
                    var allowed = [expected]
                    if let form, Self.countImplied.contains(form), expected.contains("count") {
                        allowed.append(expected.subtracting(["count"]))
                    }
                    let names = Set(found)
                    #expect(allowed.contains(names),
                            "\(where_) has placeholders \(names.sorted()) where en.yaml has \(expected.sorted()): \(text)")
                }
            }
        }
    }

    @Test func pluralKeysGiveTheLanguagesCategoriesAndOthersNone() {
        for (tag, table) in [("en", Self.english)] + Self.translations {
            guard let categories = Self.pluralCategories[tag] else {
                Issue.record("no plural categories known for \(tag).yaml: add its CLDR categories to the test")
                continue
            }
            for (key, english) in Self.english.entries.sorted(by: { $0.key < $1.key }) {
                guard let own = table.entries[key] else { continue }
                if english.isPlural {
                    let forms = Set(own.forms.keys)
                    #expect(own.text == nil, "\(tag).yaml \(key) is one text, but en.yaml gives it plural forms")
                    let missing = categories.subtracting(forms).sorted(), extra = forms.subtracting(categories).sorted()
                    #expect(missing.isEmpty, "\(tag).yaml \(key) lacks the plural forms \(missing.joined(separator: ", "))")
                    #expect(extra.isEmpty, "\(tag).yaml \(key) has plural forms \(tag) does not use: \(extra.joined(separator: ", "))")
                } else {
                    #expect(!own.isPlural, "\(tag).yaml \(key) has plural forms, but en.yaml gives it one text")
                }
            }
        }
    }

    @Test func noTextIsEmpty() {
        for (tag, table) in [("en", Self.english)] + Self.translations {
            for (key, entry) in table.entries.sorted(by: { $0.key < $1.key }) {
                #expect(entry.text != nil || !entry.forms.isEmpty, "\(tag).yaml \(key) has neither a text nor plural forms")
                for (form, text) in Self.texts(entry) {
                    #expect(!text.trimmingCharacters(in: .whitespaces).isEmpty,
                            "\(tag).yaml \(key)\(form.map { ".\($0)" } ?? "") is empty")
                }
            }
        }
    }

    /// Each file line by line: a blank line, a comment, `key: "text"`, `key:` alone, or a plural
    /// form `  category: "text"` under it; values in double quotes with only `\"` and `\\`
    /// escaped, nothing after the closing quote, no key twice. Anything else is a line the reader
    /// would skip, misread (a tab, a plain value with a `#`, a third level) or fail on (which
    /// BuiltinStrings turns into an empty table). What this reads must be what the reader reads.
    @Test(arguments: BuiltinTemplates.stringTables.keys.sorted())
    func everyLineIsOneTheReaderReads(_ tag: String) throws {
        let text = try #require(BuiltinTemplates.stringTables[tag])
        let path = "\(tag).yaml"
        var expected = StringTable(language: tag, path: path)
        var open: String?, problems: [String] = []
        let quoted = #"("(?:[^"\\]|\\["\\])*")"#
        let keyLine = try Regex(#"^([A-Za-z0-9][A-Za-z0-9._\-]*):(?: "# + quoted + ")?$", as: (Substring, Substring, Substring?).self)
        let formLine = try Regex(#"^  (zero|one|two|few|many|other): "# + quoted + "$", as: (Substring, Substring, Substring).self)
        func unquote(_ s: Substring) -> String {
            var out = "", escaped = false
            for c in s.dropFirst().dropLast() {
                if escaped || c != "\\" { out.append(c); escaped = false } else { escaped = true }
            }
            return out
        }
        func close(_ n: Int) {
            if let key = open, expected.entries[key]?.forms.isEmpty ?? false { problems.append("line \(n): \(key) has no plural forms below it") }
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (i, line) in lines.enumerated() {
            let n = i + 1
            if line.isEmpty || line.hasPrefix("#") { continue }
            if let m = line.wholeMatch(of: keyLine) {
                close(n)
                let key = String(m.output.1)
                if expected.entries[key] != nil { problems.append("line \(n): \(key) a second time") }
                if let value = m.output.2 {
                    expected.entries[key] = StringTable.Entry(text: unquote(value), line: n)
                    open = nil
                } else {
                    expected.entries[key] = StringTable.Entry(line: n)
                    open = key
                }
            } else if let m = line.wholeMatch(of: formLine), let key = open {
                let form = String(m.output.1)
                if expected.entries[key]?.forms[form] != nil { problems.append("line \(n): \(key).\(form) a second time") }
                expected.entries[key]?.forms[form] = unquote(m.output.2)
            } else {
                problems.append("line \(n): not `key: \"text\"`, `key:` or `  category: \"text\"` under a key: \(line)")
            }
        }
        close(lines.count + 1)
        #expect(problems.isEmpty, "\(path):\n\(problems.joined(separator: "\n"))")

        do throws(TableFileReader.Failure) {
            let read = try TableFileReader.read(text, language: tag, path: path)
            let differing = Set(read.entries.keys).union(expected.entries.keys).sorted().filter { key in
                read.entries[key]?.text != expected.entries[key]?.text || read.entries[key]?.forms != expected.entries[key]?.forms
            }
            #expect(differing.isEmpty, "\(path): the reader reads these keys otherwise: \(differing.joined(separator: ", "))")
        } catch {
            Issue.record("\(path): TableFileReader fails at line \(error.line): \(error.message)")
        }
    }
}
