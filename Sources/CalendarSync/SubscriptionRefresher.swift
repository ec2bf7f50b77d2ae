import CalendarVetting
import FileSafety
import Foundation
import ICalendarReading

/// Brings a subscription's local copy up to date with its address.
///
/// The download is untrusted input: it goes to a temporary file, a child process vets it
/// under CPU and memory limits (`UntrustedCalendar`), and only a vetted calendar replaces the
/// local copy, atomically. A failure at any step leaves the last good copy as it was.
/// Blocking work (the child) runs on a Dispatch thread, never on the caller's: call it from
/// any task; nothing here touches the main thread.
public struct SubscriptionRefresher: Sendable {
    /// Bounds for one refresh.
    public struct Limits: Hashable, Sendable {
        /// Larger answers are cut off (`SubscriptionError.tooLarge`).
        public var maxBytes: Int
        /// Seconds without any data before giving up.
        public var idleSeconds: Double
        /// Seconds for the whole download, whatever the server does.
        public var totalSeconds: Double
        /// The vetting child's limits.
        public var vetting: UntrustedCalendar.Limits

        public init(maxBytes: Int, idleSeconds: Double, totalSeconds: Double, vetting: UntrustedCalendar.Limits) {
            self.maxBytes = maxBytes
            self.idleSeconds = idleSeconds
            self.totalSeconds = totalSeconds
            self.vetting = vetting
        }

        /// 64 MiB, 30 s idle, 2 minutes in all; the vetting limits of imports.
        public static let standard = Limits(maxBytes: 64 << 20, idleSeconds: 30, totalSeconds: 120, vetting: .standard)
    }

    /// What a refresh did. `subscription` carries what it learnt (validators, time, the name
    /// when it had none): keep it with `SubscriptionStore.recordRefresh` (or `add`).
    public enum Outcome: Equatable, Sendable {
        /// "Not modified", or the very bytes of the last download: the local copy was not touched.
        case unchanged(Subscription)
        /// A new local copy with `eventCount` events; `problems` names each part left out.
        case updated(Subscription, eventCount: Int, problems: [String])

        public var subscription: Subscription {
            switch self {
            case let .unchanged(subscription), let .updated(subscription, _, _): subscription
            }
        }
    }

    public let store: SubscriptionStore

    public init(store: SubscriptionStore) {
        self.store = store
    }

    /// Downloads the subscription (conditionally when a local copy exists), vets it with
    /// `childExecutable --vet-ics` and replaces the local copy.
    /// - Parameter now: stamped as `lastRefreshed`.
    public func refresh(_ subscription: Subscription, childExecutable: String, limits: Limits = .standard,
                        now: Date) async throws(SubscriptionError) -> Outcome {
        guard let localPath = store.localPath(of: subscription) else {
            throw .file(reason: "“\(subscription.localFile)” is not a file name for a local copy")
        }
        do {
            try SubscriptionStore.createFolder(store.folder)
        } catch {
            throw .file(reason: error.description)
        }
        let current = try? AtomicFileWriter.read(path: localPath)
        var headers: [String: String] = [:]
        if current != nil {
            // Without a local copy the whole calendar is needed, whatever the server thinks we have.
            if let etag = subscription.etag { headers["If-None-Match"] = etag }
            if let lastModified = subscription.lastModified { headers["If-Modified-Since"] = lastModified }
        }
        let download = store.folder.appendingPathComponent(".download-\(subscription.id)-\(UUID().uuidString).part").path
        defer { unlink(download) }
        let reply = try await SubscriptionDownload.get(subscription.url, headers: headers, into: download, limits: limits)

        var refreshed = subscription
        refreshed.lastRefreshed = now
        switch reply.status {
        case 200:
            break
        case 304 where current != nil:
            return .unchanged(refreshed)
        case 404, 410:
            throw .notFound(status: reply.status)
        case 401, 403:
            throw .needsPassword(status: reply.status)
        default:
            throw .server(status: reply.status)
        }
        refreshed.etag = reply.etag
        refreshed.lastModified = reply.lastModified
        let bytes: Data
        do {
            bytes = try AtomicFileWriter.read(path: download).data
        } catch {
            throw .file(reason: error.description)
        }
        refreshed.contentHash = Fingerprint.hex(bytes)
        if current != nil, refreshed.contentHash == subscription.contentHash {
            return .unchanged(refreshed)
        }

        let vetted = try await Self.vet(path: download, childExecutable: childExecutable, limits: limits.vetting)
        var document = vetted.document
        if document.eventUIDs.isEmpty, let first = vetted.problems.first {
            throw .notACalendar(problem: "has no event that can be read (\(first))")
        }
        if refreshed.name.trimmingCharacters(in: .whitespaces).isEmpty {
            refreshed.name = document.calendarName ?? subscription.url.host ?? subscription.url.absoluteString
        }
        // The local copy carries the user's name and colour, so whoever opens it shows them.
        try? document.setCalendarName(refreshed.name)
        try? document.setCalendarColor(refreshed.color)
        let data = document.data
        if let current, current.data == data {
            return .unchanged(refreshed)
        }
        do {
            try AtomicFileWriter().write(data, to: localPath, expecting: current?.identity)
        } catch {
            throw .file(reason: error.description)
        }
        return .updated(refreshed, eventCount: document.eventUIDs.count, problems: vetted.problems)
    }

