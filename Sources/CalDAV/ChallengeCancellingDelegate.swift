import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A URLSession delegate for any session that talks to a server Koyomi does not control:
/// it declines every authentication challenge and every automatic redirect, and can pass a
/// streamed download on to `Hooks`.
///
/// - Challenges: swift-corelibs-foundation 6.3.1 leaves a task with an unanswered 401
///   challenge hanging forever (swiftlang/swift-corelibs-foundation#5456), so one must be
///   answered; credentials, when there are any, already went with the request (preemptive
///   Basic), so the answer is always "cancel". The task then fails with `URLError.cancelled`
///   although nobody cancelled it: callers read that as "the server wants a password".
/// - Redirects: the 3xx reply is handed to the caller, who follows it itself, because
///   URLSession would turn some methods into GET, forward credentials to any host and follow
///   https → http without asking.
/// - Hooks: only called for tasks made with `dataTask(with:)` (no completion handler); the
///   async `data(for:)` gathers the body itself.
///
/// `Sendable` because everything it holds is immutable and the hooks are `@Sendable`.
public final class ChallengeCancellingDelegate: NSObject, URLSessionDataDelegate, Sendable {
    /// What a streaming download wants to hear. Each returns whether the task may go on
    /// (false cancels it: a size cap, a status not worth reading).
    public struct Hooks: Sendable {
        public var response: (@Sendable (URLResponse) -> Bool)?
        public var data: (@Sendable (Data) -> Bool)?
        /// The task ended: nil on success, else URLSession's error.
        public var completion: (@Sendable (Error?) -> Void)?

        public init(response: (@Sendable (URLResponse) -> Bool)? = nil, data: (@Sendable (Data) -> Bool)? = nil,
                    completion: (@Sendable (Error?) -> Void)? = nil) {
            self.response = response
            self.data = data
            self.completion = completion
        }
    }

    private let hooks: Hooks

    public init(hooks: Hooks = Hooks()) {
        self.hooks = hooks
        super.init()
    }

    public func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                           newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        completionHandler(nil)
    }

    public func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                           completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                           completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        completionHandler(hooks.response?(response) ?? true ? .allow : .cancel)
    }

    public func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if hooks.data?(data) == false { dataTask.cancel() }
    }

    public func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        hooks.completion?(error)
    }
}

extension URLSessionConfiguration {
    /// For a server Koyomi does not control: nothing kept between requests (no cookies, no
    /// cache), `idle` seconds without data fail a request, `total` bound the whole transfer.
    public static func untrustedServer(idle: TimeInterval, total: TimeInterval) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = idle
        configuration.timeoutIntervalForResource = total
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }
}
