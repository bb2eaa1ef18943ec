import Foundation
import CasefileModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Saves a file so that it is at every moment either the old bytes or the new ones, whatever
/// happens during the save (a crash, a kill, a full disk): the new bytes go to a temporary file
/// in the same folder, are flushed to the disk, take the old file's permissions, and are renamed
/// over the old file in one step; then the folder is flushed so that the rename itself lasts.
public enum AtomicFile {
    /// Why a save failed: the path and the system's reason. The old file is as it was and no
    /// temporary file is left behind.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "could not save \(path): \(reason)" }
    }

    public static func write(_ bytes: [UInt8], to url: URL) throws(Failure) {
        let path = url.path
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/." + url.lastPathComponent + ".casefile-" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
        // The old file's permissions, or the umask's share of 0666 for a new file.
        var status = stat()
        let mode: mode_t? = stat(path, &status) == 0 ? status.st_mode & 0o7777 : nil
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure(path: path, reason: FileBytes.reason(errno)) }
        func fail(_ code: Int32) -> Failure {
            close(descriptor)
            unlink(temporary)
            return Failure(path: path, reason: FileBytes.reason(code))
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress.map { $0 + written }, bytes.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw fail(errno)
            }
            written += count
        }
        if let mode, fchmod(descriptor, mode) != 0 { throw fail(errno) }
        if mode == nil {
            let mask = umask(0)
            umask(mask)
            if fchmod(descriptor, 0o666 & ~mask) != 0 { throw fail(errno) }
        }
        guard fsync(descriptor) == 0 else { throw fail(errno) }
        guard close(descriptor) == 0 else {
            let code = errno
            unlink(temporary)
            throw Failure(path: path, reason: FileBytes.reason(code))
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw Failure(path: path, reason: FileBytes.reason(code))
        }
        // The rename is in place; flushing the folder makes it last a power cut. A folder that
        // cannot be opened for this (rare) does not undo the save.
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }
}
