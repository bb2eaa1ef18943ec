/// Why a command failed: the one error type every command throws (typed `throws`), so that its
/// exit status is settled by the compiler, not by whatever a library happened to throw. Exit 1:
/// the case has problems (reported through diagnostics; `caseProblems`). Exit 2: Casefile could
/// not run (a file it cannot read or write, a template that does not parse, a folder it refuses).
public struct CasefileError: Error, Sendable, CustomStringConvertible {
    private enum Reason: Sendable {
        case unreadable(String, String)
        case notAFolder(String)
        case template(String, String)
        case unwritable(String, String)
        case twoFiles(String, String)
        case refused(String, String)
        case caseProblems(String)
        case failed(String)
    }

    private let reason: Reason

    package static func unreadable(_ path: String, reason: String) -> CasefileError { .init(reason: .unreadable(path, reason)) }
    package static func notAFolder(_ path: String) -> CasefileError { .init(reason: .notAFolder(path)) }
    /// `place` is `path:line:col` where the template stops parsing.
    package static func template(_ place: String, message: String) -> CasefileError { .init(reason: .template(place, message)) }
    public static func unwritable(_ path: String, reason: String) -> CasefileError { .init(reason: .unwritable(path, reason)) }
    package static func twoFiles(_ a: String, _ b: String) -> CasefileError { .init(reason: .twoFiles(a, b)) }
    /// A folder or file Casefile will not touch, and what to do instead.
    package static func refused(_ path: String, reason: String) -> CasefileError { .init(reason: .refused(path, reason)) }

    /// The case has problems (errors, warnings under `--strict`, failed publish checks): exit 1.
    public static func caseProblems(_ summary: String) -> CasefileError { .init(reason: .caseProblems(summary)) }

    /// A failure already put in words (a preview build that could not run): exit 2.
    public static func failed(_ why: String) -> CasefileError { .init(reason: .failed(why)) }

    /// Any other error, where one escapes a library: it means Casefile could not run (exit 2).
    public static func from(_ error: any Error) -> CasefileError {
        if let error = error as? CasefileError { return error }
        if error is CancellationError { return .init(reason: .failed("interrupted")) }
        return .init(reason: .failed(String(describing: error)))
    }

    /// 1 when the case has problems, 2 when Casefile could not run.
    public var exitCode: Int32 {
        if case .caseProblems = reason { return 1 }
        return 2
    }

    public var description: String {
        switch reason {
        case let .unreadable(path, why): "cannot read \(path): \(why)"
        case let .notAFolder(path): "\(path) is not a case folder (no site.yaml there); pass --content DIR"
        case let .template(place, message): "\(place): error: template does not parse: \(message)"
        case let .unwritable(path, why): "cannot write \(path): \(why)"
        case let .twoFiles(a, b): "\(a) and \(b) both hold the same collection; keep one of them"
        case let .refused(path, why): "refusing to touch \(path): \(why)"
        case let .caseProblems(summary): summary
        case let .failed(why): why
        }
    }
}
