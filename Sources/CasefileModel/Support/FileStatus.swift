#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the file system says of a path: its kind and size, from one `lstat` (or `stat`) call.
/// The loader asks this for every one of tens of thousands of notes; Foundation's
/// `attributesOfItem` answers the same question with a dictionary and looks up the owner's and
/// group's names in the user database each time, which cost a large case more than reading its
/// notes did.
package struct FileStatus: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case regular, folder, symbolicLink, device, socket, other
    }

    package var kind: Kind
    package var size: Int

    package init(kind: Kind, size: Int) {
        self.kind = kind
        self.size = size
    }

    /// The path itself (a link is reported as a link); nil when nothing is there.
    package static func of(link path: String) -> FileStatus? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileStatus(info)
    }

    /// What the path leads to, links followed; nil for nothing or a broken link.
    package static func of(target path: String) -> FileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStatus(info)
    }

    private init(_ info: stat) {
        size = Int(info.st_size)
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .folder
        case S_IFLNK: kind = .symbolicLink
        case S_IFCHR, S_IFBLK: kind = .device
        case S_IFSOCK: kind = .socket
        default: kind = .other
        }
    }
}

/// Which version of a file a path holds: its inode and device, size and modification time. An
/// atomic save (a new file renamed over the old) is a new inode; a write in place a new size or
/// time.
package struct FileStamp: Sendable, Hashable {
    var device: UInt64
    var inode: UInt64
    var size: Int
    var seconds: Int
    var nanoseconds: Int

    /// The file at `path` (links followed); nil when nothing is there.
    package static func of(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return FileStamp(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size),
                         seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
    }
}
