/// What one client may take of the preview server. A preview server is for the person editing
/// the case, but it listens on a port any local program can reach, so each resource a connection
/// can hold on to is bounded.
public struct ServerLimits: Sendable, Equatable {
    /// Live-reload streams (`/_casefile/events`) open at once; one more is answered 503 with
    /// Retry-After until one closes. Each open page holds one stream, and each stream one
    /// descriptor and a few kilobytes.
    public var reloadStreams: Int
    /// How long a connection may go without sending a whole request head: from when it opens,
    /// and again after each answer. A client trickling its head byte by byte is closed after it;
    /// a request being answered (a live-reload stream, a long download) is not.
    /// Also how long the body of a write to the editor may take to arrive.
    public var idleTimeout: Duration
    /// The most a form sent to the editor may hold.
    public var form: FormLimits

    public static let defaultReloadStreams = 1000
    public static let defaultIdleTimeout = Duration.seconds(30)

    /// Descriptors kept for everything but live-reload streams: the listening socket, the
    /// watcher, page requests and the files they read.
    public static let descriptorReserve = 256

    public init(reloadStreams: Int = defaultReloadStreams, idleTimeout: Duration = defaultIdleTimeout,
                form: FormLimits = FormLimits()) {
        self.reloadStreams = reloadStreams
        self.idleTimeout = idleTimeout
        self.form = form
    }

    /// These limits with no more reload streams than `descriptors` open files leave room for,
    /// after the reserve (and at least one).
    public func fitted(toDescriptors descriptors: Int?) -> ServerLimits {
        guard let descriptors else { return self }
        var limits = self
        limits.reloadStreams = max(1, min(reloadStreams, descriptors - Self.descriptorReserve))
        return limits
    }

    /// The open-file limit these limits want: a descriptor a stream, and the reserve.
    public var descriptorsWanted: Int { reloadStreams + Self.descriptorReserve }
}
