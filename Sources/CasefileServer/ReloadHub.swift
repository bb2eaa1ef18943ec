/// The open live-reload connections: each gets a stream of reload events, all of them end when
/// the server shuts down.
public actor ReloadHub {
    private var subscribers: [Int: AsyncStream<Int>.Continuation] = [:]
    private var nextID = 0
    private var finished = false
    /// How many reloads were sent.
    public private(set) var generation = 0

    public init() {}

    /// A stream of reload generations, ending at shutdown; nil when `limit` streams are open
    /// already. A stream leaves the hub when its consumer stops iterating it.
    public func subscribe(limit: Int = .max) -> AsyncStream<Int>? {
        guard subscribers.count < limit else { return nil }
        let (stream, continuation) = AsyncStream<Int>.makeStream(bufferingPolicy: .bufferingNewest(1))
        if finished {
            continuation.finish()
            return stream
        }
        let id = nextID
        nextID += 1
        subscribers[id] = continuation
        continuation.onTermination = { _ in Task { await self.remove(id) } }
        return stream
    }

    public var count: Int { subscribers.count }

    private func remove(_ id: Int) { subscribers[id] = nil }

    /// Tells every open page to reload.
    public func reload() {
        generation += 1
        for continuation in subscribers.values { continuation.yield(generation) }
    }

    /// Ends every stream (at shutdown, so that the server can close its connections).
    public func finish() {
        finished = true
        for continuation in subscribers.values { continuation.finish() }
        subscribers = [:]
    }
}
