import Foundation
import ICalendar

extension AccountStore {
    /// How often a change is re-applied when another program keeps changing the file.
    private static let attempts = 5

    /// The list and the identity of the version read (nil: no file yet).
    func read() throws(AccountStoreError) -> (list: AccountList, identity: FileIdentity?) {
        let data: Data, identity: FileIdentity
        do {
            (data, identity) = try AtomicFileWriter.read(path: file.path)
        } catch let .system(_, _, code) where code == ENOENT {
            return (AccountList(version: AccountList.currentVersion, accounts: []), nil)
        } catch {
            throw .file(error)
        }
        return (try Self.decode(data, path: file.path), identity)
    }

    /// Applies `change` to the current list and saves it, again from a fresh read when
    /// another program changed the file in between.
    func modify(_ change: (inout AccountList) throws(AccountStoreError) -> Void) throws(AccountStoreError) {
        for _ in 0..<Self.attempts {
            var (list, identity) = try read()
            try change(&list)
            let data = try Self.encode(list)
            try createFolder()
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

    /// Creates `koyomi/sync/` (and what is missing above it), private to the user.
    private func createFolder() throws(AccountStoreError) {
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            let code = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError)?.code
            throw .file(.system(path: folder.path, operation: "create folder", errno: code.map(Int32.init) ?? EIO))
        }
    }

    static func decode(_ data: Data, path: String) throws(AccountStoreError) -> AccountList {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        // The version first: a newer format may not decode as ours at all.
        struct Header: Decodable { var version: Int }
        do {
            let header = try decoder.decode(Header.self, from: data)
            guard header.version <= AccountList.currentVersion else {
                throw AccountStoreError.newerFormat(path: path, version: header.version)
            }
            return try decoder.decode(AccountList.self, from: data)
        } catch let error as AccountStoreError {
            throw error
        } catch {
            throw .broken(path: path, reason: Self.plainReason(error))
        }
    }

    static func encode(_ list: AccountList) throws(AccountStoreError) -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(list) + Data("\n".utf8)
        } catch {
            // Only non-finite numbers fail to encode, and an account has none.
            throw .broken(path: "(new accounts list)", reason: "\(error)")
        }
    }

    /// A decoding error in a few words ("missing userName in accounts[1]", "not JSON").
    private static func plainReason(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
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
}
