import Foundation
@testable import CasefileServer
import Testing

/// How the server puts the editor into the sample's built pages, on the pages' own markup:
/// `EditorPage` (a record's panel replaced by a form, a new record's panel and marker added, the
/// marker of the largest detent) and `EditorLabels` (an Edit link in every panel of a table page,
/// New in its toolbar, nothing on other pages). Only the place changed is changed.
@Suite struct EditorPageTests {
    /// The sample's built pages, by path.
    static func pages(_ paths: [String]) async throws -> [String: String] {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let session = try await workspace.session()
        defer { session.removeFolder() }
        var pages: [String: String] = [:]
        for path in paths {
            pages[path] = try String(contentsOf: session.site.appendingPathComponent(path), encoding: .utf8)
        }
        return pages
    }

    static let tables = ["index.html": "animals", "fruits/index.html": "fruits", "bulletins/index.html": "bulletins"]

    /// The ids of the record panels of a page.
    static func panelIDs(_ html: String) -> [String] {
        html.matches(of: #/<article data-inspector-panel="([^"]+)"/#).map { String($0.output.1) }
    }

    @Test func aPanelIsReplacedAndTheRestOfThePageKept() async throws {
        let html = try #require(try await Self.pages(["index.html"])["index.html"])
        var page = EditorPage(html: html)
        #expect(page.collection == "animals")
        let range = try #require(page.panel("fish"))
        #expect(html[range].hasSuffix("</article>") && html[range].contains("Fabrizio"))
        let form = "<article data-inspector-panel=\"fish\" data-edit-panel>form</article>"
        let replaced = page.replacePanel("fish", with: form)
        #expect(replaced)
        #expect(page.html == String(html[..<range.lowerBound]) + form + String(html[range.upperBound...]))
        #expect(page.panel("snail") != nil, "the other panels are kept")

        var unchanged = EditorPage(html: html)
        let replacedNone = unchanged.replacePanel("nobody", with: form)
        #expect(!replacedNone)
        #expect(unchanged.html == html)
    }

    @Test func theLargestMarkerIsTheLastDetents() async throws {
        let html = try #require(try await Self.pages(["index.html"])["index.html"])
        let page = EditorPage(html: html)
        let markers = page.markers("fish")
        #expect(markers.count >= 2, "one marker a detent: \(markers)")
        #expect(markers.allSatisfy { $0.hasPrefix("fish") })
        #expect(page.largestMarker("fish") == markers.last)
        #expect(html.contains(" id=\"\(page.largestMarker("fish"))\""))
        #expect(page.largestMarker("nobody") == "nobody", "no markers: the id itself")
    }

    @Test func aNewPanelGetsAMarkerAndTheRuleThatShowsIt() async throws {
        let html = try #require(try await Self.pages(["fruits/index.html"])["fruits/index.html"])
        var page = EditorPage(html: html)
        let panel = "<article data-inspector-panel=\"_new\" data-for=\"_new\">new</article>"
        let added = page.addPanel("_new", panel)
        #expect(added)
        // The marker has the classes of the largest detent's marker of the first record.
        let first = try #require(Self.panelIDs(html).first)
        let largest = try #require(html.firstMatch(of: try Regex("<span class=\"([^\"]+)\" id=\"\(EditorPage(html: html).largestMarker(first))\"")))
        let classes = try #require(largest.output[1].substring)
        let marker = "<span class=\"cf-markers\" data-for=\"_new\"><span class=\"\(classes)\" id=\"_new\"></span></span>\n"
        let markerAt = try #require(page.html.range(of: marker))
        #expect(page.html[markerAt.upperBound...].hasPrefix("<div class=\"cf-sheet-spacer\""), "just before the sheet")
        let rule = "<style>.cf-markers[data-for=\"_new\"]:has(> :target) ~ .cf-sheet [data-inspector-panel][data-for=\"_new\"]"
            + "{display:block}</style>\n"
        let ruleAt = try #require(page.html.range(of: rule))
        #expect(page.html[ruleAt.upperBound...].hasPrefix("</head>"))
        let content = try #require(page.html.range(of: "<div class=\"cf-sheet-content\">"))
        #expect(page.html[content.upperBound...].hasPrefix("\n" + panel))
        // Those three insertions, and nothing else.
        let without = page.html.replacingOccurrences(of: marker, with: "").replacingOccurrences(of: rule, with: "")
            .replacingOccurrences(of: "\n" + panel, with: "")
        #expect(without == html)

        var bare = EditorPage(html: "<html><head></head><body data-page=\"fruits\"></body></html>")
        let addedToBare = bare.addPanel("_new", panel)
        #expect(!addedToBare, "a page without a sheet has no place for it")
    }

    @Test func everyPanelOfATablePageGetsEditAndItsToolbarNew() async throws {
        let pages = try await Self.pages(Array(Self.tables.keys) + ["validation/index.html"])
        let labels = EditorLabels(edit: "Edit", new: ["animals": "New suspect", "bulletins": "New bulletin", "fruits": "New fruit"])
        for (path, collection) in Self.tables {
            let html = try #require(pages[path])
            let ids = Self.panelIDs(html)
            #expect(ids.count >= 3, "\(path) lists records")
            let linked = labels.add(to: html)
            let page = EditorPage(html: linked)
            for id in ids {
                let panel = try #require(page.panel(id).map { linked[$0] }, "\(path) \(id)")
                let link = "<a class=\"cf-edit-link\" data-edit href=\"?edit=\(collection)/\(id)#\(page.largestMarker(id))\">Edit</a>"
                #expect(panel.contains(link + "<a class=\"cf-close\""), "\(path): Edit beside \(id)'s close button")
            }
            #expect(linked.components(separatedBy: "data-edit href=").count - 1 == ids.count, "\(path): one Edit a panel")
            let table = collection == "animals" ? "suspects" : collection
            let toolbar = try #require(linked.range(of: "<header class=\"cf-toolbar\"").flatMap { linked[$0.lowerBound...].range(of: "</header>") })
            #expect(linked[..<toolbar.lowerBound].hasSuffix("<a class=\"cf-new-link\" data-new=\"\(table)\" href=\"?new=\(collection)#_new\">"
                                                             + "\(labels.new[collection] ?? "")</a>\n"), "\(path): New in the toolbar")
            #expect(linked.contains("<style>/* casefile serve: the editor's links"))
        }
        let validation = try #require(pages["validation/index.html"])
        #expect(EditorPage(html: validation).collection == nil)
        #expect(labels.add(to: validation) == validation, "the validation page is not a table's")
    }
}
