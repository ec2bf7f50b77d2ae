import Accounts
import CalendarLibrary
import CalendarModel
import CalendarSync
import Foundation
import OnlineAccounts

/// `koyomi account add URL --user NAME [--calendar NAME] [--password-stdin]`,
/// `koyomi account list`, `koyomi account remove NAME`.
///
/// Adding finds the account's calendars on the server (just the host is enough: it follows
/// `/.well-known/caldav`), makes a local calendar for each one chosen (all by default), keeps
/// the password in the desktop keyring (never in a file: with no keyring it is asked again
/// next time), and syncs once.
struct AccountCommand {
    let arguments: [String]
    let context: CLIContext

    func run() throws(CLIError) -> CLIResult {
        // TRANSLATORS: `koyomi account`'s error; the subcommands stay as written.
        guard let action = arguments.first else { throw .usage(L("expected add, list or remove")) }
        let rest = Array(arguments.dropFirst())
        switch action {
        case "add": return try add(rest)
        case "list": return try list(rest)
        case "remove": return try remove(rest)
        // TRANSLATORS: `koyomi account`'s error; %@ is what was typed; the subcommands stay as written.
        default: throw .usage(FormatterStrings.fill(L("unknown account command “%@” (expected add, list or remove)"), action))
        }
    }

    private var store: AccountStore { AccountStore(environment: context.environment) }
    private var folder: UserCalendarFolder { UserCalendarFolder(environment: context.environment, timeZone: context.timeZone) }

    private func add(_ arguments: [String]) throws(CLIError) -> CLIResult {
        let parsed = try CLIArguments(arguments, valued: ["--user", "--calendar"], flags: ["--password-stdin"])
        guard let address = parsed.positionals.first else {
            // TRANSLATORS: `koyomi account add`'s error; the address stays as written.
            throw .usage(L("which server? give its address, e.g. https://dav.example.com"))
        }
        if parsed.positionals.count > 1 {
            // TRANSLATORS: a command's error; %@ is the extra word typed.
            throw .usage(FormatterStrings.fill(L("unexpected argument “%@”"), parsed.positionals[1]))
        }
        // TRANSLATORS: `koyomi account add`'s error; the option stays as written.
        guard let user = parsed.values["--user"], !user.isEmpty else { throw .usage(L("--user is required")) }
        let withScheme = address.contains("://") ? address : "https://" + address
        guard let url = URL(string: withScheme), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host != nil else {
            // TRANSLATORS: `koyomi account add`'s error; %@ is what was typed.
            throw .usage(FormatterStrings.fill(L("“%@” is not a server address (e.g. https://dav.example.com)"), address))
        }
        let password: String
        if parsed.flags.contains("--password-stdin") {
            password = PasswordInput.readStandardInput()
        } else {
            let probe = Account(displayName: "", serverURL: url, userName: user, created: context.now)
            password = try PasswordInput.password(for: probe, given: nil).password
        }
        let names = parsed.values["--calendar"].map { [$0] } ?? []
        let folder = self.folder, now = context.now
        let account: Account
        do {
            account = try runBlocking {
                try await AccountSync.discover(serverURL: url, userName: user, password: password, names: names,
                                               calendars: folder, now: now)
            }
        } catch {
            throw .failure("\(url.absoluteString): \(error)")
        }
        do {
            try store.add(account)
        } catch {
            throw .failure(error.description)
        }
        var notes = ""
        do {
            try Keyring().store(password: password, account: account)
        } catch {
            notes += "koyomi account: \(error.description)\n"
        }
        let sync = SyncCommand(arguments: [], context: context)
        var result = sync.syncAll([account], passwords: [account.id: password])
        let chosen = account.calendars.map { "“\($0.displayName)”" }.joined(separator: ", ")
        // A pasted calendar address brings just that calendar: said, with the way to the others.
        let slashed = url.absoluteString.hasSuffix("/") ? url.absoluteString : url.absoluteString + "/"
        let onlyThat = account.calendars.count == 1 && account.calendars[0].remoteURL.absoluteString == slashed
            // TRANSLATORS: after `koyomi account add`'s "Added … with “Work”" when the address given was one calendar's.
            ? L(" (the address is that calendar's; give the server's address to choose among all its calendars)") : ""
        // TRANSLATORS: what `koyomi account add` prints: %1$@ is the account, %2$@ its calendars (“Work”, “Home”).
        result.output = FormatterStrings.fill(L("Added %1$@ with %2$@"), account.displayName, chosen) + onlyThat + "\n"
            + result.output
        result.error = notes + result.error
        return result
    }

    private func list(_ arguments: [String]) throws(CLIError) -> CLIResult {
        if let extra = arguments.first {
            // TRANSLATORS: a command's error; %@ is the extra word typed.
            throw .usage(FormatterStrings.fill(L("unexpected argument “%@”"), extra))
        }
        let accounts: [Account]
        do {
            accounts = try store.load()
        } catch {
            throw .failure(error.description)
        }
        let lines = accounts.map { account in
            // TRANSLATORS: `koyomi account list`, after an account that GNOME Online Accounts holds.
            let source = account.onlineAccount == nil ? "" : "  " + L("(from GNOME Online Accounts)")
            return "\(account.displayName)  \(account.serverURL.absoluteString)  "
                + account.calendars.map { "\($0.displayName) (\($0.localFile))" }.joined(separator: ", ") + source + "\n"
        }
        // GOA's accounts with calendars that no sync has added yet.
        let known = Set(accounts.compactMap(\.onlineAccount?.id))
        let pending = (OnlineAccountsSnapshot.read()?.accounts ?? [])
            .filter { $0.syncsCalendars && !known.contains($0.id) }.map(OnlineAccountsCLI.pendingLine)
        // TRANSLATORS: `koyomi account list` with no account; the command stays as written.
        let none = L("No accounts. Add one with koyomi account add URL --user NAME")
        return CLIResult(status: 0, output: lines.isEmpty && pending.isEmpty ? none + "\n" : (lines + pending).joined())
    }

    private func remove(_ arguments: [String]) throws(CLIError) -> CLIResult {
        guard let name = arguments.first, arguments.count == 1 else {
            // TRANSLATORS: `koyomi account remove`'s error; the command stays as written.
            throw .usage(L("which account? give its name from koyomi account list"))
        }
        let account = try SyncCommand.account(named: name, in: store)
        if account.onlineAccount != nil {
            // TRANSLATORS: `koyomi account remove` of an account GNOME Online Accounts holds; %@ is the account.
            throw .usage(FormatterStrings.fill(L("%@ comes from GNOME Online Accounts: remove it, or switch its calendars off, in Settings → Online Accounts"),
                                               account.displayName))
        }
        do {
            try store.remove(id: account.id)
        } catch {
            throw .failure(error.description)
        }
        var error = ""
        do {
            try Keyring().remove(account: account)
        } catch let problem {
            // TRANSLATORS: `koyomi account remove`; %@ says why.
            error = "koyomi account: " + FormatterStrings.fill(L("the password could not be removed from the keyring: %@"),
                                                               problem.description) + "\n"
        }
        let files = account.calendars.map(\.localFile).joined(separator: ", ")
        // TRANSLATORS: `koyomi account remove`: %1$@ is the account, %2$@ its calendars' files.
        let removed = FormatterStrings.fill(L("Removed %1$@; its calendars (%2$@) stay as local calendars"),
                                            account.displayName, files)
        return CLIResult(status: 0, output: removed + "\n", error: error)
    }
}
