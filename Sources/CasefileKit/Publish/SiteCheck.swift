import Foundation
import CasefileModel
import CasefileOutput

/// The checks of a site before it may be published: every internal link and `#fragment` resolves
/// to a file and an id, and nothing executes (`SafetyCheck`). Each file is scanned where it is
/// rendered, on the core that rendered it, from the bytes about to be written (`scan`): what a
/// page alone can show (code, a malformed link, a missing fragment of its own) is settled there.
/// Its links to other files wait in a `Ledger` until every file is known; the ledger keeps each
/// link target once however many pages link to it, so the work and the memory grow with the
/// site's targets, not with its links.
public enum SiteCheck {
    /// How many failures of one check on one page are reported before "and N more".
    static let perPageLimit = 20

    /// What one file showed: failures found on it alone (with their place), its ids, and its links
    /// to other files, by the file they lead to: for each, the fragment (empty for none) and the
    /// link's offset on this page (its URL is read again from there only if it is broken).
    struct FileScan: Sendable {
        var path: String
        var ids: Set<String> = []
        var links: [String: [(fragment: String, offset: Int)]] = [:]
        var failures: [PublishFailure] = []
    }

    /// Scans one file as rendered: a page's ids, links and anything executable; any file's name.
    static func scan(_ file: OutputFile, baseURL: String?) -> FileScan {
        var result = FileScan(path: file.path)
        if let bad = SafetyCheck.file(file.path) { result.failures.append(bad) }
        if file.path.hasSuffix(".html") { scan(page: file.path, bytes: file.bytes, baseURL: baseURL, into: &result) }
        return result
    }

    private static func scan(page: String, bytes: [UInt8], baseURL: String?, into result: inout FileScan) {
        let scanner = HTMLScanner(bytes: bytes)
        var lines: LineTable?
        let resolver = LinkTarget.Resolver(page: page, baseURL: baseURL)
        var samePage: [(fragment: String, url: String, offset: Int)] = []
        // Room for what a page of this size holds, so that the sets do not grow step by step.
        var seen = Set<String>(minimumCapacity: bytes.count / 1024)
        result.ids.reserveCapacity(bytes.count / 2048)
        var counts: [PublishCheck: Int] = [:]
        func fail(_ check: PublishCheck, _ message: String, at offset: Int) {
            counts[check, default: 0] += 1
            guard counts[check]! <= perPageLimit else { return }
            if lines == nil { lines = LineTable(bytes) }
            let (line, column) = lines!.location(of: offset)
            result.failures.append(PublishFailure(check: check, page: page, line: line, column: column, message: message))
        }
        scanner.scan { element, offset in
            if let bad = SafetyCheck.element(element) { fail(bad.check, bad.message, at: offset) }
        } attribute: { a in
            if let bad = SafetyCheck.attribute(a) { fail(bad.check, bad.message, at: a.offset) }
            switch a.kind {
            case .id: result.ids.insert(a.value); return
            case .name: if a.element == "a" { result.ids.insert(a.value) }; return
            case .url: break
            case .srcset, .style, .eventHandler: return
            }
            let url = a.value
            guard seen.insert(url).inserted else { return }
            switch resolver.resolve(url) {
            case .external: break
            case let .invalid(why): fail(.brokenLink, "broken link \"\(url)\" (\(why))", at: a.offset)
            case let .samePage(fragment):
                if !fragment.isEmpty { samePage.append((fragment, url, a.offset)) }
            case let .file(path, fragment):
                if path == page, let fragment, !fragment.isEmpty {
                    samePage.append((fragment, url, a.offset))
                } else {
                    let checked = fragment.map { path.hasSuffix(".html") ? $0 : "" } ?? ""
                    result.links[path, default: []].append((checked, a.offset))
                }
            }
        }
        for link in samePage where !result.ids.contains(link.fragment) {
            fail(.missingFragment, "broken link \"\(link.url)\" (this page has no id \"\(link.fragment)\")", at: link.offset)
        }
        for (check, count) in counts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where count > perPageLimit {
            result.failures.append(PublishFailure(check: check, page: page,
                                                  message: "and \(count - perPageLimit) more \(check.rawValue) failures on this page"))
        }
    }

