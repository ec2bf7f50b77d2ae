import Accounts
import CalendarEditing
import CalendarLibrary
import CalendarModel
import CalendarSync
import Foundation
import OnlineAccounts

/// `koyomi sync [--account NAME] [--password-stdin]` and
/// `koyomi sync --resolve UID --keep mine|theirs|both`: brings each account's calendars and
/// the server together, and settles a conflict the way the user says.
struct SyncCommand {
    let arguments: [String]
    let context: CLIContext

    private var store: AccountStore { AccountStore(environment: context.environment) }
    private var folder: UserCalendarFolder { UserCalendarFolder(environment: context.environment, timeZone: context.timeZone) }

    func run() throws(CLIError) -> CLIResult {
        let parsed = try CLIArguments(arguments, valued: ["--account", "--resolve", "--keep"], flags: ["--password-stdin"])
        if let extra = parsed.positionals.first {
            // TRANSLATORS: a command's error; %@ is the extra word typed.
            throw .usage(FormatterStrings.fill(L("unexpected argument “%@”"), extra))
        }
        // GNOME Online Accounts' accounts first: added, removed, their calendars switched off.
        let online = OnlineAccountsCLI.follow(context: context)
        var accounts: [Account]
        do {
            accounts = try store.load()
        } catch {
            throw .failure(error.description)
        }
        if let name = parsed.values["--account"] { accounts = [try Self.account(named: name, in: store)] }
        // A plain `koyomi sync` also refreshes the subscriptions (read-only, no password).
        let plain = parsed.values["--account"] == nil && parsed.values["--resolve"] == nil
        let subscriptions = plain ? SubscribeCommand.refreshAll(context: context) : CLIResult(status: 0)
        if accounts.isEmpty && plain && !(subscriptions.output + subscriptions.error + online.output + online.error).isEmpty {
            return CLIResult(status: subscriptions.status, output: online.output + subscriptions.output,
                             error: online.error + subscriptions.error)
        }
        guard !accounts.isEmpty else {
            // TRANSLATORS: `koyomi sync`'s error; the commands stay as written.
            throw .usage(L("no accounts or subscriptions yet: add one with koyomi account add URL --user NAME or koyomi subscribe URL"))
        }
        let given = parsed.flags.contains("--password-stdin") ? PasswordInput.readStandardInput() : nil
        if given != nil && accounts.filter({ $0.onlineAccount == nil }).count > 1 {
            // TRANSLATORS: `koyomi sync`'s error; the options stay as written.
            throw .usage(L("--password-stdin needs --account: one password, one account"))
        }
        var passwords: [String: String] = [:]
        var notes = ""
        // GOA's accounts need no password: GOA gives credentials per request.
        for account in accounts where account.onlineAccount == nil {
            let (password, note) = try PasswordInput.password(for: account, given: given)
            passwords[account.id] = password
            if let note { notes += "koyomi sync: \(note)\n" }
        }
        if let uid = parsed.values["--resolve"] {
            guard let keep = parsed.values["--keep"], let choice = Self.choice(keep) else {
                // TRANSLATORS: `koyomi sync`'s error; the options and their values stay as written.
                throw .usage(L("--resolve needs --keep mine, theirs or both"))
            }
            return try resolve(uid, choice, accounts: accounts, passwords: passwords, online: online.snapshot)
        }
        // TRANSLATORS: `koyomi sync`'s error; the options stay as written.
        if parsed.values["--keep"] != nil { throw .usage(L("--keep goes with --resolve UID")) }
        var result = syncAll(accounts, passwords: passwords, online: online.snapshot)
        result.output = online.output + result.output + subscriptions.output
        result.error = online.error + notes + result.error + subscriptions.error
        result.status = max(result.status, subscriptions.status)
        return result
    }

    /// Syncs every account's calendars and says what moved, what failed and what waits for a choice.
    func syncAll(_ accounts: [Account], passwords: [String: String], online: OnlineAccountsSnapshot? = nil) -> CLIResult {
        var output = "", error = ""
        var failed = false
        let syncFolder = AccountSync.syncFolder(environment: context.environment)
        for account in accounts {
            let outcomes: [AccountSync.Outcome]
            if account.onlineAccount != nil {
                guard let online else {
                    // TRANSLATORS: `koyomi sync`: %@ is an account GNOME Online Accounts holds, which is not running now.
                    error += "koyomi sync: " + FormatterStrings.fill(L("%@ was not synced: GNOME Online Accounts is not running"),
                                                                    account.displayName) + "\n"
                    continue
                }
                let folder = self.folder, writer = context.writer
                outcomes = (try? runBlocking {
                    await online.syncAll(account, calendars: folder, syncFolder: syncFolder, writer: writer)
                }) ?? []
            } else {
                guard let password = passwords[account.id] else { continue }
                let sync = AccountSync(account: account, password: password, calendars: folder, syncFolder: syncFolder,
                                       writer: context.writer)
                outcomes = (try? runBlocking { await sync.syncAll() }) ?? []
            }
            for outcome in outcomes {
                switch outcome.result {
                case let .success(report):
                    output += "\(outcome.calendar.displayName): \(Self.text(report))\n"
                    for conflict in report.conflicts {
                        // TRANSLATORS: `koyomi sync`: %1$@ is a plan's title, %2$@ its UID, %3$@ what happened
                        // to it ("was changed here and on the server"), %4$@ the command that settles it.
                        output += "  " + FormatterStrings.fill(L("“%1$@” (%2$@) %3$@; choose with: %4$@"), conflict.title,
                                                               conflict.uid, Self.explain(conflict.kind),
                                                               "koyomi sync --resolve \(conflict.uid) --keep mine|theirs|both") + "\n"
                    }
                case let .failure(problem):
                    failed = true
                    error += "koyomi sync: \(outcome.calendar.displayName) (\(account.displayName)): "
                        + OnlineAccountsCLI.sentence(for: problem) + "\n"
                }
            }
        }
        return CLIResult(status: failed ? 1 : 0, output: output, error: error)
    }

