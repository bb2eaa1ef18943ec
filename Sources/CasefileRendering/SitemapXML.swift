/// `sitemap.xml` (sitemaps.org 0.9): the absolute URL of every table page, in site order. No
/// `lastmod`: the same case gives the same bytes.
enum SitemapXML {
    static func render(baseURL: String, paths: [String]) -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

            """
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
