import Foundation
import CasefileModel
import CasefileOutput

/// The checks of a site before it may be published: every internal link and `#fragment` resolves
/// to a file and an id, and nothing executes (`SafetyCheck`). Each file is scanned where it is
/// rendered, on the core that rendered it, from the bytes about to be written (`scan`): what a
/// page alone can show (code, a malformed link, a missing fragment of its own) is settled there.
/// Links and ids are kept as keys (`LinkKey`), hashed from the bytes without making strings; the
/// links to other files wait in a `Ledger` until every file is known, each target once however
/// many pages link to it, so the work and the memory grow with the site's targets, not its links.
/// Only a broken link is read again as text, to name it.
public enum SiteCheck {
    /// How many failures of one check on one page are reported before "and N more".
    static let perPageLimit = 20

    /// A link to another file, and an id in it when it names one.
    struct Link: Sendable {
        var file: UInt64
        var fragment: UInt64?
        /// Where on its page (its URL is read again from there only if it is broken).
        var offset: Int
    }

    /// What one file showed: failures found on it alone (with their place), the keys of its ids,
    /// and its links to other files (one for each target).
    package struct FileScan: Sendable {
        var path: String
        var ids: [UInt64] = []
        var links: [Link] = []
        var failures: [PublishFailure] = []
    }

    /// Scans one file as rendered: a page's ids, links and anything executable; any file's name.
    package static func scan(_ file: OutputFile, baseURL: String?) -> FileScan {
        var result = FileScan(path: file.path)
        if let bad = SafetyCheck.file(file.path) { result.failures.append(bad) }
        if SiteLayout.isPage(file.path) { scan(page: file.path, bytes: file.bytes, baseURL: baseURL, into: &result) }
        return result
    }

    private static func scan(page: String, bytes: [UInt8], baseURL: String?, into result: inout FileScan) {
        let scanner = HTMLScanner(bytes: bytes)
        var lines: LineTable?
        let resolver = LinkTarget.Resolver(page: page, baseURL: baseURL)
        let pageFile = LinkKey.file(page)
        var pageID = FNV64()
        pageID.add(page)
        pageID.add(UInt8(ascii: "#"))
        var ids = Set<UInt64>(minimumCapacity: bytes.count / 2048)
        var samePage: [(key: UInt64, offset: Int)] = []
        // Room for what a page of this size holds, so that the set does not grow step by step.
        var seen = Set<UInt64>(minimumCapacity: bytes.count / 1024)
        var counts: [PublishCheck: Int] = [:]
        func fail(_ check: PublishCheck, _ message: String, at offset: Int) {
            counts[check, default: 0] += 1
            guard counts[check]! <= perPageLimit else { return }
            if lines == nil { lines = LineTable(bytes) }
            let place = lines!.location(of: offset)
            result.failures.append(PublishFailure(check: check, page: page, line: place.line, column: place.column, message: message))
        }
        func id(_ a: HTMLScanner.Attribute) {
            var key = pageID
            if a.raw.contains(UInt8(ascii: "&")) {
                key.add(a.value)
            } else {
                for byte in a.raw { key.add(byte) }
            }
            ids.insert(LinkKey.fragment(key))
        }
        scanner.scan { element, offset in
            if let bad = SafetyCheck.element(element) { fail(bad.check, bad.message, at: offset) }
        } attribute: { a in
            if let bad = SafetyCheck.attribute(a) { fail(bad.check, bad.message, at: a.offset) }
            switch a.kind {
            case .id: id(a); return
            case .name: if a.element == "a" { id(a) }; return
            case .url: break
            case .srcset, .style, .eventHandler, .srcdoc, .css: return
            }
            var keys = a.raw.contains(UInt8(ascii: "&")) ? nil : resolver.plainKeys(a.raw)
            if keys == nil {
                let url = a.value
                switch resolver.resolve(url) {
                case .external: return
                case let .invalid(why):
                    guard seen.insert(LinkKey.file(url)).inserted else { return }
                    fail(.brokenLink, "broken link \"\(url)\" (\(why))", at: a.offset)
                    return
                case let .samePage(fragment):
                    if !fragment.isEmpty { keys = (pageFile, LinkKey.fragment(page, fragment)) }
                case let .file(path, fragment):
                    let checked = fragment.flatMap { !$0.isEmpty && SiteLayout.isPage(path) ? $0 : nil }
                    keys = (LinkKey.file(path), checked.map { LinkKey.fragment(path, $0) })
                }
            }
            guard let (file, fragment) = keys, seen.insert(fragment ?? file).inserted else { return }
            if file == pageFile {
                if let fragment { samePage.append((fragment, a.offset)) }
            } else {
                result.links.append(Link(file: file, fragment: fragment, offset: a.offset))
            }
        }
        let missing = samePage.filter { !ids.contains($0.key) }
        let urls = missing.isEmpty ? [:] : Self.urls(in: bytes)
        for link in missing {
            let (url, fragment) = Self.link(at: link.offset, in: urls, on: page, baseURL: baseURL)
            fail(.missingFragment, "broken link \"\(url)\" (this page has no id \"\(fragment)\")", at: link.offset)
        }
        for (check, count) in counts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where count > perPageLimit {
            result.failures.append(PublishFailure(check: check, page: page,
                                                  message: "and \(count - perPageLimit) more \(check.rawValue) failures on this page"))
        }
        result.ids = Array(ids)
    }

