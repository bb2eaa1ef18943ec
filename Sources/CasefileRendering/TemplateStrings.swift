import CasefileLocalization
import CasefileMustache

/// The site's UI strings for the templates, as `{{t.key}}`: every key of the resolved tables
/// (a plural key gives its `other` form), escaped once a build.
final class TemplateStrings: MustacheObject {
    private let values: [String: MustacheValue]

    init(_ strings: UIStrings) {
        var values: [String: MustacheValue] = [:]
        for key in strings.entries.keys {
            if let text = strings[key] { values[key] = .string(text) }
        }
        self.values = values
    }

    func value(for key: MustacheKey) -> MustacheValue? {
        values[key.name]
    }
}
