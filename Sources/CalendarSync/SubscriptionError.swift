import CalDAV
import Foundation
import HTTPTransport

/// Why a subscription could not be refreshed, in words a person can act on. In every case
/// the last good local copy is left as it was.
public enum SubscriptionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No HTTP answer: refused connection, unknown host, dropped connection. `reason` is
    /// libcurl's own text.
    case unreachable(reason: String)
    /// The TLS handshake failed; `reason` is libcurl's text ("SSL certificate problem: …").
    case tls(reason: String)
    /// 404 or 410: nothing (any more) at the address.
    case notFound(status: Int)
    /// 401 or 403: the calendar is not public. Subscriptions carry no password.
    case needsPassword(status: Int)
    /// Any other status that is not 200 or 304.
    case server(status: Int)
    /// A redirect to a plain-http address (or another scheme) elsewhere than this computer.
    case insecureRedirect(to: String)
    case tooManyRedirects
    /// The answer is larger than the cap (`limit` bytes).
    case tooLarge(limit: Int)
    /// No complete answer within `seconds`.
    case tookTooLong(seconds: Double)
    /// The download is not a calendar Koyomi can read: `problem` comes from the vetting child
    /// ("is not UTF-8 text", "took too long to read", "needs too much memory", …).
    case notACalendar(problem: String)
    /// Writing the download or the local copy failed.
    case file(reason: String)

    public var description: String {
        switch self {
        case let .unreachable(reason):
            "the server cannot be reached: \(reason)"
        case let .tls(reason):
            "the secure connection failed: \(reason)"
        case let .notFound(status):
            "there is no calendar at this address (HTTP \(status))"
        case let .needsPassword(status):
            "the server refuses to hand out this calendar without a password (HTTP \(status)); "
                + "subscriptions are for public calendars (use koyomi account for a CalDAV server)"
        case let .server(status):
            "the server answered HTTP \(status)"
        case let .insecureRedirect(target):
            "the server redirected to an insecure address (\(target)); not followed"
        case .tooManyRedirects:
            "the server redirected too many times"
        case let .tooLarge(limit):
            "the calendar is too large to download (more than \(Self.size(limit)))"
        case let .tookTooLong(seconds):
            "the download took too long (more than \(Self.seconds(seconds)))"
        case let .notACalendar(problem):
            "the download is not a calendar Koyomi can read: it \(problem)"
        case let .file(reason):
            "the downloaded calendar could not be saved: \(reason)"
        }
    }

    /// A request that got no complete answer, in words.
    static func transport(_ failure: HTTPFailure, limits: SubscriptionRefresher.Limits) -> SubscriptionError {
        switch failure {
        case let .tls(reason): .tls(reason: reason)
        case .silent, .noAnswer: .tookTooLong(seconds: limits.idleSeconds)
        case .tookTooLong: .tookTooLong(seconds: limits.totalSeconds)
        case .cancelled: .unreachable(reason: "the refresh was cancelled")
        default: .unreachable(reason: failure.description)
        }
    }

    private static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MiB" : bytes >= 1 << 10 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}
