import Foundation

/// A server calendar the user chose to show, and the local calendar file that mirrors it.
public struct AccountCalendar: Codable, Hashable, Sendable {
    /// The calendar collection on the server.
    public var remoteURL: URL
    /// The file name of its local copy in `koyomi/calendars/` (e.g. `work.ics`), not a path,
    /// so the data folder can move.
    public var localFile: String
    /// The server's display name for it (or the user's rename).
    public var displayName: String
    /// `#rrggbb`, as the server's calendar-color or the user's choice.
    public var color: String

    public init(remoteURL: URL, localFile: String, displayName: String, color: String) {
        self.remoteURL = remoteURL
        self.localFile = localFile
        self.displayName = displayName
        self.color = color
    }
}
