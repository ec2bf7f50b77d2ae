import Foundation

/// Why a CalDAV request failed, in words a person can act on.
///
/// `description` is meant for the sync indicator as it is; the associated values carry what a
/// caller needs to react (which resource conflicted, what the server said).
public enum CalDAVError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 401: the server rejected the user name or password.
    case unauthorized
    /// No HTTP answer at all: refused connection, unknown host, timeout, dropped connection.
    /// `reason` is libcurl's own text ("Failed to connect to 127.0.0.1 port 5232 …").
    case unreachable(reason: String)
    /// The TLS handshake failed; `reason` is libcurl's text ("SSL certificate problem: …").
    case tls(reason: String)
    /// 412: someone else changed or created the resource at `href` since its ETag was read.
    case preconditionFailed(href: String)
    /// 404: there is nothing at `href` (for example deleted on the server by another device).
    case notFound(href: String)
    /// The server no longer accepts the sync token (RFC 6578 `DAV:valid-sync-token`):
    /// list every ETag instead (`CalDAVClient.listETags`).
    case invalidSyncToken
    /// Any other unexpected HTTP status for the request to `href`.
    case server(status: Int, href: String)
    /// The answer could not be understood; `what` names the part that was wrong or missing.
    case malformedResponse(what: String)
    /// The server asked Koyomi to slow down (429, or Google's 403 "rate limit exceeded") and
    /// kept asking after Koyomi waited; `retryAfter` is how long it said to wait, if it said.
    case rateLimited(retryAfter: TimeInterval?)
    /// A library Koyomi opens when it first talks to a server is not on this computer;
    /// `reason` names it, the loader's reason and the package that provides it.
    case libraryMissing(reason: String)

    public var description: String {
        switch self {
        case .unauthorized:
            return "wrong user name or password"
        case .unreachable(let reason):
            return "the server cannot be reached: \(reason)"
        case .tls(let reason):
            return "the secure connection failed: \(reason)"
        case .preconditionFailed(let href):
            return "\(href) was changed on the server by someone else"
        case .notFound(let href):
            return "\(href) is not on the server (any more)"
        case .invalidSyncToken:
            return "the server no longer accepts the sync token; a full listing is needed"
        case .server(let status, let href):
            let meaning = switch status {
            case 500: "the server failed"
            case 502, 504: "a gateway in front of the server failed"
            case 503: "the server is not available for now"
            case 507: "the server has no room left"
            case 413: "the server refuses something this large"
            default: "the server refused"
            }
            return "\(meaning) (HTTP \(status) for \(href)); the next sync tries again"
        case .malformedResponse(let what):
            return "the server's answer could not be read: \(what)"
        case .rateLimited(let retryAfter):
            let when = retryAfter.map { "in \(Int($0.rounded(.up))) s" } ?? "later"
            return "the server asks Koyomi to slow down (too many requests); Koyomi waited, and tries again \(when)"
        case .libraryMissing(let reason):
            return reason
        }
    }
}
