/// How the loader reports a value that a field's type refuses (an id that is not a slug, a word
/// that is not one of the choices, a number outside its range): the rule it breaks with the
/// string-table phrases of its message and fix, or a type mismatch said in English only.
///
/// What each type refuses, and the placeholders it gives the message (M) and the fix (F):
/// - `id`: not a slug. M and F `id` (F: the slug suggested).
/// - `text`, when required: blank. M and F `field` (the key).
/// - `emoji`: not one grapheme. M `count`, `value`.
/// - `choice`: not one of the words. M `value`, and the nearest word as "did you mean".
/// - `references`: an id listed twice. M and F `id`.
/// - `number`: outside the range. M `value`.
/// - `wholeNumber`: below the minimum. M `value`.
/// - `dateTime`, `color`: not one. M `value` (`color`: the nearest colour name as "did you mean").
/// - `clockTime`: not `HH:MM`. M `field` (the key), `value`.
/// - `group`: all its members the same value. M `time` (that value).
/// `longText` and `reference` refuse nothing here (a reference is checked once every
/// collection is read).
public enum FieldCheck: Sendable, Hashable {
    /// A rule of its own, with the phrases of its message and fix.
    case rule(Rule, message: UIText, fix: UIText)
    /// A `type-mismatch` ("bites must be a whole number of at least 1, got "0""), with this fix.
    case mismatch(fix: String)

    /// The check a field of `type` makes unless its description says otherwise; nil: a refused
    /// value is a type mismatch without a fix, and a group's members are not compared.
    public static func standard(for type: FieldType) -> FieldCheck? {
        switch type {
        case .id: .rule(.invalidID, message: .messageInvalidID, fix: .fixInvalidID)
        case .text: .rule(.blankName, message: .messageBlank, fix: .fixBlank)
        case .clockTime: .rule(.invalidTime, message: .messageInvalidTime, fix: .fixInvalidTime)
        case .longText, .emoji, .reference, .references, .choice, .number, .wholeNumber, .dateTime, .color, .group: nil
        }
    }
}
