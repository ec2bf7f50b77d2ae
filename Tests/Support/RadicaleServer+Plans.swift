import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What another device does to alice's calendars, straight over HTTP (not through the client
/// under test): put a plan, change its title, read every title.
extension RadicaleServer {
    /// PUTs a one-event resource `<uid>.ics` into alice's calendar `name`.
    @discardableResult
    public func put(_ name: String, uid: String, summary: String) async throws -> Int {
        var request = authorized(calendarURL(name).appendingPathComponent("\(uid).ics"), method: "PUT")
        request.httpBody = Data(eventICS(uid: uid, summary: summary).utf8)
        request.setValue("text/calendar; charset=utf-8", forHTTPHeaderField: "Content-Type")
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    /// Replaces the SUMMARY of the event stored as `<uid>.ics` (or any resource holding it).
    public func changeSummary(_ name: String, uid: String, to summary: String) async throws {
        for (href, text) in try await resources(name) where text.contains("UID:\(uid)") {
            var request = authorized(URL(string: href, relativeTo: baseURL)!.absoluteURL, method: "PUT")
            let changed = text.replacingOccurrences(of: #"SUMMARY:[^\r\n]*"#, with: "SUMMARY:\(summary)",
                                                    options: .regularExpression)
            request.httpBody = Data(changed.utf8)
            request.setValue("text/calendar; charset=utf-8", forHTTPHeaderField: "Content-Type")
            _ = try await URLSession.shared.data(for: request)
        }
    }

    /// Every SUMMARY in alice's calendar `name`.
    public func summaries(_ name: String) async throws -> [String] {
        try await resources(name).flatMap { _, text in
            text.components(separatedBy: .newlines).filter { $0.hasPrefix("SUMMARY:") }.map { String($0.dropFirst(8)) }
        }
    }

    /// Href and text of every resource in the calendar (PROPFIND for the hrefs, then GETs).
    private func resources(_ name: String) async throws -> [(String, String)] {
        var listing = authorized(calendarURL(name), method: "PROPFIND")
        listing.setValue("1", forHTTPHeaderField: "Depth")
        listing.httpBody = Data(#"<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:getetag/></D:prop></D:propfind>"#.utf8)
        let (data, _) = try await URLSession.shared.data(for: listing)
        let body = String(decoding: data, as: UTF8.self)
        // Any namespace prefix (Radicale writes the DAV: namespace as the default one).
        let pattern = try NSRegularExpression(pattern: "<(?:[A-Za-z0-9]+:)?href>([^<]+)</(?:[A-Za-z0-9]+:)?href>")
        let hrefs = pattern.matches(in: body, range: NSRange(body.startIndex..., in: body)).compactMap { match in
            Range(match.range(at: 1), in: body).map { String(body[$0]) }
        }.filter { $0.hasSuffix(".ics") }
        var result: [(String, String)] = []
        for href in hrefs {
            let (text, _) = try await URLSession.shared.data(for: authorized(URL(string: href, relativeTo: baseURL)!.absoluteURL,
                                                                           method: "GET"))
            result.append((href, String(decoding: text, as: UTF8.self)))
        }
        return result
    }

    private func authorized(_ url: URL, method: String) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.setValue("Basic " + Data("alice:secret".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        return request
    }
}
