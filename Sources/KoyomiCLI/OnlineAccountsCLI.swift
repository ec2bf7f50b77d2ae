import Accounts
import CalDAV
import CalendarLibrary
import CalendarModel
import CalendarSync
import FileSafety
import Foundation
import OnlineAccounts

/// GNOME Online Accounts in `koyomi sync` and `koyomi account list`: its accounts followed
/// (added, removed) before a sync, and said in the user's language. Without GOA on the
/// session bus nothing here runs and nothing changes.
enum OnlineAccountsCLI {
    /// GOA's accounts now, after bringing Koyomi's in line with them; what changed, in words
    /// (stdout), and what could not be done (stderr). Nil snapshot: no GOA.
    static func follow(context: CLIContext) -> (snapshot: OnlineAccountsSnapshot?, output: String, error: String) {
        guard let snapshot = OnlineAccountsSnapshot.read() else { return (nil, "", "") }
        let follower = OnlineAccountsFollower(
            store: AccountStore(environment: context.environment),
            calendars: UserCalendarFolder(environment: context.environment, timeZone: context.timeZone),
            syncFolder: AccountSync.syncFolder(environment: context.environment),
            backups: BackupStore.standard(environment: context.environment))
        let now = context.now
        let changes: OnlineAccountsFollower.Changes
        do {
            changes = try runBlocking { try await follower.follow(snapshot.accounts, bus: snapshot.bus, now: now) }
        } catch {
            return (snapshot, "", "koyomi sync: \(error)\n")
        }
        var output = "", problems = ""
        for account in changes.added {
            let names = account.calendars.map { "“\($0.displayName)”" }.joined(separator: L(", "))
            // TRANSLATORS: `koyomi sync`: %1$@ is an account (alice@gmail.com), %2$@ its calendars (“Work”, “Home”).
            output += FormatterStrings.fill(L("Added %1$@ from GNOME Online Accounts with %2$@"), account.displayName, names) + "\n"
        }
        for (account, removed, kept) in changes.removed {
            // TRANSLATORS: `koyomi sync`: %@ is an account no longer in (or with calendars switched off in) GNOME Online Accounts.
            output += FormatterStrings.fill(L("%@ is no longer synced from GNOME Online Accounts; nothing was deleted on the server"),
                                            account.displayName) + "\n"
            if !removed.isEmpty {
                // TRANSLATORS: `koyomi sync`: %@ lists calendars (“Work”, “Home”) whose copies here were removed.
                output += "  " + FormatterStrings.fill(L("removed here: %@"), removed.map { "“\($0.displayName)”" }
                    .joined(separator: L(", "))) + "\n"
            }
            for calendar in kept {
                // TRANSLATORS: `koyomi sync`: %1$@ is a calendar, %2$@ its file.
                output += "  " + FormatterStrings.fill(L("“%1$@” had changes the server never got: kept as a local calendar (%2$@)"),
                                                       calendar.displayName, calendar.localFile) + "\n"
            }
        }
        for (account, error) in changes.problems {
            problems += "koyomi sync: \(account.presentationIdentity): \(sentence(for: error))\n"
        }
        return (snapshot, output, problems)
    }

    /// What went wrong, translated where it is GOA's or a server's "slow down".
    static func sentence(for error: any Error) -> String {
        switch error {
        case let OnlineAccountsError.signInAgain(account):
            // TRANSLATORS: GNOME Online Accounts refused the credentials; %@ is the account (alice@gmail.com).
            // "Settings → Online Accounts" is where GNOME Settings keeps them: use its translated names.
            return FormatterStrings.fill(L("Sign in to %@ again in Settings → Online Accounts"), account)
        case let CalDAVError.rateLimited(retryAfter):
            // TRANSLATORS: the server (e.g. Google) answered "too many requests" even after Koyomi waited.
            return L("The server asks Koyomi to slow down (too many requests); Koyomi waited, and tries again at the next sync")
                + (retryAfter.map { " (" + FormatterStrings.fill(L("it asked for %@ s"), String(Int($0.rounded(.up)))) + ")" } ?? "")
        default:
            return "\(error)"
        }
    }

    /// `koyomi account list`'s line for a GOA account Koyomi has not added yet.
    static func pendingLine(_ account: OnlineAccount) -> String {
        // TRANSLATORS: `koyomi account list`: %1$@ is the account (alice@gmail.com), %2$@ the provider (Google).
        FormatterStrings.fill(L("%1$@  (GNOME Online Accounts, %2$@; its calendars are added at the next koyomi sync)"),
                              account.presentationIdentity, account.providerName) + "\n"
    }
}
