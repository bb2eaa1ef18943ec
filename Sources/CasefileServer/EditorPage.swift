/// The page an editor's panel is shown in: the page that lists the record, as the site has it,
/// with the record's inspector panel replaced by the editor's (a form, a confirmation). The page
/// keeps its table, its sheet and its detents; the panel is selected as any is, by its marker,
/// so on wide screens the form stands in the inspector's column and on phones in the sheet.
/// Works on the markup's hooks (`data-inspector-panel`, `cf-markers`), which every page has.
struct EditorPage {
    var html: String

    /// The collection a table page lists, from its `<body data-page>`; nil for other pages.
    var collection: String? {
        guard let body = html.firstRange(of: "<body"), let end = html[body.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = html[body.upperBound..<end]
        guard let page = tag.firstRange(of: "data-page=\"") else { return nil }
        let name = tag[page.upperBound...].prefix { $0 != "\"" }
        switch name {
        case "suspects": return "animals"
        case "bulletins": return "bulletins"
        case "fruits": return "fruits"
        default: return nil
        }
    }

    /// The range of record `id`'s panel, `<article data-inspector-panel="id"` … `</article>`.
    func panel(_ id: String) -> Range<String.Index>? {
        guard let start = html.firstRange(of: "<article data-inspector-panel=\"\(id)\""),
              let end = html[start.upperBound...].firstRange(of: "</article>") else { return nil }
        return start.lowerBound..<end.upperBound
    }

    /// The panel's grabbers (the sheet's detent links), to keep in the editor's panel.
    func grabbers(_ id: String) -> String {
        guard let panel = panel(id), let start = html[panel].firstRange(of: "<div class=\"cf-grabbers\">"),
              let end = html[start.upperBound..<panel.upperBound].firstRange(of: "</div>") else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }

    /// The markers of record `id` (one per detent), smallest detent first.
    func markers(_ id: String) -> [String] {
        guard let start = html.firstRange(of: "<span class=\"cf-markers\" data-for=\"\(id)\">"),
              let end = html[start.upperBound...].firstRange(of: "</span></span>") else { return [] }
        return html[start.upperBound..<end.upperBound].matches(of: #/ id="([^"]+)"/#).map { String($0.output.1) }
    }

    /// The marker that selects record `id` with its sheet at its largest detent (where a form
    /// has room); the record's id when the page has no markers for it.
    func largestMarker(_ id: String) -> String { markers(id).last ?? id }

    /// Replaces record `id`'s panel with `replacement`.
    mutating func replacePanel(_ id: String, with replacement: String) -> Bool {
        guard let range = panel(id) else { return false }
        html.replaceSubrange(range, with: replacement)
        return true
    }

    /// Adds a panel for a record that is not on the page yet (a new one), with a marker `id`
    /// at the sheet's largest detent and the rule that shows the panel when it is selected.
    mutating func addPanel(_ id: String, _ panel: String) -> Bool {
        guard let spacer = html.firstRange(of: "<div class=\"cf-sheet-spacer\""),
              let content = html.firstRange(of: "<div class=\"cf-sheet-content\">") else { return false }
        // The largest detent's marker classes, as the page's first record has them.
        var classes = "cf-marker"
        if let first = html.firstRange(of: "<span class=\"cf-markers\" data-for=\""),
           let end = html[first.upperBound...].firstRange(of: "</span></span>") {
            let spans = html[first.upperBound..<end.upperBound].matches(of: #/<span class="([^"]+)" id="/#)
            if let last = spans.last { classes = String(last.output.1) }
        }
        html.insert(contentsOf: "\n" + panel, at: content.upperBound)
        html.insert(contentsOf: "<span class=\"cf-markers\" data-for=\"\(id)\"><span class=\"\(classes)\" id=\"\(id)\"></span></span>\n",
                    at: spacer.lowerBound)
        let rule = "<style>.cf-markers[data-for=\"\(id)\"]:has(> :target) ~ .cf-sheet [data-inspector-panel][data-for=\"\(id)\"]"
            + "{display:block}</style>\n"
        if let head = html.firstRange(of: "</head>") { html.insert(contentsOf: rule, at: head.lowerBound) }
        return true
    }

    /// Adds `banner` right after the opening `<body …>` tag.
    mutating func addBanner(_ banner: String) {
        guard let body = html.firstRange(of: "<body"), let end = html[body.upperBound...].firstIndex(of: ">") else {
            html = banner + html
            return
        }
        html.insert(contentsOf: "\n" + banner, at: html.index(after: end))
    }
}
