#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit on open files (`ulimit -n`). Every connection to the server holds a
/// descriptor, and the usual soft limit (1024 on many Linux systems) is far below the hard one,
/// so `casefile serve` raises its soft limit as far as it needs, as servers commonly do; child
/// processes inherit it.
public enum DescriptorLimit {
    #if canImport(Glibc)
    private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let resource = RLIMIT_NOFILE
    #endif

    /// The soft limit in force; nil when it cannot be read.
    public static var current: Int? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return nil }
        // Unlimited (all ones) is beyond Int.
        return Int(exactly: limit.rlim_cur) ?? Int.max
    }

    /// Raises the soft limit to `wanted`, or to the hard limit when that is lower; never lowers
    /// it. Returns the soft limit in force afterwards.
    @discardableResult
    public static func raise(to wanted: Int) -> Int? {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return nil }
        let target = min(rlim_t(max(wanted, 0)), limit.rlim_max)
        if target > limit.rlim_cur {
            limit.rlim_cur = target
            _ = setrlimit(resource, &limit)
        }
        return current
    }
}
