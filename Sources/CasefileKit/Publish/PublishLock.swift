import Foundation
import CasefileModel
#if canImport(Glibc)
import Glibc
#endif

/// One publish at a time into a folder: a lock file beside the output (`.public.publish-lock`),
/// held with `flock` from before the staging folder is made until the previous site is cleared.
/// A second publish refuses at once (exit 2) and names the folder and the publish that holds it.
/// The kernel drops the lock when its process ends, however it ends, so a publish that was
/// killed never blocks the next one; the file itself goes when the publish that holds it ends.
struct PublishLock {
    let path: String
    private let descriptor: Int32

    static func name(for target: PublishedFolder) -> String { ".\(target.url.lastPathComponent).publish-lock" }

    /// Takes the lock for `target`, or throws: refused when another publish holds it, unwritable
    /// when the file cannot be made (a read-only or full parent folder).
    static func acquire(for target: PublishedFolder) throws -> PublishLock {
        let name = name(for: target)
        let path = target.parent.appendingPathComponent(name).path
        let parentDisplay = (target.displayPath as NSString).deletingLastPathComponent
        let display = (parentDisplay.isEmpty ? "" : parentDisplay + "/") + name
        // Another publish may remove the file between our open and our flock: then the lock we got
        // is on a file nobody else will see, so try again with the one now at the path.
        try? FileManager.default.createDirectory(at: target.parent, withIntermediateDirectories: true)
        for _ in 0..<8 {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                // The folder it sits in cannot be written: neither can the staging folder beside it.
                throw CasefileError.unwritable(errno == EROFS || errno == EACCES || errno == ENOSPC ? target.displayPath : display,
                                               reason: String(cString: strerror(errno)))
            }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                let failure = errno
                close(fd)
                guard failure == EWOULDBLOCK else {
                    throw CasefileError.unwritable(display, reason: String(cString: strerror(failure)))
                }
                let holder = (try? String(contentsOfFile: path, encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                let who = holder.flatMap(Int32.init).map { "another casefile publish (pid \($0))" } ?? "another casefile publish"
                throw CasefileError.refused(target.displayPath, reason: "\(who) is publishing into it; "
                    + "run publish again when it has finished")
            }
            var held = stat(), current = stat()
            if fstat(fd, &held) == 0, stat(path, &current) == 0, held.st_ino == current.st_ino, held.st_dev == current.st_dev {
                let pid = Data("\(ProcessInfo.processInfo.processIdentifier)\n".utf8)
                _ = ftruncate(fd, 0)
                // On a full disk the pid may not fit: the lock holds without it.
                try? FileHandle(fileDescriptor: fd, closeOnDealloc: false).write(contentsOf: pid)
                return PublishLock(path: path, descriptor: fd)
            }
            close(fd)
        }
        throw CasefileError.unwritable(display, reason: "the lock file keeps being replaced by another process")
    }

    /// Removes the file, then lets go: a publish waiting to open it finds a new one.
    func release() {
        unlink(path)
        close(descriptor)
    }

    /// For a signal handler: removes the lock file of `target` if this process holds it (the
    /// kernel drops the lock itself when the process exits).
    static func removeIfOwn(for target: PublishedFolder) {
        let path = target.parent.appendingPathComponent(name(for: target)).path
        let holder = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        if holder == String(ProcessInfo.processInfo.processIdentifier) { unlink(path) }
    }
}
