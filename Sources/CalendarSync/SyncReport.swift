/// What one sync did, for the indicator and `koyomi sync`.
public struct SyncReport: Equatable, Sendable, CustomStringConvertible {
    /// Plans taken from the server into the local file (new or changed there).
    public var received = 0
    /// Plans removed locally because the server deleted them.
    public var removedHere = 0
    /// Plans uploaded (new or changed here) and deleted on the server.
    public var sent = 0
    public var removedThere = 0
    /// Plans waiting for the user's choice after this sync.
    public var conflicts: [SyncConflict] = []
    /// Whether the server's sync token was refused and every ETag was compared instead.
    public var usedFullListing = false

    public init() {}

    public var description: String {
        var parts = ["\(received) received", "\(sent) sent"]
        if removedHere > 0 { parts.append("\(removedHere) removed here") }
        if removedThere > 0 { parts.append("\(removedThere) removed on the server") }
        if !conflicts.isEmpty { parts.append("\(conflicts.count) to decide") }
        return parts.joined(separator: ", ")
    }
}
