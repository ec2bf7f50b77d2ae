import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Direct requests the tests use to shape the server (outside the client under test).
extension RadicaleServer {
    /// Creates a calendar collection `/alice/<name>/` with MKCALENDAR.
    public func makeCalendar(_ name: String, displayName: String, color: String?, components: [String] = ["VEVENT"]) async throws {
        let colorProperty = color.map { "<A:calendar-color>\($0)</A:calendar-color>" } ?? ""
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:A="http://apple.com/ns/ical/">
            <D:set><D:prop><D:displayname>\(xmlEscaped(displayName))</D:displayname>\(colorProperty)
            <C:supported-calendar-component-set>\(components.map { "<C:comp name=\"\($0)\"/>" }.joined())</C:supported-calendar-component-set>
            </D:prop></D:set></C:mkcalendar>
            """
        var request = URLRequest(url: baseURL.appendingPathComponent("alice/\(name)/"))
        request.httpMethod = "MKCALENDAR"
        request.httpBody = Data(body.utf8)
        request.setValue("Basic " + Data("alice:secret".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        let (_, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 201 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "MKCALENDAR answered \(status)"]) }
    }

    /// The absolute URL of alice's calendar `name`.
    public func calendarURL(_ name: String) -> URL { baseURL.appendingPathComponent("alice/\(name)/") }
}

/// A minimal VEVENT calendar with the given UID and summary (CRLF line ends, as RFC 5545 says).
public func eventICS(uid: String, summary: String) -> String {
    [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Koyomi//Tests//EN", "BEGIN:VEVENT", "UID:\(uid)",
        "DTSTAMP:20261129T120000Z", "DTSTART:20261201T100000Z", "DTEND:20261201T110000Z",
        "SUMMARY:\(summary)", "END:VEVENT", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
}

/// Text made safe for XML element content.
private func xmlEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
}
