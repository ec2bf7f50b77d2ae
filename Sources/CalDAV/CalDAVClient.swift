import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A CalDAV client for one account (RFC 4791 + RFC 6578 sync), over URLSession.
///
/// `Sendable` because everything it holds is immutable (`let`) and URLSession is thread-safe:
/// one client can serve several tasks at once; nothing here touches the main thread.
///
/// Hrefs: every href the client returns is normalized the same way — the path of the resolved
/// URL with each segment percent-encoded canonically (only unreserved characters left bare),
/// or the whole absolute URL when the resource lives on another host than `baseURL`. So the
/// href of a `create` equals the href a later listing or sync reports for the same resource,
/// and any returned href can be passed back to `update`/`delete`/`fetch` unchanged.
///
/// ETags are opaque strings kept exactly as received, quotes included.
public final class CalDAVClient: Sendable {
    /// The account's server as the user entered it; relative hrefs are resolved against it.
    public let baseURL: URL
    public let user: String
    private let password: String
    private let session: URLSession
    /// Redirects followed per request before giving up (well-known, moved collections).
    private static let maxRedirects = 5

    /// - Parameters:
    ///   - timeout: seconds a request may wait for data before failing as `.unreachable`.
    public init(baseURL: URL, user: String, password: String, timeout: TimeInterval = 30) {
        self.baseURL = baseURL
        self.user = user
        self.password = password
        // Redirects are followed by `send` itself (URLSession would turn some methods into GET
        // and forward the password to any host); a 401 challenge is cancelled.
        session = URLSession(configuration: .untrustedServer(idle: timeout, total: timeout * 4),
                             delegate: ChallengeCancellingDelegate(), delegateQueue: nil)
    }

    deinit {
        // A session keeps its delegate (and itself) alive until invalidated.
        session.finishTasksAndInvalidate()
    }

    /// An HTTP answer: status, the URL that finally answered (after redirects), headers, body.
    struct Reply {
        var status: Int
        var url: URL
        var headers: [String: String]
        var body: Data

        func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    /// Sends one request, following redirects with the same method and body, and turns
    /// transport failures into `CalDAVError`. HTTP error statuses are returned, not thrown.
    func send(_ method: String, _ url: URL, headers: [String: String] = [:], body: String? = nil) async throws -> Reply {
        var target = url
        for _ in 0...Self.maxRedirects {
            var request = URLRequest(url: target)
            request.httpMethod = method
            for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
            if mayReceiveCredentials(target) {
                let token = Data("\(user):\(password)".utf8).base64EncodedString()
                request.setValue("Basic \(token)", forHTTPHeaderField: "Authorization")
            }
            if let body { request.httpBody = Data(body.utf8) }
            let (data, response) = try await transfer(request)
            guard let http = response as? HTTPURLResponse else {
                throw CalDAVError.malformedResponse(what: "a reply that is not HTTP")
            }
            var fields: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                if let key = key as? String, let value = value as? String { fields[key] = value }
            }
            let reply = Reply(status: http.statusCode, url: target, headers: fields, body: data)
            guard [301, 302, 303, 307, 308].contains(reply.status), let location = reply.header("Location") else {
                return reply
            }
            guard let next = URL(string: location, relativeTo: target)?.absoluteURL else {
                throw CalDAVError.malformedResponse(what: "a redirect to \"\(location)\"")
            }
            if target.scheme == "https", next.scheme != "https" {
                throw CalDAVError.tls(reason: "the server redirected from https to an insecure address (\(next.absoluteString))")
            }
            target = next
        }
        throw CalDAVError.malformedResponse(what: "more than \(Self.maxRedirects) redirects from \(url.absoluteString)")
    }

    /// The password goes to the account's own host, and elsewhere only over TLS (a
    /// well-known redirect may move to another host of the same provider).
    private func mayReceiveCredentials(_ url: URL) -> Bool {
        url.scheme?.lowercased() == "https" || sameOrigin(url, baseURL)
    }

    private func transfer(_ request: URLRequest) async throws -> (Data, URLResponse) {
        do {
            return try await session.data(for: request)
        } catch let error as URLError where error.code == .cancelled && !Task.isCancelled {
            // Only the session's delegate cancels tasks, and only on a 401 challenge: the password we
            // sent was refused. (A cancelled Swift task lands in the next clause.)
            throw CalDAVError.unauthorized
        } catch let error as URLError {
            throw Self.transportError(error)
        }
    }

    /// Maps libcurl's failure (through URLError) onto `.tls` or `.unreachable`, keeping its text.
    static func transportError(_ error: URLError) -> Error {
        if error.code == .cancelled { return CancellationError() }
        let (reason, isTLS) = TransportFailure.read(error)
        return isTLS ? CalDAVError.tls(reason: reason) : CalDAVError.unreachable(reason: reason)
    }

    /// The error for a non-success status answered for `href`.
    static func statusError(_ reply: Reply, href: String) -> CalDAVError {
        switch reply.status {
        case 401: return .unauthorized
        case 404: return .notFound(href: href)
        case 412: return .preconditionFailed(href: href)
        default: return .server(status: reply.status, href: href)
        }
    }
}
