import Foundation

/// Why a sync could not run at all (a single plan's trouble is a conflict or a report line).
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadableState(path: String, reason: String)
    case stateMismatch(path: String, collection: URL)

    public var description: String {
        switch self {
        case let .unreadableState(path, reason):
            return "the sync state \(path) cannot be read (\(reason)); it was left as it is"
        case let .stateMismatch(path, collection):
            return "the sync state \(path) belongs to \(collection.absoluteString), not to this calendar"
        }
    }
}
