import CasefileModel

/// The sitemap (sitemaps.org 0.9): the absolute URL of every table page and every record's own
/// page, in site order. Past `limit` URLs (the protocol's most in one file) `sitemap.xml` is a
/// sitemap index naming `sitemap-1.xml`, `sitemap-2.xml`, … of `limit` URLs each. No `lastmod`:
/// the same case gives the same bytes.
enum SitemapXML {
    static let limit = 50_000

    /// The sitemap's files: `sitemap.xml` alone, or the index and its parts.
    static func files(baseURL: String, paths: [String], limit: Int = limit) -> [(path: String, text: String)] {
        guard paths.count > limit else { return [(SiteLayout.sitemap, urlSet(baseURL: baseURL, paths[...]))] }
        let parts = stride(from: 0, to: paths.count, by: limit).enumerated().map { n, start in
            (path: SiteLayout.sitemapPart(n + 1), text: urlSet(baseURL: baseURL, paths[start..<min(paths.count, start + limit)]))
        }
        var index = """
            <?xml version="1.0" encoding="UTF-8"?>
            <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

            """
        for part in parts {
            index += "<sitemap><loc>\(escape(baseURL + part.path))</loc></sitemap>\n"
        }
        return [(SiteLayout.sitemap, index + "</sitemapindex>\n")] + parts
    }

    private static func urlSet(baseURL: String, _ paths: ArraySlice<String>) -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

            """
        xml.reserveCapacity(paths.count * (baseURL.utf8.count + 48))
        for path in paths {
            xml += "<url><loc>\(escape(baseURL + path))</loc></url>\n"
        }
        return xml + "</urlset>\n"
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(c)
            }
        }
        return out
    }
}
