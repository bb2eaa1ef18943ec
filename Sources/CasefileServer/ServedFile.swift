import Foundation
import CasefileModel
import Hummingbird
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which version of a file a descriptor reads: a rebuild replaces a file by renaming a new one
/// over it, which is a new inode; an edit in place changes its size or date.
struct FileVersion: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int
    var seconds: Int
    var nanoseconds: Int
}

/// One file of the site as one request sees it. The file is opened once, and its size, date and
/// bytes are all taken from that open descriptor, so they belong to one version of the file even
/// when a rebuild replaces it meanwhile (the descriptor keeps reading the version it opened).
/// An HTML page is read and decorated when its attributes are asked for, and exactly those bytes
/// are sent; any other file is streamed from the descriptor in chunks, so a large download holds
/// little memory.
actor ServedFile {
    let path: String
    private var opened: Opened?

    enum Content {
        case folder
        case page([UInt8])
        case file(FileHandle)
    }

    struct Opened {
        var attributes: SiteFiles.FileAttributes
        var content: Content
    }

    /// Sent in one write at most.
    static let chunkSize = 64 << 10

    init(path: String) {
        self.path = path
    }

    static func isHTML(_ path: String) -> Bool { SiteLayout.isPage(path) }

    /// The file's attributes — nil when it does not exist or is neither a file nor a folder.
    func attributes(_ state: PreviewState) async throws -> SiteFiles.FileAttributes? {
        if let opened { return opened.attributes }
        // Only a regular file is opened (opening a FIFO would wait for a writer).
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        if status.st_mode & S_IFMT == S_IFDIR {
            return remember(SiteFiles.FileAttributes(isFolder: true, size: 0, modificationDate: Self.date(status)), .folder)
        }
        guard status.st_mode & S_IFMT == S_IFREG, let handle = FileHandle(forReadingAtPath: path) else { return nil }
        // What was opened may be a newer version than what was looked at: from now on, only the
        // open descriptor counts.
        guard fstat(handle.fileDescriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let date = Self.date(status)
        let (seconds, nanoseconds) = Self.modified(status)
        let size = Int(status.st_size)
        guard Self.isHTML(path) else {
            return remember(SiteFiles.FileAttributes(isFolder: false, size: size, modificationDate: date), .file(handle))
        }
        defer { try? handle.close() }
        let version = FileVersion(device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: size, seconds: seconds,
                                  nanoseconds: nanoseconds)
        let (cached, decoration, decoratedAt) = await state.page(path, version: version)
        let page: [UInt8]
        if let cached {
            page = cached
        } else {
            let html = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
            page = Array(decoration.decorate(html).utf8)
            await state.store(page, path: path, version: version, decoratedAt: decoratedAt)
        }
        return remember(SiteFiles.FileAttributes(isFolder: false, size: page.count, modificationDate: max(date, decoratedAt)),
                        .page(page))
    }

    static func modified(_ status: stat) -> (seconds: Int, nanoseconds: Int) {
        #if canImport(Glibc)
        (Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
        #else
        (Int(status.st_mtimespec.tv_sec), Int(status.st_mtimespec.tv_nsec))
        #endif
    }

    static func date(_ status: stat) -> Date {
        let (seconds, nanoseconds) = modified(status)
        return Date(timeIntervalSince1970: Double(seconds) + Double(nanoseconds) / 1e9)
    }

    private func remember(_ attributes: SiteFiles.FileAttributes, _ content: Content) -> SiteFiles.FileAttributes {
        opened = Opened(attributes: attributes, content: content)
        return attributes
    }

    /// The bytes of `range` (all of them when nil), of the version whose attributes were given.
    func body(_ state: PreviewState, range: ClosedRange<Int>? = nil) async throws -> ResponseBody {
        guard try await attributes(state) != nil, let opened, opened.attributes.size > 0 else { return ResponseBody() }
        let size = opened.attributes.size
        let lower = max(0, range?.lowerBound ?? 0), upper = min(range?.upperBound ?? size - 1, size - 1)
        guard lower <= upper else { return ResponseBody() }
        switch opened.content {
        case .folder:
            return ResponseBody()
        case .page(let bytes):
            return ResponseBody(byteBuffer: ByteBuffer(bytes: bytes[lower...upper]))
        case .file(let handle):
            return Self.stream(handle, path: path, from: lower, count: upper - lower + 1)
        }
    }

    /// The decorated page, when this is an HTML page.
    func page(_ state: PreviewState) async throws -> [UInt8]? {
        guard try await attributes(state) != nil, case .page(let bytes) = opened?.content else { return nil }
        return bytes
    }

    /// `count` bytes from `offset` of the open file, in chunks; it ends with an error (and the
    /// connection is closed) rather than send fewer bytes than announced.
    static func stream(_ handle: FileHandle, path: String, from offset: Int, count: Int) -> ResponseBody {
        ResponseBody(contentLength: count) { writer in
            defer { try? handle.close() }
            try handle.seek(toOffset: UInt64(offset))
            var left = count
            while left > 0 {
                guard let chunk = try handle.read(upToCount: min(left, chunkSize)), !chunk.isEmpty else {
                    throw ShortFile(path: path, missing: left)
                }
                try await writer.write(ByteBuffer(bytes: chunk))
                left -= chunk.count
            }
            try await writer.finish(nil)
        }
    }

    struct ShortFile: Error {
        var path: String
        var missing: Int
    }
}
