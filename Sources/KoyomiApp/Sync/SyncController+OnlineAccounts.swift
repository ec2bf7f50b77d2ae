import Accounts
import CalendarModel
import CalendarSync
import FileSafety
import Foundation
import GtkKit
import OnlineAccounts

/// GNOME Online Accounts in the window: each sync pass first reads GOA (on the pass's
/// background thread, so never before the first frame nor on the window's thread) and follows
/// it — an account with calendars comes in with its calendars, one removed or switched off goes
/// with them (a calendar holding changes the server never got stays, as a local calendar, and
/// the window says so). Once GOA was found, a watcher on its signals starts a pass whenever an
/// account is added, removed or changed. Without GOA on the bus nothing here shows or waits.
extension SyncController {
    /// What the background learnt from GOA.
    struct OnlineFollowing: Sendable {
        var snapshot: OnlineAccountsSnapshot?
        var changes: OnlineAccountsFollower.Changes?
        var failure: String?
        /// A watcher started on this pass (the first one that found GOA).
        var watcher: OnlineAccountsWatcher?
    }

    /// Reads GOA and brings the stored accounts in line with it. Background thread only.
    nonisolated static func followOnlineAccounts(storage: StorageContext, now: Date, watch: Bool) -> OnlineFollowing {
        guard let snapshot = OnlineAccountsSnapshot.read() else { return OnlineFollowing() }
        let follower = OnlineAccountsFollower(store: storage.accounts, calendars: storage.userFolder,
                                              syncFolder: storage.syncFolder, backups: storage.backups)
        var following = OnlineFollowing(snapshot: snapshot)
        do {
            following.changes = try runBlocking { try await follower.follow(snapshot.accounts, bus: snapshot.bus, now: now) }
        } catch {
            following.failure = "\(error)"
        }
        if watch { following.watcher = OnlineAccountsWatcher(bus: snapshot.bus) }
        return following
    }

    /// A GOA account's sync, with credentials from GOA. Background thread only.
    nonisolated static func runOnline(_ account: Account, online: OnlineAccountsSnapshot?, storage: StorageContext) -> AccountRun {
        // GOA is not running now: the account and its calendars stay, unsynced this time.
        guard let online else { return AccountRun(account: account, outcomes: [], missingPassword: false) }
        let outcomes = (try? runBlocking {
            await online.syncAll(account, calendars: storage.userFolder, syncFolder: storage.syncFolder, writer: storage.writer)
        }) ?? []
        return AccountRun(account: account, outcomes: outcomes, missingPassword: false)
    }

    /// On the window's thread: the calendars that came are opened, those that went are closed,
    /// and what the user should know is returned as problems for the error strip (a calendar
    /// kept as a local one) or shown as a toast (an account added).
    func followed(_ following: OnlineFollowing) -> [String] {
        if let watcher = following.watcher, onlineWatcher == nil {
            onlineWatcher = watcher
            watchOnlineAccounts(watcher, after: watcher.generation)
        }
        var problems = following.failure.map { [$0] } ?? []
        guard let changes = following.changes else { return problems }
        let folder = storage.userFolder.folder
        for account in changes.added {
            files.openInBackground(paths: account.calendars.map { folder.appendingPathComponent($0.localFile).path }, readOnly: false)
            // TRANSLATORS: a toast: %@ is an account (alice@gmail.com) whose calendars now show.
            feedback.showToast(FormatterStrings.fill(L("Calendars of %@ added from GNOME Online Accounts"), account.displayName))
        }
        for (account, removed, kept) in changes.removed {
            for calendar in removed { files.close(CalendarID(folder.appendingPathComponent(calendar.localFile).path), undoable: false) }
            for calendar in kept {
                // TRANSLATORS: %1$@ is a calendar, %2$@ the account that left GNOME Online Accounts.
                problems.append(FormatterStrings.fill(L("“%1$@” had changes %2$@'s server never got: it stays here as a local calendar"),
                                                      calendar.displayName, account.displayName))
            }
        }
        for (account, error) in changes.problems {
            problems.append("\(account.presentationIdentity): " + SyncErrorText.sentence(for: error))
        }
        if !changes.added.isEmpty {
            refreshVisibility()
            schedule()
        }
        return problems
    }

    /// Waits (on a background thread) for GOA's next signal, then syncs, and waits again.
    private func watchOnlineAccounts(_ watcher: OnlineAccountsWatcher, after seen: Int) {
        MainLoop.runInBackground({ watcher.waitForChange(after: seen) }, then: { [weak self] generation in
            guard let self, let generation, self.onlineWatcher === watcher else { return }
            self.syncNow()
            self.watchOnlineAccounts(watcher, after: generation)
        })
    }
}
