/// A downloaded calendar object resource: its iCalendar text and the ETag of that text.
public struct RemoteObject: Equatable, Sendable {
    public var href: String
    /// The ETag exactly as received, quotes included.
    public var etag: String
    /// The VCALENDAR text as the server stored it (untrusted input: parse under import limits).
    public var icsText: String

    public init(href: String, etag: String, icsText: String) {
        self.href = href
        self.etag = etag
        self.icsText = icsText
    }
}