    /// The scans of a whole site, gathered as its files are written; `failures` settles the links
    /// between files once all are in. Each target (a file, and an id in it) is kept once, with
    /// where it was first used (the least page, then offset) and by how many pages.
    struct Ledger {
        private struct Use {
            var page: Int
            var offset: Int
            var pages: Int
        }

        private var pages: [String] = []
        private var ids: [String: Set<String>] = [:]
        private var uses: [String: [String: Use]] = [:]
        private var failures: [PublishFailure] = []

        mutating func add(_ scan: FileScan) {
            let page = pages.count
            pages.append(scan.path)
            if !scan.ids.isEmpty { ids[scan.path] = scan.ids }
            failures += scan.failures
            for (path, links) in scan.links {
                var targets = uses.removeValue(forKey: path) ?? [:]
                for link in links {
                    if let use = targets[link.fragment] {
                        let earlier = (scan.path, link.offset) < (pages[use.page], use.offset)
                        targets[link.fragment] = Use(page: earlier ? page : use.page, offset: earlier ? link.offset : use.offset,
                                                     pages: use.pages + 1)
                    } else {
                        targets[link.fragment] = Use(page: page, offset: link.offset, pages: 1)
                    }
                }
                uses[path] = targets
            }
        }

        /// Every failure in page order (each page's by line, its "and N more" lines last). `bytes`
        /// gives a page's bytes back, to name a broken link to another file and its place.
        func failures(bytes: (String) -> [UInt8]?) -> [PublishFailure] {
            let files = Set(pages)
            var broken: [Int: [(offset: Int, pages: Int, why: String, check: PublishCheck)]] = [:]
            for (path, targets) in uses {
                let exists = files.contains(path)
                for (fragment, use) in targets {
                    if !exists {
                        broken[use.page, default: []].append((use.offset, use.pages, "no such file", .brokenLink))
                    } else if !fragment.isEmpty, ids[path]?.contains(fragment) != true {
                        broken[use.page, default: []].append((use.offset, use.pages, "\(path) has no id \"\(fragment)\"",
                                                              .missingFragment))
                    }
                }
            }
            var all = failures
            for (index, links) in broken {
                let page = pages[index]
                let text = bytes(page)
                let lines = text.map(LineTable.init)
                var urls: [Int: String] = [:]
                if let text {
                    HTMLScanner(bytes: text).scan { _, _ in } attribute: { a in
                        if a.kind == .url { urls[a.offset] = a.value }
                    }
                }
                var counts: [PublishCheck: Int] = [:]
                for link in links.sorted(by: { $0.offset < $1.offset }) {
                    counts[link.check, default: 0] += 1
                    guard counts[link.check]! <= perPageLimit else { continue }
                    let others = link.pages > 1 ? "; \(link.pages - 1) more \(link.pages == 2 ? "page links" : "pages link") to it" : ""
                    let place = lines?.location(of: link.offset)
                    all.append(PublishFailure(check: link.check, page: page, line: place?.line, column: place?.column,
                                              message: "broken link \"\(urls[link.offset] ?? "?")\" (\(link.why)\(others))"))
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

    /// Checks a site already on disk (the staged folder of an earlier version, a test's output):
    /// the same scan and ledger, reading every file back.
    static func run(folder: URL, baseURL: String?) async throws -> [PublishFailure] {
        let all = files(in: folder)
        let scans = try await Parallel.map(all, chunkSize: 4) { path in
            let url = folder.appendingPathComponent(path)
            guard path.hasSuffix(".html") else { return scan(OutputFile(path: path, bytes: []), baseURL: baseURL) }
            do {
                return scan(OutputFile(path: path, bytes: [UInt8](try Data(contentsOf: url))), baseURL: baseURL)
            } catch {
                throw CasefileError.unreadable(url.path, reason: error.localizedDescription)
            }
        }
        var ledger = Ledger()
        for scan in scans { ledger.add(scan) }
        return ledger.failures { page in (try? Data(contentsOf: folder.appendingPathComponent(page))).map { [UInt8]($0) } }
    }

    /// Every regular file (and symbolic link) below `folder`, hidden ones included, as sorted
    /// relative paths.
    static func files(in folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            if (enumerator.fileAttributes?[.type] as? FileAttributeType) != .typeDirectory { files.append(path) }
        }
        return files.sorted()
    }
}