    /// The ids a page declares, as text (the fuzzer's site gives every page the same).
    package static func ids(of bytes: [UInt8]) -> Set<String> {
        var ids: Set<String> = []
        HTMLScanner(bytes: bytes).scan { _, _ in } attribute: { a in
            if a.kind == .id || (a.kind == .name && a.element == "a") { ids.insert(a.value) }
        }
        return ids
    }

    /// A page's URLs by their offset, read once to name its broken links.
    static func urls(in bytes: [UInt8]) -> [Int: String] {
        var urls: [Int: String] = [:]
        HTMLScanner(bytes: bytes).scan { _, _ in } attribute: { a in
            if a.kind == .url { urls[a.offset] = a.value }
        }
        return urls
    }

    /// The URL at `offset` (from `urls`) and the fragment it names (to name a broken link).
    static func link(at offset: Int, in urls: [Int: String], on page: String, baseURL: String?) -> (url: String, fragment: String) {
        let url = urls[offset] ?? "?"
        switch LinkTarget.resolve(url, from: page, baseURL: baseURL) {
        case let .samePage(fragment): return (url, fragment)
        case let .file(_, fragment): return (url, fragment ?? "")
        case .external, .invalid: return (url, "")
        }
    }

    /// The scans of a whole site, gathered as its files are written; `failures` settles the links
    /// between files once all are in. Each target is kept once, with where it was first used
    /// (the least page, then offset) and by how many pages.
    package struct Ledger {
        private struct Use {
            var file: UInt64
            var hasFragment: Bool
            var page: Int
            var offset: Int
            var pages: Int
        }

        private var pages: [String] = []
        private var files: Set<UInt64> = []
        private var ids: Set<UInt64> = []
        private var uses: [UInt64: Use] = [:]
        private var failures: [PublishFailure] = []

        package init() {}

        package mutating func add(_ scan: FileScan) {
            let page = pages.count
            pages.append(scan.path)
            files.insert(LinkKey.file(scan.path))
            ids.formUnion(scan.ids)
            failures += scan.failures
            for link in scan.links {
                let key = link.fragment ?? link.file
                if let use = uses[key] {
                    let earlier = (scan.path, link.offset) < (pages[use.page], use.offset)
                    uses[key] = Use(file: use.file, hasFragment: use.hasFragment, page: earlier ? page : use.page,
                                    offset: earlier ? link.offset : use.offset, pages: use.pages + 1)
                } else {
                    uses[key] = Use(file: link.file, hasFragment: link.fragment != nil, page: page, offset: link.offset, pages: 1)
                }
            }
        }

        /// Every failure in page order (each page's by line, its "and N more" lines last). `bytes`
        /// gives a page's bytes back, to name a broken link to another file and its place (read
        /// with the site's `baseURL`).
        package func failures(baseURL: String?, bytes: (String) -> [UInt8]?) -> [PublishFailure] {
            var broken: [Int: [(offset: Int, pages: Int, missingFile: Bool)]] = [:]
            for (key, use) in uses {
                if !files.contains(use.file) {
                    broken[use.page, default: []].append((use.offset, use.pages, true))
                } else if use.hasFragment, !ids.contains(key) {
                    broken[use.page, default: []].append((use.offset, use.pages, false))
                }
            }
            var all = failures
            for (index, links) in broken {
                let page = pages[index]
                let text = bytes(page) ?? []
                let lines = LineTable(text)
                let urls = SiteCheck.urls(in: text)
                var counts: [PublishCheck: Int] = [:]
                for link in links.sorted(by: { $0.offset < $1.offset }) {
                    let check: PublishCheck = link.missingFile ? .brokenLink : .missingFragment
                    counts[check, default: 0] += 1
                    guard counts[check]! <= perPageLimit else { continue }
                    let (url, fragment) = SiteCheck.link(at: link.offset, in: urls, on: page, baseURL: baseURL)
                    var why = "no such file"
                    if !link.missingFile, case let .file(path, _) = LinkTarget.resolve(url, from: page, baseURL: baseURL) {
                        why = "\(path) has no id \"\(fragment)\""
                    }
                    let others = link.pages > 1 ? "; \(link.pages - 1) more \(link.pages == 2 ? "page links" : "pages link") to it" : ""
                    let place = text.isEmpty ? nil : lines.location(of: link.offset)
                    all.append(PublishFailure(check: check, page: page, line: place?.line, column: place?.column,
                                              message: "broken link \"\(url)\" (\(why)\(others))"))
                }
                for (check, count) in counts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where count > perPageLimit {
                    all.append(PublishFailure(check: check, page: page,
                                              message: "and \(count - perPageLimit) more \(check.rawValue) failures on this page"))
                }
            }
            // In the order of the pages, each page's by place; the "and N more" lines last.
            return all.sorted { a, b in
                if a.page != b.page { return a.page < b.page }
                return (a.line ?? .max, a.column ?? .max, a.message) < (b.line ?? .max, b.column ?? .max, b.message)
            }
        }
    }

