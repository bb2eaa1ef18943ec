import Testing
@testable import CasefileRendering

/// The sitemap: one file up to the protocol's 50,000 URLs, an index of parts past it.
@Suite struct SitemapXMLTests {
    static func locs(_ xml: String) -> [String] {
        xml.components(separatedBy: "<loc>").dropFirst().map { String($0.prefix { $0 != "<" }) }
    }

    @Test func upToTheLimitOneURLSet() {
        let files = SitemapXML.files(baseURL: "https://e.org/", paths: ["index.html", "suspects/id/a&b.html"], limit: 2)
        #expect(files.map(\.path) == ["sitemap.xml"])
        #expect(files[0].text.contains("<urlset "))
        #expect(Self.locs(files[0].text) == ["https://e.org/index.html", "https://e.org/suspects/id/a&amp;b.html"])
    }

    @Test func pastTheLimitAnIndexOfPartsEachAtMostTheLimit() {
        let paths = (1...7).map { "suspects/id/r\($0).html" }
        let files = SitemapXML.files(baseURL: "https://e.org/c/", paths: paths, limit: 3)
        #expect(files.map(\.path) == ["sitemap.xml", "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml"])
        #expect(files[0].text.contains("<sitemapindex ") && !files[0].text.contains("<urlset"))
        #expect(Self.locs(files[0].text) == ["https://e.org/c/sitemap-1.xml", "https://e.org/c/sitemap-2.xml", "https://e.org/c/sitemap-3.xml"])
        let parts = files.dropFirst().map { Self.locs($0.text) }
        #expect(parts.map(\.count) == [3, 3, 1])
        #expect(parts.flatMap { $0 } == paths.map { "https://e.org/c/" + $0 }, "every URL once, in order")
        #expect(SitemapXML.limit == 50_000)
    }
}
