/// The write guard of a server that is listening: the router is made before the server binds its
/// port (which `--port 0` picks then), so the guard is made when it does.
public actor BoundGuard {
    public nonisolated let access: EditAccess
    /// Nil until the server has bound its port.
    public private(set) var current: WriteGuard?

    /// `port`: for a router used without a socket (in-process tests), the port its requests name.
    public init(access: EditAccess, port: Int? = nil) {
        self.access = access
        current = port.map { WriteGuard(access: access, port: $0) }
    }

    /// Called once the server listens on `port`, at `address` (the address its socket is bound to).
    public func bound(port: Int, address: String?) {
        current = WriteGuard(access: access, port: port, boundAddress: address)
    }
}
