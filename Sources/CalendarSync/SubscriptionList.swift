/// The subscriptions file's content: a format number first, so a later Koyomi can tell its
/// own files from ours.
struct SubscriptionList: Codable, Equatable {
    static let currentVersion = 1

    var version: Int
    var subscriptions: [Subscription]
}
