import Foundation
import CasefileTestSupport
import Testing

/// The pagination and the name index of built sites, read back from their HTML: on the 10k
/// case, every page of the suspects table and of its name order is at most two taps from every
/// other, a reader who sees only the links' names finds any suspect's page in three taps at
/// most, and each letter of the index leads to the page where that letter starts (in English,
/// German and Japanese cases).
@Suite(.serialized) struct PageReachTests {
    /// A page's links to other pages of its table or listing: the pagination's and the index's,
    /// each as (the page's path, its title, whether it is a jump), fragments dropped.
    struct Link: Hashable {
        let path: String
        let title: String?
        let jump: Bool
    }

    /// The `<nav>` of `html` that carries the attribute `hook`, or "" (found by text first: a
    /// table page is hundreds of kilobytes).
    static func nav(_ html: String, _ hook: String) -> String {
        guard let at = html.range(of: "<nav \(hook) ") ?? html.range(of: "<nav \(hook)>"),
              let end = html.range(of: "</nav>", range: at.upperBound..<html.endIndex) else { return "" }
        return String(html[at.lowerBound..<end.upperBound])
    }

    /// The path of the page `href` (a relative link, its fragment dropped) leads to from `path`.
    static func resolve(_ href: String, from path: String) -> String {
        let folder = URL(fileURLWithPath: "/" + path).deletingLastPathComponent()
        return String(URL(fileURLWithPath: href, relativeTo: folder).standardizedFileURL.path.dropFirst())
    }

    static func links(_ html: String, from path: String, in section: String) -> [Link] {
        SiteBuildTests.matches(#"(<a\s[^>]*>)"#, in: nav(html, section)).compactMap { tag -> Link? in
            guard let href = SiteBuildTests.matches(##"href="([^"#]*)"##, in: tag).first else { return nil }
            let title = SiteBuildTests.matches(#"title="([^"]*)""#, in: tag).first.map(unescaped)
            return Link(path: resolve(href, from: path), title: title, jump: tag.contains("data-page-jump"))
        }
    }

    static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The fewest taps from page `start` to each page, following `links` (pages by index), up
    /// to `limit` taps; nil for a page further.
    static func taps(from start: Int, _ links: [[Int]], limit: Int = 2) -> [Int?] {
        var distance = [Int?](repeating: nil, count: links.count)
        distance[start] = 0
        var frontier = [start], depth = 0
        while !frontier.isEmpty && depth < limit {
            depth += 1
            var next: [Int] = []
            for page in frontier {
                for target in links[page] where distance[target] == nil {
                    distance[target] = depth
                    next.append(target)
                }
            }
            frontier = next
        }
        return distance
    }

    /// Walks every page's pagination as a graph: each of `paths` within two taps of each other.
    static func expectTwoTaps(_ site: URL, _ paths: [String]) throws {
        let number = Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($1, $0) })
        var graph: [[Int]] = []
        for path in paths {
            let targets = Self.links(try SiteBuildTests.page(site, path), from: path, in: "data-pagination").map(\.path)
            #expect(targets.allSatisfy { number[$0] != nil }, "\(path) links outside its pages: \(targets.filter { number[$0] == nil }.prefix(3))")
            graph.append(targets.compactMap { number[$0] })
        }
        for start in paths.indices {
            let distance = taps(from: start, graph)
            let far = paths.indices.filter { (distance[$0] ?? 3) > 2 }
            #expect(far.isEmpty, "from \(paths[start]): \(far.prefix(3).map { paths[$0] }) are more than two taps away")
            if !far.isEmpty { return }
        }
    }

