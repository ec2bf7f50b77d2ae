import FileSafety
import Foundation

/// The list of CalDAV accounts in `$XDG_DATA_HOME/koyomi/sync/accounts.json` (beside
/// `calendars/`; see `UserCalendarFolder`). Holds no passwords: those are in `Keyring`.
///
/// Every change is read–modify–write with an atomic save that refuses to overwrite a file
/// another program changed meanwhile (it then re-reads and applies the change again). A file
/// that cannot be read is never overwritten: changes throw `.broken` until the caller has
/// moved it aside with `setBrokenFileAside(now:)`.
public struct AccountStore: Sendable {
    public let file: URL

    /// The file under `XDG_DATA_HOME` (absolute values only, the rule `UserCalendarFolder`
    /// follows), else `HOME/.local/share`.
    public init(environment: [String: String]) {
        self.init(file: Folders.data(environment: environment).appendingPathComponent("sync/accounts.json"))
    }

    public init(file: URL) {
        self.file = file
    }

    /// The accounts, in the order added; none when the file does not exist yet.
    public func load() throws(AccountStoreError) -> [Account] {
        try read().list.accounts
    }

    /// Adds a new account at the end. - Throws: `.duplicateAccount` when its id is taken.
    public func add(_ account: Account) throws(AccountStoreError) {
        try modify { list throws(AccountStoreError) in
            guard !list.accounts.contains(where: { $0.id == account.id }) else {
                throw .duplicateAccount(id: account.id)
            }
            list.accounts.append(account)
        }
    }

    /// Replaces the account with the same id. - Throws: `.unknownAccount` when there is none.
    public func update(_ account: Account) throws(AccountStoreError) {
        try modify { list throws(AccountStoreError) in
            guard let index = list.accounts.firstIndex(where: { $0.id == account.id }) else {
                throw .unknownAccount(id: account.id)
            }
            list.accounts[index] = account
        }
    }

    /// Removes the account (its password is the caller's to remove from the keyring).
    /// - Returns: whether it was there.
    @discardableResult
    public func remove(id: String) throws(AccountStoreError) -> Bool {
        var removed = false
        try modify { list in
            let before = list.accounts.count
            list.accounts.removeAll { $0.id == id }
            removed = list.accounts.count != before
        }
        return removed
    }

    /// For start-up: the accounts, after moving an unreadable file aside (see
    /// `setBrokenFileAside(now:)`); `notice` then tells the user where it went.
    public func loadOrStartFresh(now: Date) throws(AccountStoreError) -> (accounts: [Account], notice: String?) {
        do {
            return (try load(), nil)
        } catch .broken {
            let notice = try setBrokenFileAside(now: now)
            return (try load(), notice)
        }
    }

    /// Renames an unreadable accounts file to `accounts.json.broken-<UTC date and time>`
    /// (never replacing an earlier one), so the next change starts a fresh list. A file that
    /// reads fine (or is from a newer Koyomi, which throws) is left where it is.
    /// - Returns: a sentence for the user saying where the old file went; nil when nothing
    ///   was moved.
    @discardableResult
    public func setBrokenFileAside(now: Date) throws(AccountStoreError) -> String? {
        let aside: String?
        do {
            aside = try listFile.setAsideIfBroken(now: now)
        } catch {
            throw storeError(error)
        }
        return aside.map { "The accounts list could not be read; it was kept as \($0) and Koyomi starts with no accounts." }
    }
}
