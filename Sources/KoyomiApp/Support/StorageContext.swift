import Accounts
import CalendarLibrary
import CalendarSync
import CalendarVetting
import FileSafety
import Foundation

/// Where the window keeps and saves calendars: the user's calendar folder, the backups of
/// every saved file, and the program that reads untrusted files (imports, drops) in a child
/// process. The app takes them from the environment; tests point them at a scratch folder.
struct StorageContext {
    var userFolder: UserCalendarFolder
    var backups: BackupStore
    /// Run as `<vetExecutable> --vet-ics FILE` under CPU and memory limits: this `koyomi`.
    var vetExecutable: String
    /// Calendar files: a version not read before is parsed by `vetExecutable --parse-ics`.
    var parseGuard: ParseGuard
    /// CalDAV: the accounts (`sync/accounts.json`) and every calendar's sync state (`sync/`).
    var accounts: AccountStore
    var syncFolder: URL
    /// Published calendars followed read-only (`sync/subscriptions.json`, copies in `subscriptions/`).
    var subscriptions: SubscriptionStore

    init(userFolder: UserCalendarFolder, backups: BackupStore, vetExecutable: String, trust: ParseTrust?,
         syncFolder: URL) {
        self.userFolder = userFolder
        self.backups = backups
        self.vetExecutable = vetExecutable
        parseGuard = ParseGuard(childExecutable: vetExecutable, trust: trust)
        self.syncFolder = syncFolder
        accounts = AccountStore(file: syncFolder.appendingPathComponent("accounts.json"))
        subscriptions = SubscriptionStore(file: syncFolder.appendingPathComponent("subscriptions.json"),
                                          folder: syncFolder.deletingLastPathComponent().appendingPathComponent("subscriptions"))
    }

    init(environment: [String: String], timeZone: TimeZone) {
        self.init(userFolder: UserCalendarFolder(environment: environment, timeZone: timeZone),
                  backups: BackupStore.standard(environment: environment),
                  vetExecutable: Self.vetExecutable(environment: environment),
                  trust: ParseTrust.standard(environment: environment),
                  syncFolder: AccountSync.syncFolder(environment: environment))
    }

    /// Every save keeps the version it replaces in the backups folder.
    var writer: AtomicFileWriter { AtomicFileWriter(backups: backups) }

    /// How calendar files are read before the window (and its storage) exist: the same guard.
    static func parseGuard(environment: [String: String]) -> ParseGuard {
        ParseGuard(childExecutable: vetExecutable(environment: environment), trust: ParseTrust.standard(environment: environment))
    }

    private static func vetExecutable(environment: [String: String]) -> String {
        environment["KOYOMI_VET_EXECUTABLE"] ?? ownExecutable
    }

    /// This process's own binary (the child runs the same code with `--vet-ics`).
    static var ownExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Whether `id` is one of the user's own calendars (those can be removed, not just closed).
    func isUserCalendar(_ path: String) -> Bool {
        URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
            == userFolder.folder.standardizedFileURL.path
    }
}
