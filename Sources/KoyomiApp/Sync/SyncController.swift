import Accounts
import CalDAV
import CalendarModel
import CalendarSync
import Foundation
import GtkKit
import ICalendarReading
import OnlineAccounts

/// CalDAV in the window: syncs every account at start, every 15 minutes, on F5 and on the
/// header's sync button; says in the header what it is doing and when it last finished, and
/// in plain words what went wrong. The network and the keyring are only touched on background
/// threads; the synced calendar files are written atomically there, and the window's file
/// watcher shows their new content as for any other program's change.
@MainActor
final class SyncController {
    let feedback: WindowFeedback
    let storage: StorageContext
    /// The window's formatter now (it changes with the time zone).
    private let formatter: () -> CalendarFormatter
    private let now: () -> Date
    unowned let files: any CalendarFileActions
    /// The header's sync button (hidden while there is no account).
    let button = Button(iconName: "emblem-synchronizing-symbolic")
    /// "Syncing…", "Synced at 16:05", "Sync failed".
    let status = Label()
    private(set) var isSyncing = false
    private(set) var lastFinished: Date?
    /// Conflicts from the last sync, per account calendar, waiting for the user.
    private(set) var conflicts: [(account: Account, calendar: AccountCalendar, conflict: SyncConflict)] = []
    /// Conflicts the user has already been shown (the dialog opens again only for new ones).
    private var announced: Set<String> = []
    /// Passwords typed this session for accounts the keyring could not keep.
    private var typedPasswords: [String: String] = [:]
    private var timer: MainLoopSource?
    /// A sync was asked for while one ran: run once more when it ends (an edit made meanwhile).
    private var runAgain = false
    /// First downloads of new subscriptions still running.
    private var pendingSubscriptions = 0
    private var waiters: [@MainActor () -> Void] = []
    /// Follows GNOME Online Accounts once it was found on the bus (SyncController+OnlineAccounts).
    var onlineWatcher: OnlineAccountsWatcher?
    /// What the window shows when a sync needs the user: a password, or conflicts to settle.
    var askPassword: ((_ account: Account, _ keyringProblem: String?) -> Void)?
    var showConflicts: (() -> Void)?
    static let period: UInt32 = 15 * 60 * 1000

    init(feedback: WindowFeedback, storage: StorageContext, formatter: @escaping () -> CalendarFormatter,
         now: @escaping () -> Date, files: any CalendarFileActions) {
        self.feedback = feedback
        self.storage = storage
        self.formatter = formatter
        self.now = now
        self.files = files
        // TRANSLATORS: the header button that syncs CalDAV accounts now (also F5).
        button.tooltip = L("Sync Now")
        button.accessibleLabel = L("Sync Now")
        status.addCSSClass("dim-label")
        button.onClicked { [weak self] in self?.syncNow() }
        refreshVisibility()
    }

    isolated deinit { onlineWatcher?.stop() }

    private var accounts: [Account] { (try? storage.accounts.load()) ?? [] }
    private var hasSubscriptions: Bool { !((try? storage.subscriptions.load()) ?? []).isEmpty }
    /// Accounts to sync or subscriptions to refresh.
    private var hasWork: Bool { !accounts.isEmpty || hasSubscriptions }

    /// Shows the button and status only when there is something to sync.
    func refreshVisibility() {
        let any = hasWork
        button.isVisible = any
        status.isVisible = any
    }

    /// Syncs now and then every 15 minutes (`init` has shown or hidden the button already).
    /// GNOME Online Accounts is asked off this thread, after the first frame (`start` is
    /// called once the window is up); without it nothing else happens.
    func start() {
        guard syncNow() else { return }
        schedule()
    }

    func schedule() {
        guard timer == nil else { return }
        timer = MainLoop.every(milliseconds: Self.period) { [weak self] in
            self?.syncNow()
            return true
        }
    }

    /// Runs `body` once no sync is running (tests wait with it).
    func whenIdle(_ body: @escaping @MainActor () -> Void) {
        if isSyncing || runAgain || pendingSubscriptions > 0 { waiters.append(body) } else { body() }
    }

    /// F5 and the button. A sync already running is not started twice. GNOME Online Accounts
    /// is asked each time, on the background thread, and its accounts followed first.
    /// - Returns: whether there is anything to sync (accounts or subscriptions) known so far.
    @discardableResult
    func syncNow() -> Bool {
        let known = !accounts.isEmpty || hasSubscriptions
        guard !isSyncing else {
            runAgain = true
            return known
        }
        isSyncing = true
        // TRANSLATORS: in the header bar while CalDAV calendars are being synced.
        if known { status.text = L("Syncing…") }
        let storage = self.storage, typed = typedPasswords
        let now = self.now()
        let watching = onlineWatcher != nil
        MainLoop.runInBackground({ () -> SyncPass in
            let online = Self.followOnlineAccounts(storage: storage, now: now, watch: !watching)
            let accounts = (try? storage.accounts.load()) ?? []
            let runs = accounts.map { account in
                account.onlineAccount == nil ? Self.run(account, typed: typed[account.id], storage: storage)
                    : Self.runOnline(account, online: online.snapshot, storage: storage)
            }
            let subscriptions = known ? Self.refreshSubscriptions(storage: storage, now: now) : []
            return SyncPass(online: online, runs: runs, subscriptionProblems: subscriptions)
        }, then: { [weak self] pass in self?.finish(pass) })
        return known
    }

