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
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        let stamp = formatter.string(from: now)
        let parent = file.deletingLastPathComponent()
        for number in 1...100 {
            let aside = parent.appendingPathComponent(
                file.lastPathComponent + ".broken-" + stamp + (number == 1 ? "" : "-\(number)"))
            if try Self.move(file.path, to: aside.path) {
                return "The subscriptions list could not be read; it was kept as \(aside.path) and Koyomi starts with no subscriptions."
            }
        }
        throw .file(.system(path: parent.path, operation: "rename", errno: EEXIST))
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
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            let code = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code
            throw .file(.system(path: folder.path, operation: "create folder", errno: code.map(Int32.init) ?? EIO))
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
        } catch let error as DecodingError {
            throw .broken(path: path, reason: Self.plainReason(error))
        } catch {
            throw .broken(path: path, reason: "not JSON")
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

    /// A decoding error in a few words ("missing url in subscriptions[1]", "not JSON").
    private static func plainReason(_ error: DecodingError) -> String {
        func place(_ path: [CodingKey]) -> String {
            path.isEmpty ? "the top level" : path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
                .joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case let .keyNotFound(key, context):
            return "missing \(key.stringValue) in \(place(context.codingPath))"
        case let .typeMismatch(_, context), let .valueNotFound(_, context):
            return "wrong value at \(place(context.codingPath))"
        case let .dataCorrupted(context):
            return context.codingPath.isEmpty ? "not JSON" : "bad value at \(place(context.codingPath))"
        @unknown default:
            return "not readable"
        }
    }

    /// Moves a file to a name that must not exist yet. - Returns: false when it exists.
    private static func move(_ path: String, to target: String) throws(SubscriptionStoreError) -> Bool {
        // link + unlink, because link never replaces an existing file (rename would).
        if link(path, target) == 0 {
            guard unlink(path) == 0 else { throw .file(.system(path: path, operation: "unlink", errno: errno)) }
            return true
        }
        switch errno {
        case EEXIST:
            return false
        case EPERM, EOPNOTSUPP, EMLINK:
            // A file system without hard links: check, then rename (a tiny race, only here).
            guard access(target, F_OK) != 0 else { return false }
            guard rename(path, target) == 0 else { throw .file(.system(path: path, operation: "rename", errno: errno)) }
            return true
        case let code:
            throw .file(.system(path: target, operation: "link", errno: code))
        }
    }
}
