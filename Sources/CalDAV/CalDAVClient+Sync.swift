import Foundation

extension CalDAVClient {
    /// Hrefs per calendar-multiget request, so one REPORT stays a reasonable size.
    static let multigetBatch = 100

    /// What changed in `calendar` since `token` (nil: everything), RFC 6578 sync-collection.
    ///
    /// Throws `.invalidSyncToken` when the server rejects the token (403/409 with
    /// `DAV:valid-sync-token`): call `listETags` then and compare.
    /// A truncated answer (507 on the collection itself) is continued with the token it gave.
    public func syncCollection(calendar: URL, token: String?) async throws -> SyncDelta {
        var changed: [String: String] = [:]
        var order: [String] = []  // first-seen order of changed hrefs, for a stable result
        var seen: Set<String> = []
        var removed: [String] = []
        var current = token
        for _ in 0..<1000 {
            let reply = try await send("REPORT", calendar, headers: Self.xmlHeaders(depth: "0"),
                                       body: DAVRequestBody.syncCollection(token: current))
            if [403, 409].contains(reply.status), Multistatus.conditions(in: reply.body).contains(DAVName.validSyncToken) {
                throw CalDAVError.invalidSyncToken
            }
            guard reply.status == 207 else { throw Self.statusError(reply, href: href(for: calendar)) }
            let answer = try Multistatus(parsing: reply.body)
            guard let newToken = answer.syncToken, !newToken.isEmpty else {
                throw CalDAVError.malformedResponse(what: "a sync-collection answer without a sync-token")
            }
            let own = href(for: reply.url)
            var truncated = false
            for response in answer.responses {
                guard let href = normalizedHref(response.href, relativeTo: reply.url) else { continue }
                if href == own {
                    truncated = truncated || response.status == 507
                } else if response.status == 404 {
                    changed[href] = nil
                    if !removed.contains(href) { removed.append(href) }
                } else if let etag = response.text(DAVName.getETag) {
                    removed.removeAll { $0 == href }
                    changed[href] = etag
                    if seen.insert(href).inserted { order.append(href) }
                }
            }
            current = newToken
            if !truncated {
                let entries = order.compactMap { href in changed[href].map { RemoteETag(href: href, etag: $0) } }
                return SyncDelta(changed: entries, removed: removed, newToken: newToken)
            }
        }
        throw CalDAVError.malformedResponse(what: "a sync-collection answer that never ends")
    }

    /// Every calendar object in `calendar` with its ETag (PROPFIND Depth 1): the fallback when
    /// the server has no sync tokens or rejected ours.
    public func listETags(calendar: URL) async throws -> [RemoteETag] {
        let reply = try await send("PROPFIND", calendar, headers: Self.xmlHeaders(depth: "1"), body: DAVRequestBody.etags)
        guard reply.status == 207 else { throw Self.statusError(reply, href: href(for: calendar)) }
        let own = href(for: reply.url)
        return try Multistatus(parsing: reply.body).responses.compactMap { response in
            guard let href = normalizedHref(response.href, relativeTo: reply.url), href != own,
                  response.properties[DAVName.resourceType]?.children.contains(DAVName.collection) != true,
                  let etag = response.text(DAVName.getETag)
            else { return nil }
            return RemoteETag(href: href, etag: etag)
        }
    }

    /// Downloads the given resources of `calendar` (REPORT calendar-multiget), in batches.
    ///
    /// Resources the server no longer has are left out of the result (compare the hrefs).
    /// XML turns the iCalendar text's CRLF line ends into LF; iCalendar parsers accept both.
    public func fetch(calendar: URL, hrefs: [String]) async throws -> [RemoteObject] {
        var objects: [RemoteObject] = []
        var start = 0
        while start < hrefs.count {
            let batch = Array(hrefs[start..<min(start + Self.multigetBatch, hrefs.count)])
            start += batch.count
            let reply = try await send("REPORT", calendar, headers: Self.xmlHeaders(depth: "1"),
                                       body: DAVRequestBody.multiget(hrefs: batch))
            guard reply.status == 207 else { throw Self.statusError(reply, href: href(for: calendar)) }
            for response in try Multistatus(parsing: reply.body).responses {
                guard let href = normalizedHref(response.href, relativeTo: reply.url),
                      let etag = response.text(DAVName.getETag),
                      let data = response.properties[DAVName.calendarData]?.text
                else { continue }
                objects.append(RemoteObject(href: href, etag: etag, icsText: data))
            }
        }
        return objects
    }
}
