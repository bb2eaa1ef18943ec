import CasefileKit
import CasefileModel

/// What the preview server adds to each HTML page it sends — never to the files: the live-reload
/// snippet, and while the case has errors (or a template does not parse) a banner linking to the
/// validation page.
public struct PageDecoration: Sendable, Equatable {
    /// The Server-Sent Events endpoint the snippet listens to.
    public static let eventsPath = "/_casefile/events"

    public var errors = 0
    public var warnings = 0
    /// A template error or another reason nothing could be rendered, as printed in the terminal.
    public var failure: String?
    /// Pages other than the validation pages are those of the last build without errors.
    public var keptLastGoodPages = false
    /// The editor's links and their words, while editing is on; nil: the pages as built.
    public var editor: EditorLabels?

    public init() {}

    public init(_ update: PreviewUpdate) {
        errors = update.errorCount
        warnings = update.warningCount
        failure = update.failure
        keptLastGoodPages = update.keptLastGoodPages
    }

    public var showsBanner: Bool { failure != nil || errors > 0 }

    static let snippet = """
        <script>/* casefile serve: live reload, added by the server; never written to the site */
        new EventSource("\(eventsPath)").addEventListener("reload", () => location.reload());
        </script>

        """

    /// The banner's markup, or "" when the case is fine: fixed across the top of the viewport on
    /// one line, the page moved down by its height, as the editor's banner after a save is (the
    /// wide layout is a grid of the viewport's height, whose cells an element in the flow would
    /// join). What does not fit in the line ends in an ellipsis, with the link to the validation
    /// page kept in view, and the whole text as the title.
    var banner: String {
        guard showsBanner else { return "" }
        // The words as HTML, and as plain text for the title.
        let (html, plain): (String, String)
        var link = ""
        if let failure {
            html = "<strong>The site could not be rebuilt:</strong> <code>\(Self.escape(failure))</code> "
                + "These pages are the last ones that rendered."
            plain = "The site could not be rebuilt: \(failure) These pages are the last ones that rendered."
        } else {
            let counts = "The case has \(Self.count(errors, "error"))" + (warnings > 0 ? " and \(Self.count(warnings, "warning"))" : "") + "."
            let kept = keptLastGoodPages ? " Tables show the last version without errors." : ""
            (html, plain) = ("<strong>\(counts)</strong>" + kept, counts + kept)
            let validation = "/" + SiteLayout.page(.validation)
            link = "<span style=\"flex:none\"><a href=\"\(validation)\" style=\"color:inherit\">See the validation page</a>.</span>"
        }
        return "<style>body:has(> #casefile-serve-banner){padding-top:\(Self.bannerHeight);box-sizing:border-box}</style>"
            + "<div id=\"casefile-serve-banner\" role=\"alert\" title=\"\(Self.escape(plain))\" style=\"position:fixed;top:0;left:0;"
            + "right:0;z-index:1000;margin:0;height:\(Self.bannerHeight);box-sizing:border-box;padding:0 1rem;display:flex;"
            + "align-items:center;gap:.5ch;white-space:nowrap;background:#8b0000;color:#fff;font:14px/1.4 system-ui,sans-serif\">"
            + "<span style=\"min-width:0;overflow:hidden;text-overflow:ellipsis\">" + html + "</span>" + link + "</div>\n"
    }

    /// The height of the banner, and of the editor's banner after a save below it.
    static let bannerHeight = "2.5rem"

    /// `html` with the banner after the opening body tag and the snippet before the closing one.
    func decorate(_ html: String) -> String {
        var page = editor.map { $0.add(to: html) } ?? html
        let banner = self.banner
        if !banner.isEmpty {
            if let body = page.range(of: "<body"), let end = page[body.upperBound...].firstIndex(of: ">") {
                page.insert(contentsOf: "\n" + banner, at: page.index(after: end))
            } else {
                page = banner + page
            }
        }
        if let close = page.range(of: "</body>", options: .backwards) {
            page.insert(contentsOf: Self.snippet, at: close.lowerBound)
        } else {
            page += Self.snippet
        }
        return page
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
