import Foundation
import Testing
@testable import CasefileSiteCheck
import CasefileOutput
@testable import CasefileModel

/// The pieces of publish's checks on their own: the tag scanner, URL resolution, the safety rules.
@Suite struct LinkCheckTests {
    static func attributes(_ html: String) -> [String] {
        var found: [String] = []
        HTMLScanner(bytes: Array(html.utf8)).scan { _, _ in } attribute: { a in
            found.append("\(a.element).\(a.name)=\(a.value)")
        }
        return found
    }

    @Test func attributesInAnyOrderAndQuoting() {
        #expect(Self.attributes(#"<a class=x HREF='a.html#b' id=top data-href="no">"#) == ["a.href=a.html#b", "a.id=top"])
        // As in a browser, an unquoted value runs to a space or `>`: the `/` of `/>` is part of it.
        #expect(Self.attributes(#"<A Name = "old"  href = "x.html" ><img src=i.png/><br/>"#) ==
            ["a.name=old", "a.href=x.html", "img.src=i.png/"])
        #expect(Self.attributes(#"<a href="?q=1&amp;r=2#f&#x26;g">"#) == ["a.href=?q=1&r=2#f&g"])
    }

    @Test func commentsAndRawTextAreSkipped() {
        let html = #"<!-- <a href="hidden.html"> --><style>a > b { content: "<a href='x'>" }</style><title>a < b</title><p id=p1>"#
        // The text of `<style>` comes as CSS for the safety check (its `<a …>` is no tag).
        #expect(Self.attributes(html) == [#"style.=a > b { content: "<a href='x'>" }"#, "p.id=p1"])
    }

    /// CSS that runs script is found through case, spaces, control characters and Unicode spaces
    /// between its letters, in `style=` (references decoded) and in `<style>` text alike.
    @Test(arguments: [
        ("<p style=\"width: EXPRE\u{A0}SSION(1)\">", "expression("),
        ("<p style=\"background: url(java\tscript:x)\">", "javascript:"),
        ("<p style=\"b&#101;havior: url(x.htc)\">", "behavior:"),
        ("<style>p { -moz-\u{3000}binding: url(x) }</style>", "-moz-binding"),
        ("<p style=\"color: red; border: 1px solid blue\">", nil),
        ("<style>.é { content: \"→ behaviour\" } p { background: #fff }</style>", nil),
    ] as [(String, String?)])
    func cssThatRunsScriptIsFound(html: String, marker: String?) {
        var found: [String] = []
        HTMLScanner(bytes: Array(html.utf8)).scan { _, _ in } attribute: { a in
            if a.kind == .style || a.kind == .css, let hit = SafetyCheck.cssScript(in: a) { found.append(hit) }
        }
        #expect(found == (marker.map { [$0] } ?? []))
    }

    @Test func executableThingsAreFound() {
        var checks: [String] = []
        HTMLScanner(bytes: Array(#"<SCRIPT src=a.js></SCRIPT><div OnClick="x"><a href="&#106;avascript:x">"#.utf8)).scan { element, _ in
            if let bad = SafetyCheck.element(element) { checks.append(bad.check.rawValue) }
        } attribute: { a in
            if let bad = SafetyCheck.attribute(a) { checks.append(bad.check.rawValue) }
        }
        #expect(checks == ["script", "event-handler", "javascript-url"])
        #expect(SafetyCheck.file("lib/app.WASM")?.check == .webassembly)
        #expect(SafetyCheck.file("casefile.1a2b3c4d.css") == nil)
    }

    @Test(arguments: [
        ("index.html", "bulletins/page-2.html#b-1", LinkTarget.file(path: "bulletins/page-2.html", fragment: "b-1")),
        ("bulletins/index.html", "../index.html", .file(path: "index.html", fragment: nil)),
        ("bulletins/index.html", "./page-2.html?x=1", .file(path: "bulletins/page-2.html", fragment: nil)),
        ("bulletins/index.html", "#fish_medium", .samePage(fragment: "fish_medium")),
        ("index.html", "caf%C3%A9.html#%C3%A9", .file(path: "café.html", fragment: "é")),
        ("index.html", "https://example.org/x", .external),
        ("index.html", "//cdn.example.org/x.css", .external),
        ("index.html", "mailto:nick@example.org", .external),
        ("404.html", "https://example.org/case/fruits/index.html", .file(path: "fruits/index.html", fragment: nil)),
    ])
    func resolvesLikeABrowser(page: String, url: String, expected: LinkTarget) {
        #expect(LinkTarget.resolve(url, from: page, baseURL: "https://example.org/case/") == expected)
    }

    /// The byte-level reading of plain links gives the keys of what `resolve` finds, and leaves
    /// every other form to it.
    @Test(arguments: ["suspects/by/fruits-asc.page-2.html"], [
        "../../bulletins/page-3.html#bulletin-12", "../page-2.html", "fruits-asc.html#_collapsed", "../../index.html",
        "../../data/case.json", "../../data/case.json#x", "a.html#", "../../../x.html", "./page.html", "x//y.html",
        "x/./y.html", "x/../y.html", "x/", "..", "../", "#top", "caf%C3%A9.html", "a.html#%C3%A9", "a.html#b c",
        "A.HTML#Top", "a.html#b#c", "~x/y_z-1.2.html#q", "a.htm#x", ".html#x",
    ])
    func plainLinksAreKeyedAsResolved(page: String, url: String) throws {
        let resolver = LinkTarget.Resolver(page: page, baseURL: nil)
        let plain = resolver.plainKeys(ArraySlice(url.utf8))
        let forms = ["../../bulletins/page-3.html#bulletin-12", "../page-2.html", "fruits-asc.html#_collapsed",
                     "../../index.html", "../../data/case.json", "../../data/case.json#x", "a.html#", "A.HTML#Top",
                     "a.html#b#c", "~x/y_z-1.2.html#q", "a.htm#x", ".html#x"]
        #expect((plain != nil) == forms.contains(url), "which forms are read as plain")
        guard let plain else { return }
        guard case let .file(path, fragment) = resolver.resolve(url) else {
            Issue.record("\(url) resolves to no file")
            return
        }
        #expect(plain.file == LinkKey.file(path))
        let checked = fragment.flatMap { !$0.isEmpty && SiteLayout.isPage(path) ? LinkKey.fragment(path, $0) : nil }
        #expect(plain.fragment == checked)
    }

    @Test(arguments: [("index.html", "/index.html"), ("index.html", "bulletins/"), ("index.html", "../up.html"),
                      ("fruits/index.html", "..")])
    func refusesLinksThatBreakSomewhere(page: String, url: String) {
        guard case .invalid = LinkTarget.resolve(url, from: page, baseURL: nil) else {
            Issue.record("\(url) from \(page) should be refused")
            return
        }
    }

    @Test func baseURLsAreHTTPFoldersEndingInASlash() {
        #expect(BaseURL.normalised("https://example.org/case") == "https://example.org/case/")
        #expect(BaseURL.normalised("http://example.org/") == "http://example.org/")
        #expect(BaseURL.normalised("example.org/case") == nil)
        #expect(BaseURL.normalised("ftp://example.org/") == nil)
        #expect(BaseURL.normalised("https://example.org/?x=1") == nil)
    }
}