    /// One subscription's result in `refreshAll`.
    /// Follows a new published calendar: downloads and vets it (`refresh`), then adds it to
    /// the store. When adding fails (its name or address taken meanwhile) the downloaded copy
    /// is removed again, so nothing is left over.
    /// - Throws: `SubscriptionError` when the download fails, `SubscriptionStoreError` when
    ///   adding does.
    public func subscribe(_ subscription: Subscription, childExecutable: String, limits: Limits = .standard,
                          now: Date) async throws -> Outcome {
        let outcome = try await refresh(subscription, childExecutable: childExecutable, limits: limits, now: now)
        do {
            try store.add(outcome.subscription)
        } catch {
            if let path = store.localPath(of: outcome.subscription) { unlink(path) }
            throw error
        }
        return outcome
    }

    public struct Refreshed: Sendable {
        public var subscription: Subscription
        public var result: Result<Outcome, SubscriptionError>
    }

    /// Refreshes every subscription, one after the other (one failure does not stop the
    /// others), and records what each learnt in the store: for `koyomi sync` and the window's
    /// periodic refresh.
    public func refreshAll(childExecutable: String, limits: Limits = .standard,
                           now: Date) async throws(SubscriptionStoreError) -> [Refreshed] {
        var results: [Refreshed] = []
        for subscription in try store.load() {
            let outcome: Outcome
            do {
                outcome = try await refresh(subscription, childExecutable: childExecutable, limits: limits, now: now)
            } catch {
                results.append(Refreshed(subscription: subscription, result: .failure(error)))
                continue
            }
            do {
                try store.recordRefresh(outcome.subscription)
                results.append(Refreshed(subscription: subscription, result: .success(outcome)))
            } catch {
                // The copy is new but its validators are lost: the next refresh downloads in full.
                results.append(Refreshed(subscription: subscription, result: .failure(.file(reason: error.description))))
            }
        }
        return results
    }

    /// Runs the blocking vetting child on a Dispatch thread, not on the cooperative pool.
    private static func vet(path: String, childExecutable: String,
                            limits: UntrustedCalendar.Limits) async throws(SubscriptionError) -> VettedCalendar {
        let result: Result<VettedCalendar, ICalendarError> = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                do throws(ICalendarError) {
                    continuation.resume(returning: .success(
                        try UntrustedCalendar.read(path: path, childExecutable: childExecutable, limits: limits)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        switch result {
        case let .success(vetted): return vetted
        case let .failure(error): throw .notACalendar(problem: error.problem)
        }
    }
}
