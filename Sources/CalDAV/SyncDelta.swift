/// What changed in a collection since a sync token (RFC 6578 `sync-collection`).
public struct SyncDelta: Equatable, Sendable {
    /// Resources added or changed, with their current ETags (fetch them with `fetch`).
    public var changed: [RemoteETag]
    /// Hrefs of resources deleted on the server.
    public var removed: [String]
    /// The token to store and send next time (only after the changes were applied locally).
    public var newToken: String

    public init(changed: [RemoteETag], removed: [String], newToken: String) {
        self.changed = changed
        self.removed = removed
        self.newToken = newToken
    }
}
