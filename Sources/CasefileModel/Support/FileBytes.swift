#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's bytes read and written with one system call each where Foundation's `Data` would
/// add a copy and several calls: the loader reads tens of thousands of notes and the writer
/// writes hundreds of pages.
package enum FileBytes {
    package struct Failure: Error, Sendable {
        package var reason: String
    }

    /// Reads a regular file's bytes, at most `limit + 1` of them (one more than allowed tells a
    /// file that grew since it was measured). `expected` is the size `FileStatus` gave, used only
    /// to size the first read. Throws the system's reason when the file cannot be opened or read.
    package static func read(_ path: String, expected: Int, limit: Int) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(reason: reason(errno)) }
        defer { close(descriptor) }
        let cap = limit + 1
        var bytes: [UInt8] = []
        // The first read asks for one byte more than the file measured: all of it comes at once,
        // and the next read, of nothing, confirms the end. A file that grew is read on in chunks.
        var chunk = [UInt8](repeating: 0, count: min(max(expected, 0) + 1, cap))
        while bytes.count < cap {
            let wanted = min(chunk.count, cap - bytes.count)
            let got = readSome(descriptor, into: &chunk, count: wanted)
            if got < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: reason(errno))
            }
            if got == 0 { break }
            if bytes.isEmpty {
                swap(&bytes, &chunk)
                bytes.removeSubrange(got...)
                chunk = [UInt8](repeating: 0, count: 4096)
            } else {
                bytes += chunk[..<got]
                if chunk.count < 1 << 20 { chunk = [UInt8](repeating: 0, count: chunk.count * 2) }
            }
        }
        return bytes
    }

    /// Writes `bytes` as the whole content of the file at `path`, creating it (with the
    /// permissions the umask leaves of 0666, as any file a program saves) or truncating it.
    package static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw Failure(reason: reason(errno)) }
        var pending = bytes
        while !pending.isEmpty {
            let wrote = writeSome(descriptor, from: pending, count: pending.count)
            if wrote < 0 {
                if errno == EINTR { continue }
                let failure = Failure(reason: reason(errno))
                close(descriptor)
                throw failure
            }
            // A regular file takes everything at once; what a full disk or a signal cut short
            // is written on from where it stopped.
            pending = wrote == pending.count ? [] : Array(pending[wrote...])
        }
        guard close(descriptor) == 0 else { throw Failure(reason: reason(errno)) }
    }

    package static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// One `read(2)` into the start of `buffer`.
private func readSome(_ descriptor: Int32, into buffer: inout [UInt8], count: Int) -> Int {
    read(descriptor, &buffer, count)
}

/// One `write(2)` from the start of `buffer`. The array is passed as it is, not `inout`: a
/// mutable access would copy a page's bytes first, as the renderer still holds them.
private func writeSome(_ descriptor: Int32, from buffer: [UInt8], count: Int) -> Int {
    write(descriptor, buffer, count)
}
