/// Why Casefile could not run at all (exit status 2): as opposed to a case with errors, which is
/// reported through diagnostics. One shape for callers; the reasons are private.
public struct CasefileError: Error, Sendable, CustomStringConvertible {
    private enum Reason: Sendable {
        case unreadable(String, String)
        case notAFolder(String)
        case template(String, String)
        case unwritable(String, String)
        case twoFiles(String, String)
        case refused(String, String)
    }

    private let reason: Reason

    static func unreadable(_ path: String, reason: String) -> CasefileError { .init(reason: .unreadable(path, reason)) }
    static func notAFolder(_ path: String) -> CasefileError { .init(reason: .notAFolder(path)) }
    /// `place` is `path:line:col` where the template stops parsing.
    static func template(_ place: String, message: String) -> CasefileError { .init(reason: .template(place, message)) }
    static func unwritable(_ path: String, reason: String) -> CasefileError { .init(reason: .unwritable(path, reason)) }
    static func twoFiles(_ a: String, _ b: String) -> CasefileError { .init(reason: .twoFiles(a, b)) }
    /// A folder or file Casefile will not touch, and what to do instead.
    static func refused(_ path: String, reason: String) -> CasefileError { .init(reason: .refused(path, reason)) }

    public var description: String {
        switch reason {
        case let .unreadable(path, why): "cannot read \(path): \(why)"
        case let .notAFolder(path): "\(path) is not a case folder (no site.yaml there); pass --content DIR"
        case let .template(place, message): "\(place): error: template does not parse: \(message)"
        case let .unwritable(path, why): "cannot write \(path): \(why)"
        case let .twoFiles(a, b): "\(a) and \(b) both hold the same collection; keep one of them"
        case let .refused(path, why): "refusing to touch \(path): \(why)"
        }
    }
}