    /// What the checks find in `bytes` as the page `page` of a site whose other files are `site`
    /// (each page declaring the ids this one declares): the same scan and ledger as a publish, on
    /// bytes in memory, for the fuzz target.
    package static func check(_ bytes: [UInt8], page: String, site: [String], baseURL: String?) -> [PublishFailure] {
        var ledger = Ledger()
        ledger.add(scan(OutputFile(path: page, bytes: bytes), baseURL: baseURL))
        let declared = ids(of: bytes)
        for other in site where other != page {
            ledger.add(FileScan(path: other, ids: SiteLayout.isPage(other) ? declared.map { LinkKey.fragment(other, $0) } : []))
        }
        return ledger.failures(baseURL: baseURL) { $0 == page ? bytes : nil }
    }

    /// Checks a site already on disk (the staged folder of an earlier version, a test's output):
    /// the same scan and ledger, reading every file back.
    package static func run(folder: URL, baseURL: String?) async throws -> [PublishFailure] {
        let all = files(in: folder)
        let scans = try await Parallel.map(all, chunkSize: 4) { path in
            let url = folder.appendingPathComponent(path)
            guard SiteLayout.isPage(path) else { return scan(OutputFile(path: path, bytes: []), baseURL: baseURL) }
            do {
                return scan(OutputFile(path: path, bytes: [UInt8](try Data(contentsOf: url))), baseURL: baseURL)
            } catch {
                throw CasefileError.unreadable(url.path, reason: error.localizedDescription)
            }
        }
        var ledger = Ledger()
        for scan in scans { ledger.add(scan) }
        return ledger.failures(baseURL: baseURL) { page in (try? Data(contentsOf: folder.appendingPathComponent(page))).map { [UInt8]($0) } }
    }

    /// Every regular file (and symbolic link) below `folder`, hidden ones included, as sorted
    /// relative paths.
    package static func files(in folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            if (enumerator.fileAttributes?[.type] as? FileAttributeType) != .typeDirectory { files.append(path) }
        }
        return files.sorted()
    }
}
