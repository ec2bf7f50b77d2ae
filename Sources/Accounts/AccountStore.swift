import Foundation
import ICalendar

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
        let home = environment["HOME"] ?? NSHomeDirectory()
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        self.init(file: URL(fileURLWithPath: data).appendingPathComponent("koyomi/sync/accounts.json"))
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
        do {
            _ = try read()
            return nil
        } catch .broken {
            // Only this case is moved.
        }
        let stamp = Self.stampFormatter.string(from: now)
        let folder = file.deletingLastPathComponent()
        for number in 1...100 {
            let aside = folder.appendingPathComponent(
                file.lastPathComponent + ".broken-" + stamp + (number == 1 ? "" : "-\(number)"))
            if try Self.move(file.path, to: aside.path) {
                return "The accounts list could not be read; it was kept as \(aside.path) and Koyomi starts with no accounts."
            }
        }
        throw .file(.system(path: folder.path, operation: "rename", errno: EEXIST))
    }

    /// Moves a file to a name that must not exist yet. - Returns: false when it exists.
    private static func move(_ path: String, to target: String) throws(AccountStoreError) -> Bool {
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

    private static let stampFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter
    }()
}
