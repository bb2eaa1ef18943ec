import Foundation
import CasefileModel
import CasefileOutput
import CasefileValidation

/// `bulletins.atom` (Atom 1.0, RFC 4287): one entry per bulletin, newest first, with its fruit,
/// place, time and note. Nothing in it depends on when it is built: the feed's `updated` is the
/// newest bulletin's time. Ids and links are absolute with a base URL; without one, ids are
/// `urn:` names made from the site's title and the bulletin's id, and links are relative to
/// the feed (which sits at the site's root).
struct AtomFeed: Sendable {
    static let path = "bulletins.atom"
    let validated: ValidatedCase
    let baseURL: String?

    func render() -> String {
        let v = validated, c = v.caseContent, site = c.site
        let zone = TimeZone(identifier: site.timeZone) ?? TimeZone(secondsFromGMT: 0)!
        let order = c.bulletins.indices.sorted { a, b in
            let ta = c.bulletins[a].nibbledAt?.secondsSince1970 ?? .min, tb = c.bulletins[b].nibbledAt?.secondsSince1970 ?? .min
            return ta != tb ? ta > tb : a < b
        }
        let newest = order.first.flatMap { c.bulletins[$0].nibbledAt }
        let feedID = baseURL.map { $0 + Self.path } ?? "urn:casefile:\(ContentHash.hex8(site.title)):bulletins"
        var xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(Self.escape(site.language))">
            <title>\(Self.escape(site.title)): bulletins</title>

            """
        if let description = site.description { xml += "<subtitle>\(Self.escape(description))</subtitle>\n" }
        xml += "<id>\(Self.escape(feedID))</id>\n"
        if let baseURL { xml += "<link rel=\"self\" type=\"application/atom+xml\" href=\"\(Self.escape(baseURL + Self.path))\"/>\n" }
        xml += "<link rel=\"alternate\" type=\"text/html\" href=\"\(Self.escape((baseURL ?? "") + v.pagePlan.path(.bulletins, page: 1)))\"/>\n"
        xml += "<updated>\(Self.utc(newest))</updated>\n"
        xml += "<author><name>\(Self.escape(site.title))</name></author>\n"
        xml += "<generator version=\"\(Self.escape(CasefileVersion.current))\">Casefile</generator>\n"
        let fragments = v.fragments.bulletins
        for b in order {
            let bulletin = c.bulletins[b]
            let fruit = v.index.fruitPosition[bulletin.fruit].map { c.fruits[$0].name } ?? bulletin.fruit
            let page = v.pagePlan.path(.bulletins, recordAt: b)
            let link = (baseURL ?? "") + page + "#" + fragments[b]
            let when = bulletin.nibbledAt.map { $0.local(in: zone).display } ?? "time not recorded"
            var summary = "\(fruit), nibbled at \(bulletin.location), \(when)"
            if let bites = bulletin.bites { summary += ", \(Numbers.count(bites, "bite"))" }
            if let reporter = bulletin.reportedBy {
                summary += "; reported by " + (v.index.animalPosition[reporter].map { c.animals[$0].name } ?? reporter)
            }
            xml += "<entry>\n<title>\(Self.escape("\(fruit) at \(bulletin.location)"))</title>\n"
            xml += "<id>\(Self.escape(baseURL != nil ? link : "urn:casefile:\(ContentHash.hex8(site.title)):bulletin:\(fragments[b])"))</id>\n"
            xml += "<link rel=\"alternate\" type=\"text/html\" href=\"\(Self.escape(link))\"/>\n"
            xml += "<updated>\(Self.utc(bulletin.nibbledAt ?? newest))</updated>\n"
            xml += "<summary>\(Self.escape(summary))</summary>\n"
            if let note = v.bulletinNotes[b] {
                // The note's links are relative to its page, one folder down from the feed.
                let base = (baseURL ?? "") + (page.contains("/") ? String(page[..<page.lastIndex(of: "/")!]) + "/" : "")
                xml += "<content type=\"html\" xml:base=\"\(Self.escape(base))\">\(Self.escape(note))</content>\n"
            }
            xml += "</entry>\n"
        }
        return xml + "</feed>\n"
    }

    /// An RFC 3339 date-time in UTC; the epoch when there is none (a case with no bulletins).
    static func utc(_ time: Timestamp?) -> String {
        guard let time, let zone = TimeZone(secondsFromGMT: 0) else { return "1970-01-01T00:00:00Z" }
        return String(time.local(in: zone).iso8601.dropLast(6)) + "Z"
    }

    /// Text for XML content and attributes; characters XML 1.0 does not allow are dropped.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
