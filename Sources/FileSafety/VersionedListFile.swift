import Foundation

/// A small JSON list with a format number first (the CalDAV accounts, the subscriptions).
public protocol VersionedList: Codable {
    static var currentVersion: Int { get }
    /// The list before anything was added (no file yet).
    static var empty: Self { get }
}

/// Why a `VersionedListFile` could not be read or changed; each store says it in its own terms.
public enum VersionedListProblem: Error, Equatable, Sendable {
    /// Not such a list (not JSON, cut short, a field missing), in a few words.
    case broken(reason: String)
    /// Written by a newer Koyomi: left alone rather than rewritten in an older format.
    case newerFormat(version: Int)
    case file(SaveError)
    /// Another program kept changing the file while it was being updated.
    case busy
}

/// Reading and changing a `VersionedList` file: ISO 8601 dates, sorted pretty JSON, and every
/// change read–modify–write with an atomic save that refuses to overwrite another program's
/// change (the change is applied again to a fresh read, a few times), in a private folder.
public struct VersionedListFile<List: VersionedList>: Sendable {
    public let path: String
    /// How often a change is re-applied when another program keeps changing the file.
    static var attempts: Int { 5 }

    public init(path: String) {
        self.path = path
    }

    /// The list and the identity of the version read (nil: no file yet, the empty list).
    public func read() throws(VersionedListProblem) -> (list: List, identity: FileIdentity?) {
        let data: Data, identity: FileIdentity
        do {
            (data, identity) = try AtomicFileWriter.read(path: path)
        } catch let .system(_, _, code) where code == ENOENT {
            return (List.empty, nil)
        } catch {
            throw .file(error)
        }
        return (try Self.decode(data), identity)
    }

    /// Renames the file to `<name>.broken-<UTC date and time>` when it cannot be read as such a
    /// list, so the next change starts a fresh one; a readable file (or one from a newer
    /// Koyomi, which throws) stays. - Returns: where it went; nil when nothing was moved.
    public func setAsideIfBroken(now: Date) throws(VersionedListProblem) -> String? {
        do {
            _ = try read()
            return nil
        } catch .broken {
            // Only this case is moved.
        }
        do {
            return try ListFile.setAside(path, now: now)
        } catch {
            throw .file(error)
        }
    }

    /// Applies `change` to the current list and saves it; `problem` says a file problem in
    /// the caller's error type, so `change` can throw that type too.
    public func modify<Failure: Error>(_ change: (inout List) throws(Failure) -> Void,
                                       problem: (VersionedListProblem) -> Failure) throws(Failure) {
        for _ in 0..<Self.attempts {
            let (list, identity): (List, FileIdentity?)
            do {
                (list, identity) = try read()
            } catch {
                throw problem(error)
            }
            var changed = list
            try change(&changed)
            do {
                let data = try Self.encode(changed)
                try ListFile.createPrivateFolder(URL(fileURLWithPath: path).deletingLastPathComponent())
                try AtomicFileWriter().write(data, to: path, expecting: identity)
                return
            } catch .changedOnDisk {
                continue
            } catch {
                throw problem(.file(error))
            }
        }
        throw problem(.busy)
    }

    static func decode(_ data: Data) throws(VersionedListProblem) -> List {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        // The version first: a newer format may not decode as ours at all.
        let header: VersionHeader
        do {
            header = try decoder.decode(VersionHeader.self, from: data)
        } catch {
            throw .broken(reason: ListFile.plainReason(error))
        }
        guard header.version <= List.currentVersion else { throw .newerFormat(version: header.version) }
        do {
            return try decoder.decode(List.self, from: data)
        } catch {
            throw .broken(reason: ListFile.plainReason(error))
        }
    }

    static func encode(_ list: List) throws(SaveError) -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Only non-finite numbers fail to encode, and these lists hold none.
        guard let data = try? encoder.encode(list) else { throw .system(path: "(new list)", operation: "encode", errno: EINVAL) }
        return data + Data("\n".utf8)
    }
}

/// Only a list file's format number.
private struct VersionHeader: Decodable {
    var version: Int
}
