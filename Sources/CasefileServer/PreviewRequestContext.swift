import Hummingbird

/// What the preview server's routes get beside a request: Hummingbird's core context and, for a
/// write that passed the `WriteGuard`, its form.
public struct PreviewRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The form of a POST under `/_casefile/` that passed every check of the write guard, its
    /// secret included; nil for every other request. An editor route that writes reads its
    /// fields from here (see `requireEditForm()`), never from the body.
    public internal(set) var editForm: FormFields?

    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
    }

    /// The checked form; a route that writes calls this first. Throws (500) when the request did
    /// not come through the write guard, which only a route outside `/_casefile/` or one for
    /// another method can do: a mistake in the route, not in the request.
    public func requireEditForm() throws -> FormFields {
        guard let editForm else {
            throw HTTPError(.internalServerError, message: "This route writes, but its request did not pass the write guard.")
        }
        return editForm
    }
}
