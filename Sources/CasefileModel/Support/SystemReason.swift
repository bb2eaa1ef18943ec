import Foundation

extension FileBytes {
    /// Why a file operation of Foundation's failed, in the system's words ("No space left on
    /// device", "Read-only file system", as `strerror` says them and as `FileBytes`' own errors
    /// read), where the error carries the system's code; Foundation's own sentence otherwise.
    package static func reason(of error: any Error) -> String {
        if let posix = error as? POSIXError { return reason(posix.code.rawValue) }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return reason(Int32(nsError.code)) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return reason(Int32(underlying.code))
        }
        return error.localizedDescription
    }
}
