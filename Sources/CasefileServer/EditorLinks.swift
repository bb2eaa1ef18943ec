/// The editor's links, added by the preview server to the table pages it sends while editing is
/// on (never to the files): **Edit** in each record's panel, beside its close button, and
/// **New …** in the toolbar. They open the page's own address with `?edit=` or `?new=`, and the
/// panel's marker at its largest detent.
public struct EditorLabels: Sendable, Equatable {
    public var edit: String
    /// "New suspect", "New bulletin", "New fruit", by collection (`animals`…).
    public var new: [String: String]

    public init(edit: String, new: [String: String]) {
        self.edit = edit
        self.new = new
    }

    static let style = """
        <style>/* casefile serve: the editor's links, added by the server; never written to the site */
        .cf-edit-link{flex:none;margin-inline-start:auto;align-self:center;padding:.25rem .625rem;border-radius:999px;\
        background:var(--cf-fill);color:var(--cf-link);text-decoration:none;font-weight:600;font-size:.875rem}
        .cf-panel-header:has(> .cf-edit-link) .cf-panel-title{overflow-wrap:normal;word-break:normal;hyphens:auto}
        .cf-edit-link + .cf-close{margin-inline-start:.5rem}
        .cf-new-link{align-self:center;padding:.375rem .875rem;border-radius:999px;background:var(--cf-accent-strong);color:#fff;\
        text-decoration:none;font-weight:600;white-space:nowrap}
        .cf-edit-link:focus-visible,.cf-new-link:focus-visible{outline:3px solid var(--cf-focus);outline-offset:2px}
        </style>

        """

    /// `html` with the links, when it is a page of one of the three tables.
    func add(to html: String) -> String {
        var page = EditorPage(html: html)
        guard let collection = page.collection else { return html }
        // (`page` is searched once more below, for the toolbar.)
        var out = ""
        out.reserveCapacity(html.utf8.count + 4096)
        // Each record's largest-detent marker, from one pass over the markers.
        var largest: [Substring: Substring] = [:]
        var scan = html[...]
        while let group = scan.firstRange(of: "<span class=\"cf-markers\" data-for=\"") {
            let id = scan[group.upperBound...].prefix { $0 != "\"" }
            guard let end = scan[group.upperBound...].firstRange(of: "</span></span>") else { break }
            if let last = scan[group.upperBound..<end.upperBound].matches(of: #/ id="([^"]+)"/#).last { largest[id] = last.output.1 }
            scan = scan[end.upperBound...]
        }
        var rest = html[...]
        let opening = "<article data-inspector-panel=\""
        while let start = rest.firstRange(of: opening) {
            let id = rest[start.upperBound...].prefix { $0 != "\"" }
            guard let close = rest[start.upperBound...].firstRange(of: "<a class=\"cf-close\""),
                  rest[start.upperBound..<close.lowerBound].firstRange(of: "</article>") == nil else {
                out += rest[..<start.upperBound]
                rest = rest[start.upperBound...]
                continue
            }
            out += rest[..<close.lowerBound]
            let marker = largest[id].map(String.init) ?? String(id)
            out += "<a class=\"cf-edit-link\" data-edit href=\"?edit=\(collection)/\(id)#\(marker)\">\(Self.escape(edit))</a>"
            rest = rest[close.lowerBound...]
        }
        out += rest
        page.html = out
        if let label = new[collection], let toolbar = page.html.firstRange(of: "<header class=\"cf-toolbar\""),
           let end = page.html[toolbar.upperBound...].firstRange(of: "</header>") {
            let table = collection == "animals" ? "suspects" : collection
            page.html.insert(contentsOf: "<a class=\"cf-new-link\" data-new=\"\(table)\" href=\"?new=\(collection)#_new\">"
                                 + Self.escape(label) + "</a>\n", at: end.lowerBound)
        }
        if let head = page.html.firstRange(of: "</head>") { page.html.insert(contentsOf: Self.style, at: head.lowerBound) }
        return page.html
    }

    static func escape(_ text: String) -> String { PageDecoration.escape(text) }
}