    private func resolve(_ uid: String, _ choice: SyncConflict.Choice, accounts: [Account],
                         passwords: [String: String], online: OnlineAccountsSnapshot?) throws(CLIError) -> CLIResult {
        let syncFolder = AccountSync.syncFolder(environment: context.environment)
        for account in accounts {
            let sync: AccountSync
            if let link = account.onlineAccount {
                guard let online, let goa = online.account(for: link) else { continue }
                sync = AccountSync(account: account, credentials: OnlineAccountCredentials.make(for: goa, bus: online.bus),
                                   calendars: folder, syncFolder: syncFolder, writer: context.writer)
            } else {
                guard let password = passwords[account.id] else { continue }
                sync = AccountSync(account: account, password: password, calendars: folder, syncFolder: syncFolder,
                                   writer: context.writer)
            }
            for calendar in account.calendars {
                let syncer = sync.syncer(for: calendar)
                let state = try? SyncState.load(path: syncer.statePath, collection: calendar.remoteURL)
                guard state?.conflicts.contains(where: { $0.uid == uid }) == true else { continue }
                do {
                    try runBlocking { try await syncer.resolve(uid, keeping: choice) }
                    let report = try runBlocking { try await syncer.sync() }
                    // TRANSLATORS: `koyomi sync --resolve`: %1$@ is the calendar, %2$@ the plan's UID, %3$@ what the sync did.
                    let settled = FormatterStrings.fill(L("%1$@: settled %2$@; %3$@"), calendar.displayName, uid, Self.text(report))
                    return CLIResult(status: 0, output: settled + "\n")
                } catch {
                    throw .failure("\(calendar.displayName): \(error)")
                }
            }
        }
        // TRANSLATORS: `koyomi sync --resolve`'s error; %@ is the UID given.
        throw .usage(FormatterStrings.fill(L("no conflict about %@ (koyomi sync lists them)"), uid))
    }

    static func choice(_ text: String) -> SyncConflict.Choice? {
        switch text {
        case "mine": .mine
        case "theirs": .theirs
        case "both": .both
        default: nil
        }
    }

    /// What happened to a plan in conflict, after its title ("“Lunch” (uid) was changed here…").
    static func explain(_ kind: SyncConflict.Kind) -> String {
        switch kind {
        // TRANSLATORS: `koyomi sync`, after a plan's title and UID.
        case .bothChanged: L("was changed here and on the server")
        // TRANSLATORS: `koyomi sync`, after a plan's title and UID.
        case .deletedOnServer: L("was deleted on the server but changed here")
        // TRANSLATORS: `koyomi sync`, after a plan's title and UID.
        case .deletedHere: L("was deleted here but changed on the server")
        }
    }

    /// What one calendar's sync did, in the user's language: "2 received, 1 sent, 1 to decide".
    static func text(_ report: SyncReport) -> String {
        // TRANSLATORS: `koyomi sync`: how many plans came from the server.
        var parts = [FormatterStrings.fill(L("%@ received"), String(report.received)),
                     // TRANSLATORS: `koyomi sync`: how many plans went to the server.
                     FormatterStrings.fill(L("%@ sent"), String(report.sent))]
        if report.removedHere > 0 {
            // TRANSLATORS: `koyomi sync`: how many plans were removed here because the server deleted them.
            parts.append(FormatterStrings.fill(L("%@ removed here"), String(report.removedHere)))
        }
        if report.removedThere > 0 {
            // TRANSLATORS: `koyomi sync`: how many plans were deleted on the server.
            parts.append(FormatterStrings.fill(L("%@ removed on the server"), String(report.removedThere)))
        }
        if !report.conflicts.isEmpty {
            // TRANSLATORS: `koyomi sync`: how many plans wait for the user's choice.
            parts.append(FormatterStrings.fill(L("%@ to decide"), String(report.conflicts.count)))
        }
        // TRANSLATORS: between the parts of a list ("2 received, 1 sent").
        return parts.joined(separator: L(", "))
    }

    /// The account called `name` (its display name, user name or server host; case-insensitive).
    static func account(named name: String, in store: AccountStore) throws(CLIError) -> Account {
        let accounts: [Account]
        do {
            accounts = try store.load()
        } catch {
            throw .failure(error.description)
        }
        let matches = accounts.filter { account in
            [account.displayName, account.userName, account.serverURL.host ?? "", account.id]
                .contains { $0.caseInsensitiveCompare(name) == .orderedSame }
        }
        guard matches.count == 1, let account = matches.first else {
            let known = accounts.map { "“\($0.displayName)”" }.joined(separator: ", ")
            throw .usage(matches.isEmpty ? "no account named “\(name)”" + (known.isEmpty ? "" : " (there are \(known))")
                                          : "“\(name)” names several accounts; use the full name (\(known))")
        }
        return account
    }
}
