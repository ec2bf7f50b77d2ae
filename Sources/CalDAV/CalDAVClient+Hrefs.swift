import Foundation

extension CalDAVClient {
    /// Only RFC 3986 unreserved characters stay bare in a canonical path segment.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// The canonical href for `raw` as a server wrote it in an answer to a request to `requestURL`
    /// (see the type's documentation). Nil when `raw` is not a URL reference at all.
    func normalizedHref(_ raw: String, relativeTo requestURL: URL) -> String? {
        guard let resolved = URL(string: raw, relativeTo: requestURL)?.absoluteURL
            ?? URL(string: raw.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "", relativeTo: requestURL)?.absoluteURL
        else { return nil }
        return href(for: resolved)
    }

    /// The canonical href of an absolute URL.
    func href(for url: URL) -> String {
        let path = Self.canonicalPath(url.path(percentEncoded: true))
        guard sameOrigin(url, baseURL) else {
            var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
            components?.percentEncodedPath = path
            components?.query = nil
            components?.fragment = nil
            return components?.string ?? url.absoluteString
        }
        return path
    }

    /// The absolute URL an href names (hrefs are resolved against `baseURL`).
    func url(forHref href: String) throws -> URL {
        guard let url = URL(string: href, relativeTo: baseURL)?.absoluteURL else {
            throw CalDAVError.malformedResponse(what: "an href that is not a URL (\(href))")
        }
        return url
    }

    /// A path with every segment decoded and re-encoded the one canonical way; segments with
    /// broken escapes stay as they were.
    static func canonicalPath(_ path: String) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            guard let decoded = String(segment).removingPercentEncoding else { return String(segment) }
            return decoded.addingPercentEncoding(withAllowedCharacters: unreserved) ?? String(segment)
        }
        let joined = segments.joined(separator: "/")
        return joined.isEmpty ? "/" : joined
    }

    /// One path segment (a resource name) encoded for appending to a collection's path.
    static func encodedSegment(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: unreserved) ?? name
    }

    func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && effectivePort(a) == effectivePort(b)
    }

    private func effectivePort(_ url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }
}