    /// What one pass in the background did.
    struct SyncPass: Sendable {
        var online: OnlineFollowing
        var runs: [AccountRun]
        var subscriptionProblems: [String]
    }

    private func finish(_ pass: SyncPass) {
        let online = followed(pass.online)
        finish(pass.runs, subscriptionProblems: pass.subscriptionProblems + online, quiet: pass.runs.isEmpty && pass.subscriptionProblems.isEmpty
               && online.isEmpty && !hasWork)
    }

    /// One account's sync, on a background thread: its password from the keyring (or typed),
    /// then every calendar.
    private nonisolated static func run(_ account: Account, typed: String?, storage: StorageContext) -> AccountRun {
        var keyringProblem: String?
        var password = typed
        if password == nil {
            do {
                password = try Keyring().password(for: account)
            } catch {
                keyringProblem = error.description
            }
        }
        guard let password else { return AccountRun(account: account, outcomes: [], missingPassword: true, keyringProblem: keyringProblem) }
        let sync = AccountSync(account: account, password: password, calendars: storage.userFolder,
                               syncFolder: storage.syncFolder, writer: storage.writer)
        let outcomes = (try? runBlocking { await sync.syncAll() }) ?? []
        return AccountRun(account: account, outcomes: outcomes, missingPassword: false, keyringProblem: keyringProblem)
    }

    struct AccountRun: Sendable {
        var account: Account
        var outcomes: [AccountSync.Outcome]
        var missingPassword: Bool
        var keyringProblem: String?
    }

    /// Downloads every subscription again (on a background thread); what failed, in words.
    /// A failed download keeps the last good copy.
    private nonisolated static func refreshSubscriptions(storage: StorageContext, now: Date) -> [String] {
        let refresher = SubscriptionRefresher(store: storage.subscriptions)
        let child = storage.vetExecutable
        guard let results = try? runBlocking({ try await refresher.refreshAll(childExecutable: child, now: now) }) else {
            return []
        }
        return results.compactMap { refreshed in
            guard case let .failure(error) = refreshed.result else { return nil }
            // TRANSLATORS: %1$@ is a subscribed calendar, %2$@ why it could not be downloaded.
            return FormatterStrings.fill(L("%1$@ could not be refreshed: %2$@"), refreshed.subscription.name, error.description)
        }
    }

    private func finish(_ runs: [AccountRun], subscriptionProblems: [String] = [], quiet: Bool = false) {
        isSyncing = false
        // Nothing to sync and GOA had nothing: the header stays as it was.
        if quiet {
            if runAgain {
                runAgain = false
                syncNow()
            } else {
                releaseWaitersIfIdle()
            }
            return
        }
        lastFinished = now()
        var problems: [String] = subscriptionProblems
        conflicts = []
        for run in runs {
            if run.missingPassword {
                // TRANSLATORS: %@ names a CalDAV account (user@server) whose password is not known.
                problems.append(FormatterStrings.fill(L("%@ needs its password to sync"), run.account.displayName)
                                + (run.keyringProblem.map { " (\($0))" } ?? ""))
                askPassword?(run.account, run.keyringProblem)
                continue
            }
            for outcome in run.outcomes {
                switch outcome.result {
                case let .success(report):
                    conflicts += report.conflicts.map { (run.account, outcome.calendar, $0) }
                case let .failure(error):
                    if case CalDAVError.unauthorized = error { typedPasswords[run.account.id] = nil }
                    // TRANSLATORS: %1$@ is a calendar, %2$@ why it could not be synced.
                    problems.append(FormatterStrings.fill(L("%1$@ could not be synced: %2$@"), outcome.calendar.displayName,
                                                          SyncErrorText.sentence(for: error)))
                }
            }
        }
        let time = formatter().timeText(lastFinished ?? now())
        // TRANSLATORS: in the header bar: when the last sync finished (%@ is a time) / that it failed.
        status.text = problems.isEmpty ? FormatterStrings.fill(L("Synced at %@"), time) : L("Sync failed")
        button.accessibleDescription = status.text
        feedback.showProblems(problems)
        problems.forEach { FileHandle.standardError.write(Data("koyomi: \($0)\n".utf8)) }
        let unsettled = Set(conflicts.map(\.conflict.uid))
        if !unsettled.subtracting(announced).isEmpty { showConflicts?() }
        announced = unsettled
        if runAgain {
            runAgain = false
            syncNow()
            return
        }
        releaseWaitersIfIdle()
    }

