import CasefileLocalization
import CasefileMustache

/// Every name the built-in templates and the documented page contexts use (Templates/README.md).
/// Templates are parsed against this vocabulary, so a view model answers a name with a `switch`
/// on this enum; a name outside it (a custom template's typo) finds nothing, as before.
enum TemplateField: Int, CaseIterable, Sendable {
    // Every page
    case t, lang, dir, pageTitle, siteTitle, siteDescription, page, heading, root, stylesheet, canonical, selectionCSS
    case nav, counts, inspector, detents, table, rows, pagination, chart, summary
    case linkTitle, linkLabel, showing, noFixSuggested, feedTitle
    case label, href, current, nextHref, nextName, nextLabel, downloads, links, feed, filters, facets, legend, chips
    case columns, numeric, sort, arrow, listingRows, cells, about, backHref
    case errors, warnings, notes, total, hasProblems, errorsLabel, warningsLabel, notesLabel
    case hasInspector, presented, carry, placement, placeholder, placeholderDescription, name, first
    case caption, isEmpty, emptyTitle, emptyMessage, allClear, rowCount
    case show, pages, previous, next, number, gap, jumps, names, pageIndex
    // Every row
    case id, fragment, markers, detentLinks, grabberLabel, invalid, fields, problems, problemCount, problemsLabel
    case dims, recordID, rule, message, severity, field, location, permalink
    // A record's own page
    case onRecordPage, placeHref, suspectPanel, bulletinPanel, fruitPanel, removedMessage
    // Suspects
    case species, emoji, hasEmoji, pawSize, alibi, hasAlibi, sleep, wake, hasSchedule, suspicion
    case value, written, percent, tone, bars, filled, level
    case fruits, hasFruits, fruitsPreview, moreFruits, hasMoreFruits, noteHTML, hasNote
    case bulletins, moreBulletins, hasBulletins, bulletinCount, count
    case color, swatchColor, swatchLabel, known, when, datetime, fruitName, asleep
    // Bulletins
    case hasTime, fruit, bites, hasBites, suspects, moreSuspects, hasSuspects, awakeCount, asleepCount, awakeLabel, asleepLabel, reporter
    // Fruits
    case fans, moreFans, fanCount, hasFans
    // Validation
    case severityLabel, isError, ruleDescription, recordHref, fix, hasValue, related, hasRelated
    case excerpt, hasExcerpt, text, marked, caret
    case rulesRun, rulesPassed, filesChecked, byRule, byFile, file
    case changes, unchanged, newProblems, newCount, newMore, fixedProblems, fixedCount, fixedMore, recordChanges
    case added, addedCount, addedMore, changed, changedCount, changedMore, removed, removedCount, removedMore
    // Charts
    case title, description, width, height, x, y, centerX, countY, labelY, short, countText
    // The stylesheet
    case compactBelow, compactMax, minWidth, idealWidth, maxWidth, dimFollow, from, to
    case sheetRadius, sheetBackground, sheetOpaque, overlayBelow, overlayMax, switched, unswitched,
         selected, placeholderMarker, toggleSwitch, carriedSwitch

    /// The names in code order, for `MustacheLibrary(vocabulary:)`: the fields', then the keys of
    /// the built-in string tables (sorted), so that a template's `{{t.key}}` finds its string by
    /// number, as a field is found, not by hashing the key's name on every row.
    static let vocabulary: [String] = allCases.map { "\($0)" } + BuiltinStrings.english.entries.keys.sorted()

    /// Each name's code, as the templates' keys get it.
    static let codes = MustacheLibrary.codes(of: vocabulary)
}

/// A view model: answers the names of `TemplateField` it has, nil for the others (so the
/// lookup goes on down the context stack). A class that is one is a `MustacheObject` as it is;
/// a struct goes into the context through `.view(_:)`, boxed once.
protocol TemplateView: Sendable {
    func value(_ field: TemplateField) -> MustacheValue?
}

extension TemplateView {
    @inline(__always)
    func value(for key: MustacheKey) -> MustacheValue? {
        guard let field = TemplateField(rawValue: key.code) else { return nil }
        return value(field)
    }
}

/// One struct view model, boxed for the context stack.
final class ViewBox<View: TemplateView>: MustacheObject {
    let view: View

    init(_ view: View) {
        self.view = view
    }

    func value(for key: MustacheKey) -> MustacheValue? {
        guard let field = TemplateField(rawValue: key.code) else { return nil }
        return view.value(field)
    }
}

/// A small view model written as a list of fields: for objects made once per page (navigation,
/// counts, pagination), where a short scan costs nothing.
final class Fields: TemplateView, MustacheObject {
    let entries: [(TemplateField, MustacheValue)]
    /// Where a name not among `entries` is looked up next: what several contexts share, made once.
    let below: Fields?

    init(_ entries: [(TemplateField, MustacheValue)], below: Fields? = nil) {
        self.entries = entries
        self.below = below
    }

    func value(_ field: TemplateField) -> MustacheValue? {
        // By index: a `for (name, value) in entries` copies (retains) every value it passes.
        for i in entries.indices where entries[i].0 == field { return entries[i].1 }
        return below?.value(field)
    }
}

extension MustacheValue {
    static func fields(_ entries: [(TemplateField, MustacheValue)]) -> MustacheValue {
        .object(Fields(entries))
    }

    static func view(_ view: some TemplateView) -> MustacheValue {
        .object(ViewBox(view))
    }
}
