import Foundation
import ICalendar

/// Reading and saving the list, and setting a broken one aside (as `AccountStore` does).
extension SubscriptionStore {
    /// How often a change is re-applied when another program keeps changing the file.
    private static let attempts = 5

    /// Renames an unreadable list to `subscriptions.json.broken-<UTC date and time>` (never
    /// replacing an earlier one), so the next change starts a fresh list. A file that reads
    /// fine (or is from a newer Koyomi, which throws) is left where it is.
    /// - Returns: a sentence for the user saying where the old file went; nil when nothing
    ///   was moved.
    @discardableResult
    public func setBrokenFileAside(now: Date) throws(SubscriptionStoreError) -> String? {
        do {
            _ = try read()
            return nil
        } catch .broken {
            // Only this case is moved.
        }
        let aside: String
        do {
            aside = try ListFile.setAside(file.path, now: now)
        } catch {
            throw .file(error)
        }
        return "The subscriptions list could not be read; it was kept as \(aside) and Koyomi starts with no subscriptions."
    }

    /// The list and the identity of the version read (nil: no file yet).
    func read() throws(SubscriptionStoreError) -> (list: SubscriptionList, identity: FileIdentity?) {
        let data: Data, identity: FileIdentity
        do {
            (data, identity) = try AtomicFileWriter.read(path: file.path)
        } catch let .system(_, _, code) where code == ENOENT {
            return (SubscriptionList(version: SubscriptionList.currentVersion, subscriptions: []), nil)
        } catch {
            throw .file(error)
        }
        return (try Self.decode(data, path: file.path), identity)
    }

    /// Applies `change` to the current list and saves it, again from a fresh read when
    /// another program changed the file in between.
    func modify(_ change: (inout SubscriptionList) throws(SubscriptionStoreError) -> Void) throws(SubscriptionStoreError) {
        for _ in 0..<Self.attempts {
            var (list, identity) = try read()
            try change(&list)
            let data = try Self.encode(list)
            try Self.createFolder(file.deletingLastPathComponent())
            do {
                try AtomicFileWriter().write(data, to: file.path, expecting: identity)
                return
            } catch .changedOnDisk {
                continue
            } catch {
                throw .file(error)
            }
        }
        throw .busy(path: file.path)
    }

    /// Creates a folder (and what is missing above it), private to the user.
    static func createFolder(_ folder: URL) throws(SubscriptionStoreError) {
        do {
            try ListFile.createPrivateFolder(folder)
        } catch {
            throw .file(error)
        }
    }

    static func decode(_ data: Data, path: String) throws(SubscriptionStoreError) -> SubscriptionList {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        // The version first: a newer format may not decode as ours at all.
        struct Header: Decodable { var version: Int }
        do {
            let header = try decoder.decode(Header.self, from: data)
            guard header.version <= SubscriptionList.currentVersion else {
                throw SubscriptionStoreError.newerFormat(path: path, version: header.version)
            }
            return try decoder.decode(SubscriptionList.self, from: data)
        } catch let error as SubscriptionStoreError {
            throw error
        } catch {
            throw .broken(path: path, reason: ListFile.plainReason(error))
        }
    }

    static func encode(_ list: SubscriptionList) throws(SubscriptionStoreError) -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(list) + Data("\n".utf8)
        } catch {
            // Only non-finite numbers fail to encode, and a subscription has none.
            throw .broken(path: "(new subscriptions list)", reason: "\(error)")
        }
    }
}
