/// Where the state that the stylesheet and the per-page rules read lives, as chains of child
/// combinators from `<body>`, for `:has()`. A `:has()` whose argument is only child steps is
/// matched by looking that many levels down; one with a descendant step searches the whole
/// subtree, and on a page of a hundred records (20,000 elements) every rule that did so cost
/// Chromium milliseconds each time a row was selected or a chip ticked. The layout, the toolbar
/// and the inspector partial make these paths; a custom template that moves them must keep them
/// (Templates/README.md, "DOM hooks").
enum StylePaths {
    /// From `<body>` to the groups of markers, one per record (`.cf-markers[data-for=FRAGMENT]`),
    /// which the inspector partial puts first in the sheet's scroller, three levels down.
    static let markers = "> .cf-inspector > .cf-sheet-scroller > .cf-markers"
    /// From `<body>` to a selection's markers.
    static let marker = markers + " > .cf-marker"
    /// From `<body>` to the placeholder's marker (`#_inspector`).
    static let placeholder = "> .cf-inspector > .cf-sheet-scroller > .cf-sheet > .cf-sheet-content > [data-inspector-empty] > #_inspector"
    /// From `<body>` to the toolbar's switch, and to its carried twin.
    static let toggleSwitch = "> .cf-toolbar > .cf-toolbar-items > .cf-toggle > input[data-inspector-toggle]"
    static let carriedSwitch = "> .cf-toolbar > .cf-toolbar-items > .cf-toggle > input[data-inspector-toggle-carried]"
}
