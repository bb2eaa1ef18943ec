// The built-in templates and stylesheet, compiled into the binary (SwiftPM's embedInCode) so that
// a case without a Templates/ folder still builds. The files beside this one are the source.

public enum BuiltinTemplates {
    /// Each template by its name (its path without `.mustache`: `layout`, `partials/toolbar`).
    public static let templates: [String: String] = [
        "layout": text(PackageResources.layout_mustache),
        "suspects": text(PackageResources.suspects_mustache),
        "bulletins": text(PackageResources.bulletins_mustache),
        "fruits": text(PackageResources.fruits_mustache),
        "validation": text(PackageResources.validation_mustache),
        "notfound": text(PackageResources.notfound_mustache),
        "listing": text(PackageResources.listing_mustache),
        "record": text(PackageResources.record_mustache),
        "partials/columns": text(PackageResources.columns_mustache),
        "partials/toolbar": text(PackageResources.toolbar_mustache),
        "partials/pagination": text(PackageResources.pagination_mustache),
        "partials/page-index": text(PackageResources.page_index_mustache),
        "partials/swatches": text(PackageResources.swatches_mustache),
        "partials/field-row": text(PackageResources.field_row_mustache),
        "partials/invalid-message": text(PackageResources.invalid_message_mustache),
        "partials/listing-row": text(PackageResources.listing_row_mustache),
        "partials/problems": text(PackageResources.problems_mustache),
        "partials/inspector": text(PackageResources.inspector_mustache),
        "partials/suspect-panel": text(PackageResources.suspect_panel_mustache),
        "partials/bulletin-panel": text(PackageResources.bulletin_panel_mustache),
        "partials/fruit-panel": text(PackageResources.fruit_panel_mustache),
        "partials/problem-panel": text(PackageResources.problem_panel_mustache),
        "partials/chart": text(PackageResources.chart_mustache),
        "partials/empty": text(PackageResources.empty_mustache),
        "partials/downloads": text(PackageResources.downloads_mustache),
        "partials/filters": text(PackageResources.filters_mustache),
        "partials/controls": text(PackageResources.controls_mustache),
        "styles/tokens": text(PackageResources.tokens_mustache),
        "styles/chrome": text(PackageResources.chrome_mustache),
        "styles/tables": text(PackageResources.tables_mustache),
        "styles/inspector-panels": text(PackageResources.inspector_panels_mustache),
        "styles/wide": text(PackageResources.wide_mustache),
        "styles/narrow": text(PackageResources.narrow_mustache),
        "styles/motion": text(PackageResources.motion_mustache),
        "styles/print": text(PackageResources.print_mustache),
    ]

    /// Templates/README.md: what every template receives; `casefile templates` reads its table of DOM
    /// hooks, to say which ones a copy must keep.
    public static let readme: String = text(PackageResources.README_md)

    /// The stylesheet, itself a Mustache template rendered with the site's settings.
    public static let stylesheet: String = text(PackageResources.casefile_css)

    /// The UI string tables (i18n/<tag>.yaml) by language tag: every phrase the pages show.
    public static let stringTables: [String: String] = [
        "en": text(PackageResources.en_yaml),
        "de": text(PackageResources.de_yaml),
        "fr": text(PackageResources.fr_yaml),
        "es": text(PackageResources.es_yaml),
        "ja": text(PackageResources.ja_yaml),
        "ar": text(PackageResources.ar_yaml),
    ]

    fileprivate static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}

extension BuiltinTemplates {
    /// The preview's editor (`casefile serve` only; never part of a built site): the form that
    /// takes a record panel's place, the confirmation of a delete, and their styles, by name.
    public static let editor: [String: String] = [
        "editor": text(PackageResources.editor_mustache),
        "editor-delete": text(PackageResources.editor_delete_mustache),
        "editor-style": text(PackageResources.editor_style_mustache),
    ]
}
