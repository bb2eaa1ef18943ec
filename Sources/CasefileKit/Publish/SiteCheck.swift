import Foundation
import CasefileModel

/// The checks of a staged site before it may replace the published one: every internal link and
/// `#fragment` resolves to a file and an id, and nothing executes (`SafetyCheck`). Pages are
/// scanned in parallel, once each; links to other pages' fragments are checked afterwards
/// against the ids every page declared, so the work is linear in the size of the site.
public struct SiteCheck: Sendable {
    public let folder: URL
    public let baseURL: String?
    /// How many failures of one check on one page are reported before "and N more".
    static let perPageLimit = 20

    public init(folder: URL, baseURL: String?) {
        self.folder = folder
        self.baseURL = baseURL
    }

    /// A link to another page's fragment, checked once every page's ids are known.
    struct PendingFragment: Sendable {
        var target: String
        var fragment: String
        var url: String
        var line: Int
        var column: Int
    }

    struct PageScan: Sendable {
        var path: String
        var ids: Set<String> = []
        var pending: [PendingFragment] = []
        var failures: [PublishFailure] = []
    }

    /// Every failure, in page order; empty when the site may be published.
    public func run() async throws -> [PublishFailure] {
        let all = Self.files(in: folder)
        let files = Set(all)
        var failures = all.compactMap(SafetyCheck.file)
        let pages = all.filter { $0.hasSuffix(".html") }
        let folder = self.folder, baseURL = self.baseURL
        let scans = try await Parallel.map(pages, chunkSize: 4) { page in
            try Self.scan(page, in: folder, files: files, baseURL: baseURL)
        }
        var ids: [String: Set<String>] = [:]
        for scan in scans { ids[scan.path] = scan.ids }
        for scan in scans {
            var found = scan.failures
            var reported = 0
            for link in scan.pending where ids[link.target]?.contains(link.fragment) != true {
                reported += 1
                guard reported <= Self.perPageLimit else { continue }
                found.append(PublishFailure(check: .missingFragment, page: scan.path, line: link.line, column: link.column,
                                               message: "broken link \"\(link.url)\" (\(link.target) has no id \"\(link.fragment)\")"))
            }
            if reported > Self.perPageLimit {
                found.append(PublishFailure(check: .missingFragment, page: scan.path,
                                            message: "and \(reported - Self.perPageLimit) more missing fragments on this page"))
            }
            // In the order of the page; the "and N more" lines last.
            failures += found.sorted { ($0.line ?? .max, $0.column ?? .max) < ($1.line ?? .max, $1.column ?? .max) }
        }
        return failures
    }

    static func scan(_ page: String, in folder: URL, files: Set<String>, baseURL: String?) throws -> PageScan {
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(page)))
        } catch {
            throw CasefileError.unreadable(folder.appendingPathComponent(page).path, reason: error.localizedDescription)
        }
        return scan(page, bytes: bytes, files: files, baseURL: baseURL)
    }

    /// Scans the bytes of `page`: its ids, its links (resolved against `files`) and anything executable.
    static func scan(_ page: String, bytes: [UInt8], files: Set<String>, baseURL: String?) -> PageScan {
        let scanner = HTMLScanner(bytes: bytes)
        let lines = LineTable(bytes)
        let resolver = LinkTarget.Resolver(page: page, baseURL: baseURL)
        var result = PageScan(path: page)
        var samePage: [(fragment: String, url: String, offset: Int)] = []
        var seen: Set<String> = []
        var counts: [PublishCheck: Int] = [:]
        func fail(_ check: PublishCheck, _ message: String, at offset: Int) {
            counts[check, default: 0] += 1
            guard counts[check]! <= perPageLimit else { return }
            let (line, column) = lines.location(of: offset)
            result.failures.append(PublishFailure(check: check, page: page, line: line, column: column, message: message))
        }
        scanner.scan { element, offset in
            if let bad = SafetyCheck.element(element) { fail(bad.check, bad.message, at: offset) }
        } attribute: { a in
            if let bad = SafetyCheck.attribute(a) { fail(bad.check, bad.message, at: a.offset) }
            if a.name == "id" || (a.name == "name" && a.element == "a") { result.ids.insert(a.value) }
            guard HTMLScanner.urlAttributes.contains(a.name), seen.insert(a.value).inserted else { return }
            switch resolver.resolve(a.value) {
            case .external: break
            case let .invalid(why): fail(.brokenLink, "broken link \"\(a.value)\" (\(why))", at: a.offset)
            case let .samePage(fragment):
                if !fragment.isEmpty { samePage.append((fragment, a.value, a.offset)) }
            case let .file(path, fragment):
                if !files.contains(path) {
                    fail(.brokenLink, "broken link \"\(a.value)\" (no such file)", at: a.offset)
                } else if let fragment, !fragment.isEmpty, path.hasSuffix(".html") {
                    if path == page {
                        samePage.append((fragment, a.value, a.offset))
                    } else {
                        let (line, column) = lines.location(of: a.offset)
                        result.pending.append(PendingFragment(target: path, fragment: fragment, url: a.value, line: line, column: column))
                    }
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
        return result
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
