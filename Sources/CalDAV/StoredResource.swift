/// Where an upload landed and the ETag the server gave it.
public struct StoredResource: Equatable, Sendable {
    public var href: String
    /// The new ETag exactly as received, or nil when the PUT response had none (RFC 4791
    /// allows that when the server changed the data): refetch to learn it.
    public var etag: String?

    public init(href: String, etag: String?) {
        self.href = href
        self.etag = etag
    }
}
