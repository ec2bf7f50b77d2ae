import Accounts
import CalDAV
import CalendarLibrary
import FileSafety
import Foundation
import OnlineAccounts

/// GNOME Online Accounts as read once: the bus and its accounts, and how to sync a Koyomi
/// account that mirrors one of them. `read()` is nil without GOA on the session bus (KDE, Sway,
/// a server): then nothing about Koyomi's own accounts changes.
public struct OnlineAccountsSnapshot: Sendable {
    public let bus: OnlineAccountsBus
    public let accounts: [OnlineAccount]

    public init(bus: OnlineAccountsBus, accounts: [OnlineAccount]) {
        self.bus = bus
        self.accounts = accounts
    }

    /// GOA's accounts now, or nil when there is no session bus or no GOA on it. Waits for
    /// the bus (bounded): call it off the window's thread.
    public static func read() -> OnlineAccountsSnapshot? {
        guard let bus = try? OnlineAccountsBus.sessionBus(), let accounts = try? bus.accounts() else { return nil }
        return OnlineAccountsSnapshot(bus: bus, accounts: accounts)
    }

    /// The GOA account a Koyomi account mirrors, if GOA still lists it.
    public func account(for link: OnlineAccountLink) -> OnlineAccount? {
        accounts.first { $0.id == link.id }
    }

    /// Syncs every calendar of `account` (a mirror of a GOA account) with credentials from GOA.
    /// An account GOA says needs attention, or whose credentials GOA cannot renew after a
    /// refusal, fails each calendar with `.signInAgain`, and nothing else stops.
    public func syncAll(_ account: Account, calendars: UserCalendarFolder, syncFolder: URL,
                        writer: AtomicFileWriter) async -> [AccountSync.Outcome] {
        guard let link = account.onlineAccount, let goa = self.account(for: link) else { return [] }
        let signIn = OnlineAccountsError.signInAgain(account: goa.presentationIdentity)
        if goa.attentionNeeded {
            return account.calendars.map { AccountSync.Outcome(calendar: $0, result: .failure(signIn)) }
        }
        let sync = AccountSync(account: account, credentials: OnlineAccountCredentials.make(for: goa, bus: bus),
                               calendars: calendars, syncFolder: syncFolder, writer: writer)
        return await sync.syncAll().map { outcome in
            // Still refused after GOA renewed the credentials: only signing in again helps.
            guard case .failure(CalDAVError.unauthorized) = outcome.result else { return outcome }
            return AccountSync.Outcome(calendar: outcome.calendar, result: .failure(signIn))
        }
    }
}
