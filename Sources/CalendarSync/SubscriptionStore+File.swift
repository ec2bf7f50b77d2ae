import FileSafety
import Foundation

/// Reading and saving the list, and setting a broken one aside (as `AccountStore` does).
extension SubscriptionStore {
    /// Renames an unreadable list to `subscriptions.json.broken-<UTC date and time>` (never
    /// replacing an earlier one), so the next change starts a fresh list. A file that reads
    /// fine (or is from a newer Koyomi, which throws) is left where it is.
    /// - Returns: a sentence for the user saying where the old file went; nil when nothing
    ///   was moved.
    @discardableResult
    public func setBrokenFileAside(now: Date) throws(SubscriptionStoreError) -> String? {
        let aside: String?
        do {
            aside = try listFile.setAsideIfBroken(now: now)
        } catch {
            throw storeError(error)
        }
        return aside.map { "The subscriptions list could not be read; it was kept as \($0) and Koyomi starts with no subscriptions." }
    }

    var listFile: VersionedListFile<SubscriptionList> { VersionedListFile(path: file.path) }

    /// The list and the identity of the version read (nil: no file yet).
    func read() throws(SubscriptionStoreError) -> (list: SubscriptionList, identity: FileIdentity?) {
        do {
            return try listFile.read()
        } catch {
            throw storeError(error)
        }
    }

    /// Applies `change` to the current list and saves it, again from a fresh read when
    /// another program changed the file in between.
    func modify(_ change: (inout SubscriptionList) throws(SubscriptionStoreError) -> Void) throws(SubscriptionStoreError) {
        try listFile.modify(change, problem: storeError)
    }

    /// Creates a folder (and what is missing above it), private to the user.
    static func createFolder(_ folder: URL) throws(SubscriptionStoreError) {
        do {
            try ListFile.createPrivateFolder(folder)
        } catch {
            throw .file(error)
        }
    }

    func storeError(_ problem: VersionedListProblem) -> SubscriptionStoreError {
        switch problem {
        case let .broken(reason): .broken(path: file.path, reason: reason)
        case let .newerFormat(version): .newerFormat(path: file.path, version: version)
        case let .file(error): .file(error)
        case .busy: .busy(path: file.path)
        }
    }
}
