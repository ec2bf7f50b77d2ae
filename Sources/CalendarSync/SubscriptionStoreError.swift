import FileSafety

/// Why the subscriptions file could not be read or changed. The file on disk is unchanged
/// in every case.
public enum SubscriptionStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is not a Koyomi subscriptions file (not JSON, cut short, a field missing).
    /// `SubscriptionStore.setBrokenFileAside(now:)` keeps it under another name so a fresh
    /// list can start.
    case broken(path: String, reason: String)
    /// Written by a newer Koyomi: left alone rather than rewritten in an older format.
    case newerFormat(path: String, version: Int)
    case unknownSubscription(id: String)
    /// Already subscribed to this address (under `name`).
    case duplicateAddress(url: String, name: String)
    /// Another subscription already has this name (names pick one for `unsubscribe`).
    case duplicateName(name: String)
    /// Reading, writing or moving the file failed.
    case file(SaveError)
    /// Another program kept changing the file while it was being updated.
    case busy(path: String)

    public var description: String {
        switch self {
        case let .broken(path, reason):
            "\(path): the subscriptions list cannot be read (\(reason))"
        case let .newerFormat(path, version):
            "\(path): written by a newer Koyomi (format \(version)); left unchanged"
        case let .unknownSubscription(id):
            "no subscription with id \(id)"
        case let .duplicateAddress(url, name):
            "already subscribed to \(url) as “\(name)”"
        case let .duplicateName(name):
            "a subscription named “\(name)” exists already; choose another name with --name"
        case let .file(error):
            error.description
        case let .busy(path):
            "\(path): changed by another program again and again while saving; try again"
        }
    }
}
