import Accounts
import CalDAV
import CalendarEditing
import CalendarLibrary
import FileSafety
import Foundation
import OnlineAccounts

/// Keeps Koyomi's accounts in step with GNOME Online Accounts: each GOA account that has
/// calendars switched on (`OnlineAccount.syncsCalendars`) becomes a Koyomi account marked with
/// its GOA id (`Account.onlineAccount`), its calendars discovered from `Calendar.Uri` the
/// standard way and mirrored in local files as for any account; one that GOA no longer lists,
/// or whose calendars were switched off, goes, and its calendars with it. A calendar with
/// changes not yet on the server is kept as a local calendar instead, and said so. Nothing is
/// ever deleted on the server.
public struct OnlineAccountsFollower: Sendable {
    public let store: AccountStore
    public let calendars: UserCalendarFolder
    public let syncFolder: URL
    public let backups: BackupStore

    public init(store: AccountStore, calendars: UserCalendarFolder, syncFolder: URL, backups: BackupStore) {
        self.store = store
        self.calendars = calendars
        self.syncFolder = syncFolder
        self.backups = backups
    }

    /// What one pass changed, for the window and `koyomi sync` to say.
    public struct Changes: Sendable {
        /// Accounts made for GOA accounts (their calendars' files are new).
        public var added: [Account] = []
        /// Accounts that went, with the calendars whose files were removed and those kept as
        /// local calendars because they held changes the server never got.
        public var removed: [(account: Account, removedFiles: [AccountCalendar], keptFiles: [AccountCalendar])] = []
        /// GOA accounts that could not be added now (their calendars could not be discovered).
        public var problems: [(account: OnlineAccount, error: any Error)] = []

        public init() {}
        public var isEmpty: Bool { added.isEmpty && removed.isEmpty && problems.isEmpty }
    }

    /// Brings the stored accounts in line with `online` (GOA's accounts as read just now).
    public func follow(_ online: [OnlineAccount], bus: OnlineAccountsBus, now: Date) async throws -> Changes {
        var changes = Changes()
        let stored = try store.load()
        let wanted = online.filter(\.syncsCalendars)
        for account in stored {
            guard let link = account.onlineAccount, !wanted.contains(where: { $0.id == link.id }) else { continue }
            changes.removed.append(try remove(account))
        }
        for goa in wanted where !stored.contains(where: { $0.onlineAccount?.id == goa.id }) {
            // Signing in again is the user's; the account is added once GOA can give credentials.
            if goa.attentionNeeded {
                changes.problems.append((goa, OnlineAccountsError.signInAgain(account: goa.presentationIdentity)))
                continue
            }
            do {
                let account = try await add(goa, bus: bus, now: now)
                changes.added.append(account)
            } catch {
                changes.problems.append((goa, error))
            }
        }
        return changes
    }

    private func add(_ goa: OnlineAccount, bus: OnlineAccountsBus, now: Date) async throws -> Account {
        guard let start = goa.calendarURI else { throw OnlineAccountsError.failed(reason: "no calendar address") }
        let client = CalDAVClient(baseURL: start, credentials: OnlineAccountCredentials.make(for: goa, bus: bus))
        let remote = try await client.discover(from: start)
        var account = try AccountSync.makeAccount(serverURL: start, userName: goa.identity, chosen: remote,
                                                  calendars: calendars, now: now)
        account.id = "goa-" + goa.id
        account.displayName = goa.presentationIdentity
        account.onlineAccount = OnlineAccountLink(id: goa.id, providerType: goa.providerType)
        try store.add(account)
        return account
    }

    /// Forgets a GOA account: its calendars' files go (a copy kept in the backups) unless they
    /// hold changes the server never got; its sync states go.
    private func remove(_ account: Account) throws -> (account: Account, removedFiles: [AccountCalendar], keptFiles: [AccountCalendar]) {
        let sync = AccountSync(account: account, credentials: CalDAVCredentials { _ in nil }, calendars: calendars,
                               syncFolder: syncFolder)
        var removed: [AccountCalendar] = [], kept: [AccountCalendar] = []
        for calendar in account.calendars {
            let path = sync.localPath(of: calendar)
            guard FileIdentity.of(path: path) != nil else { continue }
            if sync.hasUnsyncedChanges(calendar) {
                kept.append(calendar)
            } else {
                try calendars.removeCalendar(path: path, backups: backups)
                removed.append(calendar)
            }
        }
        try store.remove(id: account.id)
        try? FileManager.default.removeItem(at: syncFolder.appendingPathComponent(account.id))
        return (account, removed, kept)
    }
}

extension AccountSync {
    /// Whether the calendar's local file holds anything the server has not got: a plan made,
    /// changed or removed here since the last sync, or a conflict not settled. An unreadable
    /// state or file counts as yes: nothing is dropped on a doubt.
    public func hasUnsyncedChanges(_ calendar: AccountCalendar) -> Bool {
        let syncer = syncer(for: calendar)
        guard let state = try? SyncState.load(path: syncer.statePath, collection: calendar.remoteURL),
              let document = try? CalendarDocument.load(path: localPath(of: calendar), timeZone: calendars.timeZone).document
        else { return true }
        if !state.conflicts.isEmpty { return true }
        let index = document.eventIndex
        for uid in index.uids where index.fingerprint(uid: uid) != state.resources[uid]?.fingerprint { return true }
        let here = Set(index.uids)
        return state.resources.keys.contains { !here.contains($0) }
    }
}
