import CalDAV
import Foundation
import HTTPTransport

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
        // What is left of the total for this hop (earlier hops used the rest); silence ends it sooner.
        let now = DispatchTime.now()
        guard deadline > now else { throw .tookTooLong(seconds: limits.totalSeconds) }
        let left = Double(deadline.uptimeNanoseconds - now.uptimeNanoseconds) / 1e9
        let session = HTTPSession(limits: .init(connectSeconds: min(limits.idleSeconds, 15), silenceSeconds: limits.idleSeconds,
                                                totalSeconds: left))
        let request = HTTPRequest(method: "GET", url: url, headers: [
            ("Accept", "text/calendar, */*;q=0.5"),
            // Some calendar hosts refuse requests without a User-Agent.
            ("User-Agent", "Koyomi (calendar subscription)"),
        ] + headers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        let response: HTTPResponse
        do {
            response = try await session.perform(request) { transfer.append($0) }
        } catch .refused {
            throw transfer.failure == .writeFailed ? .file(reason: "\(path) cannot be written") : .tooLarge(limit: limits.maxBytes)
        } catch {
            throw SubscriptionError.transport(error, limits: limits)
        }
        if [401, 403].contains(response.status) { throw .needsPassword(status: response.status) }
        return (Reply(status: response.status, etag: response.header("ETag"), lastModified: response.header("Last-Modified")),
                response.header("Location"))
    }
}
