import FileSafety
import Foundation

extension AccountStore {
    var listFile: VersionedListFile<AccountList> { VersionedListFile(path: file.path) }

    /// The list and the identity of the version read (nil: no file yet).
    func read() throws(AccountStoreError) -> (list: AccountList, identity: FileIdentity?) {
        do {
            return try listFile.read()
        } catch {
            throw storeError(error)
        }
    }

    /// Applies `change` to the current list and saves it, again from a fresh read when
    /// another program changed the file in between.
    func modify(_ change: (inout AccountList) throws(AccountStoreError) -> Void) throws(AccountStoreError) {
        try listFile.modify(change, problem: storeError)
    }

    func storeError(_ problem: VersionedListProblem) -> AccountStoreError {
        switch problem {
        case let .broken(reason): .broken(path: file.path, reason: reason)
        case let .newerFormat(version): .newerFormat(path: file.path, version: version)
        case let .file(error): .file(error)
        case .busy: .busy(path: file.path)
        }
    }
}
