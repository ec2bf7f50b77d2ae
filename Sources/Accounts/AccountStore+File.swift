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
        do {
            try ListFile.createPrivateFolder(file.deletingLastPathComponent())
        } catch {
            throw .file(error)
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
            throw .broken(path: path, reason: ListFile.plainReason(error))
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
}
