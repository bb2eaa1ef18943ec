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

    /// The banner's markup, or "" when the case is fine.
    var banner: String {
        guard showsBanner else { return "" }
        var text: String
        if let failure {
            text = "<strong>The site could not be rebuilt:</strong> <code>\(Self.escape(failure))</code> "
                + "These pages are the last ones that rendered."
        } else {
            text = "<strong>The case has \(Self.count(errors, "error"))"
                + (warnings > 0 ? " and \(Self.count(warnings, "warning"))" : "") + ".</strong> "
                + (keptLastGoodPages ? "Tables show the last version without errors. " : "")
            let validation = "/" + SiteLayout.page(.validation)
            text += "<a href=\"\(validation)\" style=\"color:inherit\">See the validation page</a>."
        }
        return "<div id=\"casefile-serve-banner\" role=\"alert\" style=\"position:sticky;top:0;z-index:1000;"
            + "margin:0;padding:.5rem 1rem;background:#8b0000;color:#fff;font:14px/1.4 system-ui,sans-serif\">"
            + text + "</div>\n"
    }

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
