/// Why a request got no complete HTTP answer, in words a person can act on (never an error
/// domain and a code).
public enum HTTPFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// No answer, or a broken one: refused connection, unknown host, an answer cut off.
    case unreachable(reason: String)
    /// The TLS handshake failed; `reason` is libcurl's ("SSL certificate problem: …").
    case tls(reason: String)
    /// Nothing (or next to nothing) arrived for `seconds`: the server or the network stopped answering.
    case silent(seconds: Double)
    /// The server's answer had not begun after `seconds`.
    case noAnswer(seconds: Double)
    /// The whole exchange took longer than `seconds` (a limit the caller set).
    case tookTooLong(seconds: Double)
    /// The caller's sink refused the body (it was too large, or could not be stored).
    case refused
    /// The Swift task was cancelled.
    case cancelled

    public var description: String {
        switch self {
        case let .unreachable(reason): reason
        case let .tls(reason): reason
        case let .silent(seconds): "the server stopped answering (nothing, or next to nothing, for \(Int(seconds)) s)"
        case let .noAnswer(seconds): "the server gave no answer within \(Int(seconds)) s"
        case let .tookTooLong(seconds): "the exchange took longer than \(Int(seconds)) s"
        case .refused: "the answer was not accepted"
        case .cancelled: "cancelled"
        }
    }
}
