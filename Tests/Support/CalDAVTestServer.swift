import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real CalDAV server other than Radicale that a test runs on 127.0.0.1 (Xandikos,
/// SabreDAV), as the sync tests they share see it: one user, a default calendar, more on demand.
public protocol CalDAVTestServer: AnyObject, Sendable {
    var baseURL: URL { get }
    var user: String { get }
    var password: String { get }
    /// The calendar the user has from the start.
    var defaultCalendar: String { get }
    /// The path of the user's calendar `name` on the server, e.g. "alice/calendars/work/".
    func calendarPath(_ name: String) -> String
    func stop()
}

extension CalDAVTestServer {
    /// The absolute URL of the user's calendar `name`.
    public func calendarURL(_ name: String) -> URL { baseURL.appendingPathComponent(calendarPath(name)) }

    /// Makes the user's calendar `name` (MKCALENDAR, with the user's Basic credentials).
    public func makeCalendar(_ name: String) async throws {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
            <D:set><D:prop><D:displayname>\(name)</D:displayname></D:prop></D:set></C:mkcalendar>
            """
        var request = URLRequest(url: calendarURL(name))
        request.httpMethod = "MKCALENDAR"
        request.httpBody = Data(body.utf8)
        request.setValue("Basic " + Data("\(user):\(password)".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        let (_, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 201 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "MKCALENDAR answered \(status)"]) }
    }
}
