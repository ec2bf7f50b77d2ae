import FileSafety
import Foundation

/// The list of subscriptions in `$XDG_DATA_HOME/koyomi/sync/subscriptions.json`, and their
/// local copies in `$XDG_DATA_HOME/koyomi/subscriptions/` (beside `calendars/`, never in it:
/// everything in `calendars/` is editable, a subscription is not).
///
/// The same rules as `AccountStore`: every change is read–modify–write with an atomic save
/// that refuses to overwrite a file another program changed meanwhile (it then re-reads and
/// applies the change again), and a file that cannot be read is never overwritten: changes
/// throw `.broken` until `setBrokenFileAside(now:)` has moved it aside.
public struct SubscriptionStore: Sendable {
    /// `…/koyomi/sync/subscriptions.json`.
    public let file: URL
    /// `…/koyomi/subscriptions/`: the local copies, one `<id>.ics` each.
    public let folder: URL

    /// The files under `XDG_DATA_HOME` (absolute values only, the rule `UserCalendarFolder`
    /// follows), else `HOME/.local/share`.
    public init(environment: [String: String]) {
        let koyomi = Folders.data(environment: environment)
        self.init(file: koyomi.appendingPathComponent("sync/subscriptions.json"),
                  folder: koyomi.appendingPathComponent("subscriptions"))
    }

    public init(file: URL, folder: URL) {
        self.file = file
        self.folder = folder
    }

    /// The subscriptions, in the order added; none when the file does not exist yet.
    public func load() throws(SubscriptionStoreError) -> [Subscription] {
        try read().list.subscriptions
    }

    /// The local copies that exist, in the order subscribed, for the window and `koyomi
    /// list` to open **read-only**. An unreadable list gives none (`loadOrStartFresh` is the
    /// place that reports it).
    public var localPaths: [String] {
        ((try? load()) ?? []).compactMap { localPath(of: $0) }.filter { FileIdentity.of(path: $0) != nil }
    }

    /// Where the subscription's local copy lives; nil when its `localFile` is not a plain
    /// `.ics` file name (a hand-edited list must not send writes outside the folder).
    public func localPath(of subscription: Subscription) -> String? {
        let name = subscription.localFile
        guard name.hasSuffix(".ics"), !name.hasPrefix("."), !name.contains("/"), !name.contains("\0") else { return nil }
        return folder.appendingPathComponent(name).path
    }

    /// The subscription called `name` (case-insensitively), or with this id.
    public func subscription(named name: String) throws(SubscriptionStoreError) -> Subscription? {
        try load().first { $0.name.caseInsensitiveCompare(name) == .orderedSame || $0.id == name }
    }

    /// Adds a new subscription at the end.
    /// - Throws: `.duplicateAddress` when the address is followed already, `.duplicateName`
    ///   when the name is taken.
    public func add(_ subscription: Subscription) throws(SubscriptionStoreError) {
        try modify { list throws(SubscriptionStoreError) in
            if let same = list.subscriptions.first(where: { $0.url == subscription.url || $0.id == subscription.id }) {
                throw .duplicateAddress(url: same.url.absoluteString, name: same.name)
            }
            if list.subscriptions.contains(where: { $0.name.caseInsensitiveCompare(subscription.name) == .orderedSame }) {
                throw .duplicateName(name: subscription.name)
            }
            list.subscriptions.append(subscription)
        }
    }

    /// Replaces the subscription with the same id. - Throws: `.unknownSubscription` when none.
    public func update(_ subscription: Subscription) throws(SubscriptionStoreError) {
        try modify { list throws(SubscriptionStoreError) in
            guard let index = list.subscriptions.firstIndex(where: { $0.id == subscription.id }) else {
                throw .unknownSubscription(id: subscription.id)
            }
            list.subscriptions[index] = subscription
        }
    }

    /// Keeps what a refresh learnt (when, the validators, the content hash) without touching
    /// what the user may have changed meanwhile (name, colour).
    /// - Returns: false when the subscription was removed in the meantime.
    @discardableResult
    public func recordRefresh(_ refreshed: Subscription) throws(SubscriptionStoreError) -> Bool {
        var found = false
        try modify { list in
            guard let index = list.subscriptions.firstIndex(where: { $0.id == refreshed.id }) else { return }
            found = true
            list.subscriptions[index].lastRefreshed = refreshed.lastRefreshed
            list.subscriptions[index].etag = refreshed.etag
            list.subscriptions[index].lastModified = refreshed.lastModified
            list.subscriptions[index].contentHash = refreshed.contentHash
        }
        return found
    }

    /// Forgets the subscription and deletes its local copy (only a copy of the server's).
    /// - Returns: whether it was there.
    @discardableResult
    public func remove(id: String) throws(SubscriptionStoreError) -> Bool {
        var removed: Subscription?
        try modify { list in
            removed = list.subscriptions.first { $0.id == id }
            list.subscriptions.removeAll { $0.id == id }
        }
        if let removed, let path = localPath(of: removed) { unlink(path) }
        return removed != nil
    }

    /// For start-up: the subscriptions, after moving an unreadable file aside (see
    /// `setBrokenFileAside(now:)`); `notice` then tells the user where it went.
    public func loadOrStartFresh(now: Date) throws(SubscriptionStoreError) -> (subscriptions: [Subscription], notice: String?) {
        do {
            return (try load(), nil)
        } catch .broken {
            let notice = try setBrokenFileAside(now: now)
            return (try load(), notice)
        }
    }
}
