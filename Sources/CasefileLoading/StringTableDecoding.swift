import CasefileLocalization
import CasefileModel
import Yams

/// A case's own UI string table (`i18n/<tag>.yaml`): a mapping of keys to text, or to plural
/// forms by CLDR category. Every key is kept, with its place; what is not text is a problem.
enum StringTableDecoding {
    static let categories = PluralCategory.allCases.map(\.rawValue)

    static func decode(_ file: DataFile, language: String, problems: inout [Diagnostic]) -> StringTable {
        var table = StringTable(language: language, path: file.path)
        guard let root = file.root, !root.isNull else { return table }
        guard case let .mapping(mapping) = root else {
            problems.append(Diagnostic(rule: .typeMismatch,
                                       message: "a string table must be a mapping of keys to text, got \(root.kindDescription)",
                                       location: SourceLocation(path: file.path, mark: root.mark),
                                       fix: "Write one `key: text` per line, as in the built-in tables."))
            return table
        }
        for (keyNode, value) in mapping {
            guard case let .scalar(keyScalar) = keyNode else { continue }
            let key = keyScalar.string
            let place = SourceLocation(path: file.path, mark: keyNode.mark)
            var entry = StringTable.Entry(line: place.line, column: place.column)
            switch value {
            case let .scalar(text) where !value.isNull:
                entry.text = text.string
            case let .mapping(forms):
                for (formKey, formValue) in forms {
                    guard case let .scalar(category) = formKey, categories.contains(category.string),
                          case let .scalar(text) = formValue, !formValue.isNull else {
                        problems.append(Diagnostic(
                            rule: .typeMismatch,
                            message: "the plural forms of \"\(key)\" must map zero, one, two, few, many or other to text",
                            location: SourceLocation(path: file.path, mark: formKey.mark), field: FieldName(asWritten: key), value: formKey.excerpt,
                            fix: "Write each form as `one: …`, `other: …` (the categories the language uses)."))
                        continue
                    }
                    entry.forms[category.string] = text.string
                }
                guard !entry.forms.isEmpty else { continue }
            default:
                problems.append(Diagnostic(rule: .typeMismatch,
                                           message: "\"\(key)\" must be text or plural forms, got \(value.kindDescription)",
                                           location: place, field: FieldName(asWritten: key), value: value.excerpt,
                                           fix: "Write `\(key): \"…\"`."))
                continue
            }
            table.entries[key] = entry
        }
        return table
    }
}
