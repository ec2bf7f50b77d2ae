/// A calendar object resource and its current ETag, as a listing or sync report names it.
public struct RemoteETag: Hashable, Sendable {
    /// The resource's path as the server names it ("/alice/work/a%20b.ics"), see `CalDAVClient`.
    public var href: String
    /// The ETag exactly as received, quotes included (`"6a1f…"`); pass it back unchanged.
    public var etag: String

    public init(href: String, etag: String) {
        self.href = href
        self.etag = etag
    }
}
