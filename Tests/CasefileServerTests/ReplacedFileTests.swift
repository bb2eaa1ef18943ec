import CasefileServer
import Foundation
import NIOCore
import Testing

/// Files replaced while they are being served — as a rebuild replaces them, by writing a new file
/// and renaming it over the old one (MirrorWriter) — reach each client whole: the old version or
/// the new one, with the Content-Length, Content-Range and ETag of that same version.
@Suite struct ReplacedFileTests {
    static let downloaders = 3
    static let downloadsEach = 30

    /// Downloads `target` again and again (every other time a range of it) while `versions` take
    /// turns replacing `file`; returns the downloads and how many replacements were made.
    static func race(_ session: PreviewSession, file: URL, target: String, versions: [Data],
                     range: ClosedRange<Int>? = nil) async throws -> (downloads: [RawHTTP.Download], replacements: Int) {
        try versions[0].write(to: file)
        return try await withLiveServer(session) { port in
            try await withThrowingTaskGroup(of: ([RawHTTP.Download], Int).self) { group in
                group.addTask {
                    var replacements = 0
                    while !Task.isCancelled {
                        replacements += 1
                        try versions[replacements % versions.count].write(to: file, options: .atomic)
                        await Task.yield()
                    }
                    return ([], replacements)
                }
                for _ in 0..<Self.downloaders {
                    group.addTask {
                        var downloads: [RawHTTP.Download] = []
                        for i in 0..<Self.downloadsEach {
                            let headers = range.map { ["Range": "bytes=\($0.lowerBound)-\($0.upperBound)"] } ?? [:]
                            downloads.append(try await RawHTTP.download(port, target, headers: i % 2 == 1 ? headers : [:]))
                        }
                        return (downloads, 0)
                    }
                }
                var downloads: [RawHTTP.Download] = [], replacements = 0
                for try await (some, count) in group {
                    downloads += some
                    replacements += count
                    if downloads.count == Self.downloaders * Self.downloadsEach { group.cancelAll() }
                }
                return (downloads, replacements)
            }
        }
    }

    @Test func aLargeFileReplacedWhileDownloadedArrivesWholeOldOrNew() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let session = try await workspace.session()
        defer { session.removeFolder() }
        // Two versions of different sizes, each one byte repeated.
        let versions = [Data(repeating: UInt8(ascii: "A"), count: 3 << 20), Data(repeating: UInt8(ascii: "B"), count: 2 << 20)]
        let wholes = versions.map { ByteBuffer(bytes: $0) }
        let range = 1_000_000...1_099_999
        let (downloads, replacements) = try await Self.race(session, file: session.site.appendingPathComponent("evidence.bin"),
                                                            target: "/evidence.bin", versions: versions, range: range)
        #expect(replacements > 20, "the file was replaced \(replacements) times")
        var whole = 0, partial = 0
        for download in downloads {
            #expect(download.header("Content-Length") == "\(download.body.readableBytes)",
                    "Content-Length \(download.header("Content-Length") ?? "none") for \(download.body.readableBytes) bytes")
            switch download.status {
            case 200:
                whole += 1
                #expect(wholes.contains(download.body), "a body of \(download.body.readableBytes) bytes is neither version")
            case 206:
                partial += 1
                let total = download.header("Content-Range")?.split(separator: "/").last.flatMap { Int($0) }
                let version = try #require(versions.firstIndex { $0.count == total }, "Content-Range \(download.head)")
                #expect(download.body == ByteBuffer(bytes: versions[version][range]), "the range is not from the version it names")
            default:
                Issue.record("status \(download.status)")
            }
        }
        #expect(whole == Self.downloaders * Self.downloadsEach / 2 && partial == whole)
        print("evidence.bin replaced \(replacements) times during \(downloads.count) downloads (\(partial) of a range)")
    }

    @Test func aPageReplacedWhileServedIsOneVersionDecorated() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let session = try await workspace.session()
        defer { session.removeFolder() }
        let file = session.site.appendingPathComponent("fruits/index.html")
        let page = try String(contentsOf: file, encoding: .utf8)
        // Two versions of the page: one a few hundred kilobytes longer than the other.
        let versions = [("OLD", 40_000), ("NEW", 30_000)].map { marker, rows in
            Data(page.replacingOccurrences(of: "</body>", with: String(repeating: "<p>\(marker)</p>\n", count: rows) + "</body>").utf8)
        }
        // What the server sends for each, when nothing is replacing it.
        var sent: [ByteBuffer] = []
        for version in versions {
            try version.write(to: file, options: .atomic)
            sent.append(try await withLiveServer(session) { port in try await RawHTTP.download(port, "/fruits/index.html").body })
        }
        #expect(sent[0] != sent[1] && String(buffer: sent[0]).contains("_casefile/events"))
        let (downloads, replacements) = try await Self.race(session, file: file, target: "/fruits/index.html", versions: versions)
        #expect(replacements > 20, "the page was replaced \(replacements) times")
        var etags: [ByteBuffer: Set<String>] = [:]
        for download in downloads {
            #expect(download.status == 200)
            #expect(download.header("Content-Length") == "\(download.body.readableBytes)")
            #expect(sent.contains(download.body), "a page of \(download.body.readableBytes) bytes is neither version decorated")
            etags[download.body, default: []].insert(download.header("ETag") ?? "")
        }
        print("fruits/index.html replaced \(replacements) times during \(downloads.count) downloads")
        // One ETag never stands for both versions.
        if etags.count == 2 { #expect(etags[sent[0]]!.isDisjoint(with: etags[sent[1]]!)) }
    }
}
