import Foundation
import HTTPTransport

/// A CalDAV client for one account (RFC 4791 + RFC 6578 sync), over `HTTPSession` (libcurl).
///
/// `Sendable` because everything it holds is immutable (`let`) and the session is thread-safe:
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
    private let credentials: CalDAVCredentials
    private let session: HTTPSession
    /// Redirects followed per request before giving up (well-known, moved collections).
    private static let maxRedirects = 5

    /// - Parameters:
    ///   - timeout: seconds of silence (no byte, or next to none, from the server) before a
    ///     request fails as `.unreachable`; a large listing that keeps arriving may take longer.
    ///   - answerWait: how long the server may think before its answer begins: Radicale lists
    ///     50,000 plans for more than 30 s before sending a byte.
    public convenience init(baseURL: URL, user: String, password: String, timeout: TimeInterval = 30,
                            answerWait: TimeInterval = 300) {
        self.init(baseURL: baseURL, credentials: .basic(user: user, password: password), timeout: timeout,
                  answerWait: answerWait)
    }

    /// A client whose credentials are asked for each request (`CalDAVCredentials`).
    public init(baseURL: URL, credentials: CalDAVCredentials, timeout: TimeInterval = 30, answerWait: TimeInterval = 300) {
        self.baseURL = baseURL
        self.credentials = credentials
        // Redirects are followed by `send` itself (with the same method and body, and the
        // password only where `mayReceiveCredentials` allows); a 401 comes back as a status.
        session = HTTPSession(limits: .init(connectSeconds: min(timeout, 15), silenceSeconds: timeout,
                                            answerWaitSeconds: answerWait))
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
    /// transport failures into `CalDAVError`. HTTP error statuses are returned, not thrown,
    /// except a refusal to go on (`RateLimit`): waited out a few times, then `.rateLimited`.
    /// A 401 asks the credentials once more (renewed), then stands.
    func send(_ method: String, _ url: URL, headers: [String: String] = [:], body: String? = nil) async throws -> Reply {
        var renewed = false
        var waits = 0
        while true {
            let reply = try await sendOnce(method, url, headers: headers, body: body)
            if reply.status == 401, !renewed, mayReceiveCredentials(reply.url) {
                renewed = true
                if try await credentials.authorization(true) != nil { continue }
                return reply
            }
            if let limit = RateLimit(reply.status, headers: reply.headers, body: reply.body) {
                guard let wait = limit.wait(attempt: waits) else { throw CalDAVError.rateLimited(retryAfter: limit.retryAfter) }
                waits += 1
                try await Task.sleep(nanoseconds: UInt64(wait * 1_000_000_000))
                continue
            }
            return reply
        }
    }

    /// One request and its redirects, with the credentials as they are now.
    private func sendOnce(_ method: String, _ url: URL, headers: [String: String], body: String?) async throws -> Reply {
        var target = url
        var authorization: String?
        for _ in 0...Self.maxRedirects {
            var request = HTTPRequest(method: method, url: target, headers: headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
            if mayReceiveCredentials(target) {
                if authorization == nil { authorization = try await credentials.authorization(false) }
                if let authorization { request.headers.append(("Authorization", authorization)) }
            }
            if let body { request.body = Data(body.utf8) }
            let response = try await transfer(request)
            let reply = Reply(status: response.status, url: target, headers: response.headers, body: response.body)
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

    private func transfer(_ request: HTTPRequest) async throws -> HTTPResponse {
        do {
            return try await session.perform(request)
        } catch {
            throw Self.transportError(error)
        }
    }

    /// A request that got no complete answer, as `.tls` or `.unreachable` in words.
    static func transportError(_ failure: HTTPFailure) -> Error {
        switch failure {
        case .cancelled: CancellationError()
        case let .tls(reason): CalDAVError.tls(reason: reason)
        default: CalDAVError.unreachable(reason: failure.description)
        }
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