    /// Runs what `whenIdle` held back, once no sync or first download is running.
    private func releaseWaitersIfIdle() {
        guard !isSyncing, !runAgain, pendingSubscriptions == 0 else { return }
        let waiting = waiters
        waiters = []
        waiting.forEach { $0() }
    }

    /// The user typed a password for `account`: kept in the keyring when one runs (else only
    /// for this session, never in a file), then synced.
    func usePassword(_ password: String, for account: Account) {
        typedPasswords[account.id] = password
        syncNow()
        MainLoop.runInBackground({ () -> String? in
            do throws(KeyringError) {
                try Keyring().store(password: password, account: account)
                return nil
            } catch {
                return error.description
            }
        }, then: { [weak self] problem in
            if let problem { self?.feedback.showProblems([problem]) }
        })
    }

    /// Settles one conflict as the user chose, then syncs so the server has it too.
    func resolve(_ uid: String, keeping choice: SyncConflict.Choice) {
        guard let entry = conflicts.first(where: { $0.conflict.uid == uid }) else { return }
        conflicts.removeAll { $0.conflict.uid == uid }
        let storage = self.storage, typed = typedPasswords[entry.account.id]
        MainLoop.runInBackground({ () -> String? in
            let password = typed ?? (try? Keyring().password(for: entry.account)) ?? nil
            guard let password else { return "no password for \(entry.account.displayName)" }
            let syncer = AccountSync(account: entry.account, password: password, calendars: storage.userFolder,
                                     syncFolder: storage.syncFolder, writer: storage.writer).syncer(for: entry.calendar)
            do {
                try runBlocking { try await syncer.resolve(uid, keeping: choice) }
                return nil
            } catch {
                return "\(error)"
            }
        }, then: { [weak self] problem in
            if let problem { self?.feedback.showProblems([problem]) }
            self?.syncNow()
        })
    }

    /// Follows a published calendar (webcal://, https://): downloaded and vetted off the main
    /// thread, then shown read-only and refreshed with every sync.
    func subscribe(to address: String) {
        let url: URL
        do {
            url = try Subscription.address(address)
        } catch {
            return feedback.showProblems([FormatterStrings.fill(L("Cannot subscribe to %1$@: %2$@"), address,
                                                                       error.description)])
        }
        let storage = self.storage, now = self.now()
        let existing = (try? storage.subscriptions.load()) ?? []
        if let same = existing.first(where: { $0.url == url }), let path = storage.subscriptions.localPath(of: same) {
            files.openInBackground(paths: [path], readOnly: true)
            return
        }
        let color = Subscription.color(forIndex: existing.count)
        let subscription = Subscription(url: url, name: "", color: color, created: now)
        let refresher = SubscriptionRefresher(store: storage.subscriptions)
        let child = storage.vetExecutable
        pendingSubscriptions += 1
        MainLoop.runInBackground({ () -> Result<String, SubscriptionFailure> in
            do {
                let outcome = try runBlocking { try await refresher.subscribe(subscription, childExecutable: child, now: now) }
                guard let path = storage.subscriptions.localPath(of: outcome.subscription) else {
                    return .failure(SubscriptionFailure(text: "no local copy"))
                }
                return .success(path)
            } catch {
                return .failure(SubscriptionFailure(text: "\(error)"))
            }
        }, then: { [weak self] result in
            guard let self else { return }
            self.pendingSubscriptions -= 1
            switch result {
            case let .success(path):
                self.files.openInBackground(paths: [path], readOnly: true)
                self.refreshVisibility()
                self.schedule()
            case let .failure(failure):
                // TRANSLATORS: %1$@ is a calendar's web address, %2$@ why it could not be followed.
                self.feedback.showProblems([FormatterStrings.fill(L("Cannot subscribe to %1$@: %2$@"),
                                                                         url.absoluteString, failure.text)])
            }
            self.releaseWaitersIfIdle()
        })
    }

    struct SubscriptionFailure: Error, Sendable {
        var text: String
    }

    /// A new account from the account dialog: local calendars for the chosen server calendars,
    /// the account in `sync/accounts.json`, the password in the keyring; then opened and synced.
    func addAccount(server: URL, user: String, password: String, chosen: [RemoteCalendar]) {
        do {
            let account = try AccountSync.makeAccount(serverURL: server, userName: user, chosen: chosen,
                                                      calendars: storage.userFolder, now: now())
            try storage.accounts.add(account)
            let paths = account.calendars.map { storage.userFolder.folder.appendingPathComponent($0.localFile).path }
            files.openInBackground(paths: paths, readOnly: false)
            refreshVisibility()
            schedule()
            usePassword(password, for: account)
        } catch {
            // TRANSLATORS: %@ says why a CalDAV account could not be added.
            feedback.showProblems([FormatterStrings.fill(L("The account could not be added: %@"), "\(error)")])
        }
    }
}
