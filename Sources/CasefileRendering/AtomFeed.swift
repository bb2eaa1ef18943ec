import Foundation
import CasefileLocalization
import CasefileModel
import CasefileSite
import CasefileOutput
import CasefileValidation

/// `bulletins.atom` (Atom 1.0, RFC 4287): an entry per bulletin, newest first, the newest
/// `feed.limit` only (50 unless site.yaml says otherwise; 0 for all), with its fruit, place, time
/// and note. Nothing in it depends on when it is built: the feed's `updated` is the
/// newest bulletin's time. Ids and links are absolute with a base URL; without one, ids are
/// `urn:` names made from the site's title and the bulletin's id, and links are relative to
/// the feed (which sits at the site's root).
struct AtomFeed: Sendable {
    let validated: PlacedCase
    let baseURL: String?

    func render() -> [UInt8] {
        let v = validated, c = v.caseContent, site = c.site, s = v.strings
        let newestFirst = c.bulletins.indices.sorted { a, b in
            let ta = c.bulletins[a].nibbledAt?.secondsSince1970 ?? .min, tb = c.bulletins[b].nibbledAt?.secondsSince1970 ?? .min
            return ta != tb ? ta > tb : a < b
        }
        // Feed readers fetch the feed again every hour or so: the newest `feed.limit` entries.
        let limit = site.feedLimit
        let order = limit > 0 ? Array(newestFirst.prefix(limit)) : newestFirst
        let newest = order.first.flatMap { c.bulletins[$0].nibbledAt }
        let urn = "urn:casefile:\(ContentHash.hex8(site.title)):"
        // Room for every entry (about 600 bytes besides its note), so that the buffer never grows.
        var out = ExportText(capacity: (1 << 12) + order.reduce(0) { $0 + 1024 + v.noteSize(.bulletins, $1) })
        func element(_ name: StaticString, _ text: String) {
            out.raw("<"); out.raw(name); out.raw(">"); out.xml(text); out.raw("</"); out.raw(name); out.raw(">\n")
        }
        func link(_ href: String, type: StaticString, rel: StaticString) {
            out.raw("<link rel=\""); out.raw(rel); out.raw("\" type=\""); out.raw(type); out.raw("\" href=\"")
            out.xml(href); out.raw("\"/>\n")
        }
        out.raw("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"")
        out.xml(site.language)
        out.raw("\">\n")
        element("title", s.text(.feedTitle, ["site": site.title]))
        if let description = site.description { element("subtitle", description) }
        element("id", baseURL.map { $0 + SiteLayout.feed } ?? urn + "bulletins")
        if let baseURL { link(baseURL + SiteLayout.feed, type: "application/atom+xml", rel: "self") }
        link((baseURL ?? "") + SiteLayout.page(.bulletins), type: "text/html", rel: "alternate")
        element("updated", Self.utc(newest))
        out.raw("<author><name>"); out.xml(site.title); out.raw("</name></author>\n")
        out.raw("<generator version=\""); out.xml(CasefileVersion.current); out.raw("\">Casefile</generator>\n")
        let fragments = v.fragments.bulletins
        for b in order {
            let bulletin = c.bulletins[b]
            let fruit = v.index.fruitPosition[bulletin.fruit].map { c.fruits[$0].name } ?? bulletin.fruit.rawValue
            // The bulletin's own page: an address (and so an entry id) that stays however the
            // bulletins are reordered.
            let page = v.recordLink(.bulletins, b)
            let href = (baseURL ?? "") + page
            var summary = s.text(.feedEntrySummary, ["fruit": fruit, "location": bulletin.location,
                                                     "when": v.index.localTimes[b].map(s.when) ?? s.text(.timeNotRecorded)])
            if let bites = bulletin.bites { summary += s.text(.listSeparator) + s.count(.feedBites, bites) }
            if let reporter = bulletin.reportedBy {
                let name = v.index.animalPosition[reporter].map { c.animals[$0].name } ?? reporter.rawValue
                summary += s.text(.clauseSeparator) + s.text(.feedReportedBy, ["name": name])
            }
            out.raw("<entry>\n")
            element("title", s.text(.feedEntryTitle, ["fruit": fruit, "location": bulletin.location]))
            // An id that lasts: the page's address with a base URL, else (or for a bulletin
            // without a page of its own, whose row moves) a name made from its fragment.
            element("id", baseURL != nil && v.recordPath(.bulletins, b) != nil ? href : urn + "bulletin:" + fragments[b])
            link(href, type: "text/html", rel: "alternate")
            element("updated", Self.utc(bulletin.nibbledAt ?? newest))
            element("summary", summary)
            if let note = v.note(.bulletins, b, recordsFrom: "") {
                // The note's case links open records' own pages, written from the site's root as
                // the feed's own links are: an absolute base with a base URL, none without (a
                // relative xml:base is resolved against the wrong element by some readers).
                out.raw("<content type=\"html\"")
                if let baseURL { out.raw(" xml:base=\""); out.xml(baseURL); out.raw("\"") }
                out.raw(">")
                out.cdata(note)
                out.raw("</content>\n")
            }
            out.raw("</entry>\n")
        }
        out.raw("</feed>\n")
        return out.bytes
    }

    /// An RFC 3339 date-time in UTC; the epoch when there is none (a case with no bulletins).
    static func utc(_ time: Timestamp?) -> String {
        guard let time else { return "1970-01-01T00:00:00Z" }
        return String(Timestamp(secondsSince1970: time.secondsSince1970, writtenOffset: 0).written.iso8601.dropLast(6)) + "Z"
    }
}
