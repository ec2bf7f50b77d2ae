import Foundation

/// A server's "slow down": 429 Too Many Requests (RFC 6585) with or without `Retry-After`,
/// or Google's 403 whose body names a rate or quota limit (its CalDAV answers
/// `rateLimitExceeded`, `userRateLimitExceeded` or `quotaExceeded` so). Koyomi waits as asked
/// (or 1, 2, 4 s) and tries again, a few times, before it gives up for this sync.
struct RateLimit: Equatable {
    /// Seconds the server asked for (`Retry-After` as seconds or an HTTP date), if it did.
    var retryAfter: TimeInterval?

    /// Waits longer than this are not waited out in a sync: the next sync is soon enough.
    static let longestWait: TimeInterval = 60
    static let attempts = 3

    init?(_ status: Int, headers: [String: String], body: Data, now: Date = Date()) {
        switch status {
        case 429: break
        case 403:
            let text = String(decoding: body.prefix(4096), as: UTF8.self).lowercased()
            guard ["ratelimitexceeded", "quotaexceeded", "rate limit exceeded"].contains(where: text.contains) else {
                return nil
            }
        default: return nil
        }
        let value = headers.first { $0.key.caseInsensitiveCompare("Retry-After") == .orderedSame }?.value
            .trimmingCharacters(in: .whitespaces)
        retryAfter = value.flatMap { Self.seconds($0, now: now) }
    }

    /// How long to wait before attempt `attempt + 1`, or nil to give up.
    func wait(attempt: Int) -> TimeInterval? {
        guard attempt < Self.attempts else { return nil }
        let wait = retryAfter ?? pow(2, Double(attempt))
        return wait <= Self.longestWait ? wait : nil
    }

    /// "120" or "Fri, 31 Dec 1999 23:59:59 GMT" (RFC 9110 §10.2.3) as seconds from `now`.
    static func seconds(_ value: String, now: Date) -> TimeInterval? {
        if let seconds = Int(value) { return TimeInterval(max(0, seconds)) }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return format.date(from: value).map { max(0, $0.timeIntervalSince(now)) }
    }
}
