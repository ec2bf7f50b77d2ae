import Foundation

/// One calendar collection on a CalDAV server that can hold events (VEVENT).
public struct RemoteCalendar: Equatable, Sendable {
    /// The collection's absolute URL (always ends with "/").
    public var url: URL
    /// `DAV:displayname`, or the last path segment when the server has none.
    public var displayName: String
    /// Apple's `calendar-color` as the server sent it ("#RRGGBB" or "#RRGGBBAA"), if any.
    public var color: String?
    /// `DAV:sync-token` (RFC 6578); nil when the server does not offer incremental sync.
    public var syncToken: String?
    /// CalendarServer's `getctag`: changes whenever anything in the collection changes.
    public var ctag: String?

    public init(url: URL, displayName: String, color: String? = nil, syncToken: String? = nil, ctag: String? = nil) {
        self.url = url
        self.displayName = displayName
        self.color = color
        self.syncToken = syncToken
        self.ctag = ctag
    }
}
