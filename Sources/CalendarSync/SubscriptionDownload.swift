import CalDAV
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One GET of a subscription's address, streamed into a file so that a huge or endless
/// answer is cut off at the cap instead of filling memory. Redirects are followed here (at
/// most 5, never to an address `Subscription.isAllowed` refuses), with the same headers;
/// `limits.totalSeconds` bounds all of them together.
enum SubscriptionDownload {
    /// The final answer: its status and validators (its body went to the file).
    struct Reply: Equatable {
        var status: Int
        var etag: String?
        var lastModified: String?
    }

    private static let maxRedirects = 5

    /// - Parameters:
    ///   - headers: sent with every hop (the conditional-GET validators).
    ///   - path: the file the body of the final answer is written to (created or emptied).
    static func get(_ url: URL, headers: [String: String], into path: String,
                    limits: SubscriptionRefresher.Limits) async throws(SubscriptionError) -> Reply {
        var target = url
        let deadline = DispatchTime.now() + limits.totalSeconds
        for _ in 0...maxRedirects {
            let reply = try await hop(target, headers: headers, into: path, limits: limits, deadline: deadline)
            guard [301, 302, 303, 307, 308].contains(reply.reply.status), let location = reply.location else {
                return reply.reply
            }
            guard let next = URL(string: location, relativeTo: target)?.absoluteURL else {
                throw .server(status: reply.reply.status)
            }
            guard Subscription.isAllowed(next) else { throw .insecureRedirect(to: next.absoluteString) }
            target = next
        }
        throw .tooManyRedirects
    }

    /// One request, no redirect followed.
    private static func hop(_ url: URL, headers: [String: String], into path: String, limits: SubscriptionRefresher.Limits,
                            deadline: DispatchTime) async throws(SubscriptionError) -> (reply: Reply, location: String?) {
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw .file(reason: "\(path) cannot be written")
        }
        defer { try? handle.close() }
        let transfer = SubscriptionTransfer(handle: handle, maxBytes: limits.maxBytes)
        let configuration = URLSessionConfiguration.untrustedServer(idle: limits.idleSeconds, total: limits.totalSeconds)
        let delegate = ChallengeCancellingDelegate(hooks: .init(
            response: { transfer.accept($0) }, data: { transfer.append($0) }, completion: { transfer.finish($0) }))
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }

        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.setValue("text/calendar, */*;q=0.5", forHTTPHeaderField: "Accept")
        // libcurl sends no User-Agent, and some calendar hosts refuse requests without one.
        request.setValue("Koyomi (calendar subscription)", forHTTPHeaderField: "User-Agent")
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let task = session.dataTask(with: request)
        let result: Result<HTTPURLResponse, SubscriptionTransfer.Failure> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.start(continuation)
                task.resume()
                // The resource timeout is not reliably enforced by libcurl's URLSession: a
                // server trickling bytes would keep the task alive. This deadline always holds.
                DispatchQueue.global().asyncAfter(deadline: deadline) {
                    if transfer.expire() { task.cancel() }
                }
            }
        } onCancel: {
            task.cancel()
        }
        switch result {
        case let .success(response):
            let header = { (name: String) in response.value(forHTTPHeaderField: name) }
            return (Reply(status: response.statusCode, etag: header("ETag"), lastModified: header("Last-Modified")),
                    header("Location"))
        case .failure(.tooLarge): throw .tooLarge(limit: limits.maxBytes)
        case .failure(.expired): throw .tookTooLong(seconds: limits.totalSeconds)
        case .failure(.writeFailed): throw .file(reason: "\(path) cannot be written")
        case let .failure(.transport(error)):
            if error.code == .timedOut { throw .tookTooLong(seconds: limits.idleSeconds) }
            if error.code == .cancelled {
                // Only the delegate cancels on its own, and only on a 401 challenge; a
                // cancelled Swift task just stops.
                if Task.isCancelled { throw .unreachable(reason: "the refresh was cancelled") }
                throw .needsPassword(status: 401)
            }
            throw SubscriptionError.transport(error)
        }
    }
}
