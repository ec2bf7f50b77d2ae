import Foundation

/// A plan that changed on the server and here since the last sync (or was deleted on one
/// side and changed on the other). Nothing is overwritten until the user chooses.
public struct SyncConflict: Codable, Equatable, Sendable, Identifiable {
    public enum Kind: String, Codable, Sendable {
        /// Both sides changed it.
        case bothChanged
        /// Deleted on the server while changed here: offered back, not dropped.
        case deletedOnServer
        /// Changed on the server while deleted here.
        case deletedHere
    }

    /// How the user settles it.
    public enum Choice: Sendable {
        /// The local version goes to the server (or the local delete does).
        case mine
        /// The server's version replaces the local one (or the server's delete does).
        case theirs
        /// Both stay: the local version becomes a new plan beside the server's.
        case both
    }

    public var uid: String
    public var kind: Kind
    /// Where the server keeps it (the last known place when it was deleted there).
    public var href: String
    /// The server's version and its ETag; nil when the server deleted it.
    public var serverText: String?
    public var serverETag: String?
    /// The plan's title, for saying which plan it is.
    public var title: String

    public var id: String { uid }
}
