import Foundation

extension CalDAVClient {
    /// Finds the account's event calendars starting from a host ("https://dav.example.org") or
    /// any URL on the server (a principal, a calendar home, a calendar).
    ///
    /// Order (RFC 6764 + RFC 4791): `/.well-known/caldav` (redirects followed) or the URL
    /// itself → `current-user-principal` → `calendar-home-set` → a Depth 1 listing of each home,
    /// keeping collections that are calendars and accept VEVENTs.
    ///
    /// A URL that is itself an event calendar gives just that calendar: who pastes one
    /// calendar's address wants that one, not every calendar of the account.
    public func discover(from start: URL) async throws -> [RemoteCalendar] {
        let hasPath = !(start.path.isEmpty || start.path == "/")
        if hasPath, let only = try await calendarItself(at: start) { return [only] }
        let candidates = hasPath
            ? [start]
            : [start.appendingPathComponent(".well-known/caldav"), start.appendingPathComponent("/")]
        for candidate in candidates {
            do {
                let homes = try await calendarHomes(from: candidate)
                var calendars: [RemoteCalendar] = []
                for home in homes { calendars += try await listCalendars(in: home) }
                return calendars
            } catch let error as CalDAVError where candidate != candidates.last && error.allowsNextCandidate {
                continue  // no well-known support: ask the server's root next
            }
        }
        throw CalDAVError.malformedResponse(what: "no calendar home on the server")
    }

    /// The calendar homes reachable from `url`: through its principal, or `url` itself when it
    /// already is a home or a calendar.
    private func calendarHomes(from url: URL) async throws -> [URL] {
        let (first, answeredAt) = try await propfind(url, depth: 0, body: DAVRequestBody.principalProperties)
        if let homes = homeSet(in: first, answeredAt: answeredAt) { return homes }
        if let principalHref = first?.properties[DAVName.currentUserPrincipal]?.hrefs.first,
           let principal = URL(string: principalHref, relativeTo: answeredAt)?.absoluteURL {
            let (answer, principalURL) = try await propfind(principal, depth: 0, body: DAVRequestBody.principalProperties)
            if let homes = homeSet(in: answer, answeredAt: principalURL) { return homes }
            throw CalDAVError.malformedResponse(what: "no calendar-home-set on the principal \(principal.absoluteString)")
        }
        // No principal: a calendar home or a calendar was given. List it as a home: a Depth 1
        // listing of a calendar includes the calendar itself.
        if first?.properties[DAVName.resourceType]?.children.contains(DAVName.collection) == true {
            return [answeredAt]
        }
        throw CalDAVError.malformedResponse(what: "no current-user-principal at \(answeredAt.absoluteString)")
    }

    private func homeSet(in response: Multistatus.Response?, answeredAt: URL) -> [URL]? {
        let homes = (response?.properties[DAVName.calendarHomeSet]?.hrefs ?? [])
            .compactMap { URL(string: $0, relativeTo: answeredAt)?.absoluteURL }
        return homes.isEmpty ? nil : homes
    }

    /// The calendar at `url` when `url` is an event calendar; nil for anything else (a home, a
    /// principal, a server that does not answer a Depth 0 listing there).
    private func calendarItself(at url: URL) async throws -> RemoteCalendar? {
        let reply = try await send("PROPFIND", url, headers: Self.xmlHeaders(depth: "0"), body: DAVRequestBody.calendarProperties)
        guard reply.status == 207, let response = try? Multistatus(parsing: reply.body).responses.first else { return nil }
        return calendar(from: response, answeredAt: reply.url)
    }

    /// The event calendars directly inside `home`.
    private func listCalendars(in home: URL) async throws -> [RemoteCalendar] {
        let reply = try await send("PROPFIND", home, headers: Self.xmlHeaders(depth: "1"), body: DAVRequestBody.calendarProperties)
        guard reply.status == 207 else { throw Self.statusError(reply, href: href(for: home)) }
        return try Multistatus(parsing: reply.body).responses.compactMap { calendar(from: $0, answeredAt: reply.url) }
    }

    /// A listed collection as a calendar, when it is one that takes events.
    private func calendar(from response: Multistatus.Response, answeredAt base: URL) -> RemoteCalendar? {
        guard let resourceType = response.properties[DAVName.resourceType],
              resourceType.children.contains(DAVName.calendar),
              let url = URL(string: response.href, relativeTo: base)?.absoluteURL
        else { return nil }
        // No supported-calendar-component-set means "any component" (RFC 4791 §5.2.3).
        if let components = response.properties[DAVName.supportedComponents]?.componentNames,
           !components.isEmpty, !components.contains(where: { $0.uppercased() == "VEVENT" }) {
            return nil
        }
        let collection = url.absoluteString.hasSuffix("/") ? url : url.appendingPathComponent("/")
        let fallbackName = (collection.lastPathComponent.removingPercentEncoding ?? collection.lastPathComponent)
        return RemoteCalendar(
            url: collection,
            displayName: response.text(DAVName.displayName) ?? fallbackName,
            color: response.text(DAVName.calendarColor),
            syncToken: response.text(DAVName.syncToken),
            ctag: response.text(DAVName.getCTag)
        )
    }

    /// A Depth 0 PROPFIND: the response describing `url` itself and the URL that answered.
    private func propfind(_ url: URL, depth: Int, body: String) async throws -> (Multistatus.Response?, URL) {
        let reply = try await send("PROPFIND", url, headers: Self.xmlHeaders(depth: String(depth)), body: body)
        guard reply.status == 207 else { throw Self.statusError(reply, href: href(for: url)) }
        let responses = try Multistatus(parsing: reply.body).responses
        let own = responses.first {
            URL(string: $0.href, relativeTo: reply.url)?.absoluteURL.path == reply.url.path
        } ?? responses.first
        return (own, reply.url)
    }

    static func xmlHeaders(depth: String) -> [String: String] {
        ["Depth": depth, "Content-Type": "application/xml; charset=utf-8"]
    }
}

private extension CalDAVError {
    /// Failures of the well-known step after which the server's root is still worth asking;
    /// a wrong password or a dead server is not worth a second try.
    var allowsNextCandidate: Bool {
        switch self {
        case .notFound, .server, .malformedResponse: return true
        default: return false
        }
    }
}
