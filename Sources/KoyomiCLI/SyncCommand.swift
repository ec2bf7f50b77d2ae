import Accounts
import CalendarSync
import Foundation
import ICalendar

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
        if let extra = parsed.positionals.first { throw .usage("unexpected argument “\(extra)”") }
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
        if accounts.isEmpty && plain && !(subscriptions.output + subscriptions.error).isEmpty { return subscriptions }
        guard !accounts.isEmpty else {
            throw .usage("no accounts or subscriptions yet: add one with koyomi account add URL --user NAME "
                         + "or koyomi subscribe URL")
        }
        let given = parsed.flags.contains("--password-stdin") ? PasswordInput.readStandardInput() : nil
        if given != nil && accounts.count > 1 { throw .usage("--password-stdin needs --account: one password, one account") }
        var passwords: [String: String] = [:]
        var notes = ""
        for account in accounts {
            let (password, note) = try PasswordInput.password(for: account, given: given)
            passwords[account.id] = password
            if let note { notes += "koyomi sync: \(note)\n" }
        }
        if let uid = parsed.values["--resolve"] {
            guard let keep = parsed.values["--keep"], let choice = Self.choice(keep) else {
                throw .usage("--resolve needs --keep mine, theirs or both")
            }
            return try resolve(uid, choice, accounts: accounts, passwords: passwords)
        }
        if parsed.values["--keep"] != nil { throw .usage("--keep goes with --resolve UID") }
        var result = syncAll(accounts, passwords: passwords)
        result.output += subscriptions.output
        result.error = notes + result.error + subscriptions.error
        result.status = max(result.status, subscriptions.status)
        return result
    }

    /// Syncs every account's calendars and says what moved, what failed and what waits for a choice.
    func syncAll(_ accounts: [Account], passwords: [String: String]) -> CLIResult {
        var output = "", error = ""
        var failed = false
        for account in accounts {
            guard let password = passwords[account.id] else { continue }
            let sync = AccountSync(account: account, password: password, calendars: folder,
                                   syncFolder: AccountSync.syncFolder(environment: context.environment),
                                   writer: context.writer)
            let outcomes = (try? runBlocking { await sync.syncAll() }) ?? []
            for outcome in outcomes {
                switch outcome.result {
                case let .success(report):
                    output += "\(outcome.calendar.displayName): \(report)\n"
                    for conflict in report.conflicts {
                        output += "  “\(conflict.title)” (\(conflict.uid)) \(Self.explain(conflict.kind)); "
                            + "choose with: koyomi sync --resolve \(conflict.uid) --keep mine|theirs|both\n"
                    }
                case let .failure(problem):
                    failed = true
                    error += "koyomi sync: \(outcome.calendar.displayName) (\(account.displayName)): \(problem)\n"
                }
            }
        }
        return CLIResult(status: failed ? 1 : 0, output: output, error: error)
    }

    private func resolve(_ uid: String, _ choice: SyncConflict.Choice, accounts: [Account],
                         passwords: [String: String]) throws(CLIError) -> CLIResult {
        let syncFolder = AccountSync.syncFolder(environment: context.environment)
        for account in accounts {
            guard let password = passwords[account.id] else { continue }
            let sync = AccountSync(account: account, password: password, calendars: folder, syncFolder: syncFolder,
                                   writer: context.writer)
            for calendar in account.calendars {
                let syncer = sync.syncer(for: calendar)
                let state = try? SyncState.load(path: syncer.statePath, collection: calendar.remoteURL)
                guard state?.conflicts.contains(where: { $0.uid == uid }) == true else { continue }
                do {
                    try runBlocking { try await syncer.resolve(uid, keeping: choice) }
                    let report = try runBlocking { try await syncer.sync() }
                    return CLIResult(status: 0, output: "\(calendar.displayName): settled \(uid); \(report)\n")
                } catch {
                    throw .failure("\(calendar.displayName): \(error)")
                }
            }
        }
        throw .usage("no conflict about \(uid) (koyomi sync lists them)")
    }

    static func choice(_ text: String) -> SyncConflict.Choice? {
        switch text {
        case "mine": .mine
        case "theirs": .theirs
        case "both": .both
        default: nil
        }
    }

    static func explain(_ kind: SyncConflict.Kind) -> String {
        switch kind {
        case .bothChanged: "was changed here and on the server"
        case .deletedOnServer: "was deleted on the server but changed here"
        case .deletedHere: "was deleted here but changed on the server"
        }
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
