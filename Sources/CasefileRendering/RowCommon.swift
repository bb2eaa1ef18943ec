import CasefileLocalization
import CasefileMustache

/// What every row has, whatever its table: id, fragment, link, markers, detent links, problems
/// and invalid fields. A page's row answers its own names and hands the rest to this.
struct RowCommon: Sendable {
    let id, fragment, href: HTMLText
    /// The record's own page, from this page (nil for a record without one, and on that page).
    let permalink: HTMLText?
    let markers, detentLinks, invalid, problems: MustacheValue
    /// `fields`: each field's state for `partials/field-row` (`FieldStates`).
    let fields: MustacheValue
    let problemCount: Int
    /// "2 problems", in the site's language (null without problems).
    let problemsLabel: MustacheValue
    /// `[{name, value}]`: the row's value for each filter of its table (`Filters`).
    var facets: MustacheValue = .null

    func value(_ field: TemplateField) -> MustacheValue? {
        switch field {
        case .id: .text(id)
        case .fragment: .text(fragment)
        case .href: .text(href)
        case .permalink: permalink.map(MustacheValue.text) ?? .null
        case .markers: markers
        case .detentLinks: detentLinks
        case .invalid: invalid
        case .fields: fields
        case .problems: problems
        case .problemCount: .int(problemCount)
        case .facets: facets
        case .hasProblems: .bool(problemCount > 0)
        case .problemsLabel: problemsLabel
        default: nil
        }
    }

    /// A fragment target in a panel, one per detent.
    struct Marker: TemplateView {
        let id, name: HTMLText
        let dims: Bool
        let recordID: HTMLText

        func value(_ field: TemplateField) -> MustacheValue? {
            switch field {
            case .id: .text(id)
            case .name: .text(name)
            case .dims: .bool(dims)
            case .recordID: .text(recordID)
            default: nil
            }
        }
    }

    /// `invalid`: field names (data, not template vocabulary) to `{rule, message}`.
    final class InvalidFields: MustacheObject {
        let entries: [String: MustacheValue]

        init(entries: [String: MustacheValue]) {
            self.entries = entries
        }

        func value(for key: MustacheKey) -> MustacheValue? {
            entries[key.name]
        }
    }

    static let noInvalidFields = MustacheValue.object(InvalidFields(entries: [:]))

    /// `fields`: every field name (data, as `invalid`'s) to its state, an object whose
    /// `invalid` is the field's first problem, `{rule, message}`, or null. A panel renders a
    /// field's row inside `{{#fields.NAME}}`, so that `partials/field-row` finds the state as
    /// `invalid` whichever field it shows.
    final class FieldStates: MustacheObject {
        let entries: [String: MustacheValue]

        init(invalid: [String: MustacheValue]) {
            entries = invalid.mapValues { .fields([(.invalid, $0)]) }
        }

        func value(for key: MustacheKey) -> MustacheValue? {
            entries[key.name] ?? FieldStates.valid
        }

        /// A field without a problem: one object for all of them.
        static let valid = MustacheValue.fields([(.invalid, .null)])
    }

    static let allFieldsValid = MustacheValue.object(FieldStates(invalid: [:]))
}
