import CasefileLocalization
import CasefileMustache

/// The site's UI strings for the templates, as `{{t.key}}`: every key of the resolved tables
/// (a plural key gives its `other` form), escaped once a build. A built-in key is found by its
/// code in the templates' vocabulary (`TemplateField.codes`); a key only a case's table has, by
/// its name.
final class TemplateStrings: MustacheObject {
    private let byCode: [MustacheValue?]
    private let byName: [String: MustacheValue]

    init(_ strings: UIStrings) {
        var byCode = [MustacheValue?](repeating: nil, count: TemplateField.vocabulary.count)
        var byName: [String: MustacheValue] = [:]
        for key in strings.entries.keys {
            guard let text = strings[key] else { continue }
            if let code = TemplateField.codes[key] {
                byCode[code] = .string(text)
            } else {
                byName[key] = .string(text)
            }
        }
        self.byCode = byCode
        self.byName = byName
    }

    func value(for key: MustacheKey) -> MustacheValue? {
        guard key.code >= 0 else { return byName[key.name] }
        return key.code < byCode.count ? byCode[key.code] : nil
    }
}
