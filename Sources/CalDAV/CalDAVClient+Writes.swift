import Foundation

extension CalDAVClient {
    /// Uploads a new calendar object named `name` (e.g. "<UID>.ics") into `calendar`, only if
    /// nothing is there yet (`If-None-Match: *`; a 412 means the name is taken).
    public func create(calendar: URL, name: String, ics: String) async throws -> StoredResource {
        let collection = calendar.absoluteString.hasSuffix("/") ? calendar.absoluteString : calendar.absoluteString + "/"
        guard let url = URL(string: collection + Self.encodedSegment(name)) else {
            throw CalDAVError.malformedResponse(what: "a resource name that makes no URL (\(name))")
        }
        return try await put(url, ics: ics, condition: ("If-None-Match", "*"))
    }

    /// Replaces the resource at `href` only if its ETag is still `etag` (`If-Match`; a 412 means
    /// someone else changed it). Returns the new ETag, or nil when the server sent none.
    public func update(href: String, ics: String, etag: String) async throws -> String? {
        try await put(url(forHref: href), ics: ics, condition: ("If-Match", Self.ifMatchValue(etag))).etag
    }

    /// Deletes the resource at `href` only if its ETag is still `etag` (a 412 means someone
    /// else changed it; a 404 that it is already gone).
    public func delete(href: String, etag: String) async throws {
        let url = try url(forHref: href)
        let reply = try await send("DELETE", url, headers: ["If-Match": Self.ifMatchValue(etag)])
        guard (200..<300).contains(reply.status) else { throw Self.statusError(reply, href: self.href(for: url)) }
    }

    private func put(_ url: URL, ics: String, condition: (name: String, value: String)) async throws -> StoredResource {
        let headers = ["Content-Type": "text/calendar; charset=utf-8", condition.name: condition.value]
        let reply = try await send("PUT", url, headers: headers, body: ics)
        let href = self.href(for: url)
        guard (200..<300).contains(reply.status) else { throw Self.statusError(reply, href: href) }
        return StoredResource(href: href, etag: reply.header("ETag"))
    }

    /// The ETag as received; quoted only if a server handed it out bare (some send getetag
    /// without quotes, but If-Match needs an entity-tag).
    static func ifMatchValue(_ etag: String) -> String {
        etag.hasPrefix("\"") || etag.hasPrefix("W/\"") ? etag : "\"\(etag)\""
    }
}
