import FileSafety

/// The subscriptions file's content: a format number first, so a later Koyomi can tell its
/// own files from ours.
struct SubscriptionList: VersionedList, Equatable {
    static let currentVersion = 1
    static var empty: SubscriptionList { SubscriptionList(version: currentVersion, subscriptions: []) }

    var version: Int
    var subscriptions: [Subscription]
}