    /// The 10k case (Scripts/make-case.py's 10,000 suspects, 200 pages of 50), with few bulletins
    /// and no notes: the suspects' pages are those of the defaults, and it builds in seconds.
    @Test func theTenThousandCaseReachesEveryPageInTwoTaps() async throws {
        let content = try GeneratedCase.make(["--bulletins", "200", "--fruits", "50", "--notes", "0"], prefix: "casefile-reach")
        let (_, site) = try await SiteBuildTests.build(content: content)
        defer {
            try? FileManager.default.removeItem(at: site)
            try? FileManager.default.removeItem(at: content)
        }
        let table = ["index.html"] + (2...200).map { "suspects/page-\($0).html" }
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("suspects/page-201.html").path))
        try Self.expectTwoTaps(site, table)
        let order = (1...200).map { $0 == 1 ? "suspects/by/suspect-asc.html" : "suspects/by/suspect-asc.page-\($0).html" }
        try Self.expectTwoTaps(site, order)
        try Self.expectNamesFound(site, content, order)
        try Self.expectIndexLeadsToEachLetter(site, content, order)
    }

    /// The 100k case's name order (2,000 pages of 50), when `CASEFILE_100K` is set: its build
    /// takes minutes in a debug build, so it is left to the slow runs.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["CASEFILE_100K"] != nil, "set CASEFILE_100K=1 to build the 100k case"))
    func theHundredThousandCaseReachesEveryPageInTwoTaps() async throws {
        let content = try GeneratedCase.make(["--animals", "100000", "--bulletins", "1000", "--fruits", "200", "--notes", "0"],
                                             prefix: "casefile-reach")
        let (_, site) = try await SiteBuildTests.build(content: content)
        defer {
            try? FileManager.default.removeItem(at: site)
            try? FileManager.default.removeItem(at: content)
        }
        let order = (1...2_000).map { $0 == 1 ? "suspects/by/suspect-asc.html" : "suspects/by/suspect-asc.page-\($0).html" }
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("suspects/by/suspect-asc.page-2001.html").path))
        try Self.expectTwoTaps(site, order)
        try Self.expectTwoTaps(site, ["index.html"] + (2...2_000).map { "suspects/page-\($0).html" })
        try Self.expectNamesFound(site, content, order)
        try Self.expectIndexLeadsToEachLetter(site, content, order)
    }

    /// The names of the case's animals by id, from its animals.json.
    static func names(_ content: URL) throws -> [String: String] {
        let data = try Data(contentsOf: content.appendingPathComponent("animals.json"))
        let records = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: records.map { ($0["id"] as! String, $0["name"] as! String) })
    }

    /// From pages spread over the order, a reader looking for a suspect by name, told only what
    /// each link's title says (the names its page starts and ends with) and which links are
    /// jumps, reaches the suspect's page in three taps at most: a link whose names take the name
    /// in, else the last jump that starts at or before it, else the index's letter.
    static func expectNamesFound(_ site: URL, _ content: URL, _ order: [String]) throws {
        let byID = try Self.names(content)
        let pages = try order.map { try SiteBuildTests.page(site, $0) }
        let rows = pages.map(SiteBuildTests.rowIDs)
        let key = { (text: String) in text.lowercased() }
        // Each link of each page, with the first and last name its title says, case folded.
        func named(_ link: Link) -> (link: Link, names: (first: String, last: String)?) {
            guard let title = link.title else { return (link, nil) }
            let ends = title.components(separatedBy: " – ")
            return (link, (key(ends.first!), key(ends.last!)))
        }
        let pageLinks = order.indices.map { n in
            (links(pages[n], from: order[n], in: "data-pagination") + links(pages[n], from: order[n], in: "data-index")).map(named)
        }
        for target in Swift.stride(from: 0, to: order.count, by: max(13, order.count / 15)) {
            for id in [rows[target].first!, rows[target].last!] {
                let name = key(byID[id]!)
                for start in Swift.stride(from: 0, to: order.count, by: max(17, order.count / 12)) {
                    var page = start, taps = 0
                    while !rows[page].contains(id) && taps < 4 {
                        let links = pageLinks[page]
                        let next = links.first { $0.names.map { $0.first <= name && name <= $0.last } ?? false }
                            ?? links.filter { $0.link.jump }.last { $0.names.map { $0.first <= name } ?? false }
                            ?? links.first { $0.names != nil }
                        let link = try #require(next, "\(order[page]) has no link with names").link
                        page = order.firstIndex(of: link.path)!
                        taps += 1
                    }
                    #expect(rows[page].contains(id) && taps <= 3, "\(id) from \(order[start]): \(taps) taps, at \(order[page])")
                }
            }
        }
    }

    /// The initial the index files `name` under: its first letter's capital (Ä for ä), its kana
    /// row's first kana, or `#`.
    static func initial(_ name: String) -> String {
        // Each row led by the kana it is named for.
        let rows = ["あぁぃいぅうぇえぉお", "かがきぎくぐけげこご", "さざしじすずせぜそぞ", "ただちぢっつづてでとど", "なにぬねの",
                    "はばぱひびぴふぶぷへべぺほぼぽ", "まみむめも", "やゃゅゆょよ", "らりるれろ", "わゎゐゑをんゔゕゖ"]
        let katakana = rows.map { String(String.UnicodeScalarView($0.unicodeScalars.map { Unicode.Scalar($0.value + 0x60)! })) }
        guard let first = name.first else { return "#" }
        if let row = (rows + katakana).first(where: { $0.contains(first) }) { return String(row.first!) }
        return first.isLetter ? String(first).uppercased() : "#"
    }

    /// Each link of the index leads to the page where its letter starts: the first page of the
    /// order holding a name with that initial; and every initial the names use has a link.
    static func expectIndexLeadsToEachLetter(_ site: URL, _ content: URL, _ order: [String]) throws {
        let byID = try Self.names(content)
        let rows = try order.map { SiteBuildTests.rowIDs(try SiteBuildTests.page(site, $0)) }
        var starts: [String: String] = [:]
        for (page, ids) in zip(order, rows) {
            for id in ids where starts[initial(byID[id]!)] == nil { starts[initial(byID[id]!)] = page }
        }
        for (n, path) in order.enumerated() where n % 50 == 0 || n == order.count - 1 {
            let html = try SiteBuildTests.page(site, path)
            // The plain links (each has a twin that carries the inspector's state).
            let index = nav(html, "data-index")
            let letters = SiteBuildTests.matches(#"<a class="cf-plain" [^>]*>([^<]*)</a>"#, in: index)
            let targets = SiteBuildTests.matches(##"<a class="cf-plain" href="([^"#]*)"##, in: index).map { resolve($0, from: path) }
            #expect(targets.count == letters.count && !targets.isEmpty, "\(path): \(targets.count) index links")
            #expect(Set(letters).count == letters.count, "\(path): a letter twice in \(letters)")
            #expect(Dictionary(zip(letters, targets), uniquingKeysWith: { a, _ in a }) == starts, "\(path): the index")
        }
    }

    /// A case of `names` (make-case.py's suspects renamed, in turn), in `language`, 5 suspects a
    /// page, the suspects' own pages listing them by name, Z to A.
    static func namedCase(_ names: [String], count: Int, language: String) throws -> URL {
        let content = try GeneratedCase.make(["--animals", "\(count)", "--bulletins", "10", "--fruits", "10", "--notes", "0",
                                              "--language", language], prefix: "casefile-index")
        let file = content.appendingPathComponent("animals.json")
        var records = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]])
        for i in records.indices { records[i]["name"] = "\(names[i % names.count]) \(i)" }
        try JSONSerialization.data(withJSONObject: records).write(to: file)
        let site = content.appendingPathComponent("site.yaml")
        try (try String(contentsOf: site, encoding: .utf8) + "\npageSize: 5\ndefaultOrder:\n  suspects: suspect descending\n").write(to: site, atomically: true, encoding: .utf8)
        return content
    }

    @Test(arguments: [
        ("en", ["Ada", "bea", "Zoe", "Émile", "7 Dwarves", "Otto", "max"]),
        ("de", ["Ärger", "Anna", "Öko", "Zora", "Übel", "Bert", "ähm", "Ida"]),
        ("ja", ["さくら", "あおい", "かな", "がく", "たろう", "アキラ", "山田", "ぎん", "ハナ", "Ken"]),
    ])
    func theIndexLeadsToWhereEachLetterStarts(_ language: String, _ names: [String]) async throws {
        let content = try Self.namedCase(names, count: 60, language: language)
        let (_, site) = try await SiteBuildTests.build(content: content)
        defer {
            try? FileManager.default.removeItem(at: site)
            try? FileManager.default.removeItem(at: content)
        }
        for direction in ["asc", "desc"] {
            let order = (1...12).map { $0 == 1 ? "suspects/by/suspect-\(direction).html" : "suspects/by/suspect-\(direction).page-\($0).html" }
            try Self.expectIndexLeadsToEachLetter(site, content, order)
            try Self.expectTwoTaps(site, order)
        }
        // The table's own pages, in the order of a text column, have the index too.
        let table = ["index.html"] + (2...12).map { "suspects/page-\($0).html" }
        try Self.expectIndexLeadsToEachLetter(site, content, table)
        try Self.expectTwoTaps(site, table)
    }
}
