import Accounts
import CalDAV
import CalendarEditing
import CalendarLibrary
import CalendarModel
import FileSafety
import Foundation
import ICalendarReading

/// Syncing a whole account: each chosen server calendar with its local file in the user's
/// calendar folder (so the window shows and edits it like any other), its state in
/// `koyomi/sync/<account id>/<file>.json`. Used by `koyomi sync` and the window alike.
public struct AccountSync: Sendable {
    public let account: Account
    public let calendars: UserCalendarFolder
    /// `$XDG_DATA_HOME/koyomi/sync`.
    public let syncFolder: URL
    public let writer: AtomicFileWriter
    /// One client (one HTTP session, its connections reused) for all the account's calendars.
    public let client: CalDAVClient

    public init(account: Account, password: String, calendars: UserCalendarFolder, syncFolder: URL,
                writer: AtomicFileWriter = AtomicFileWriter()) {
        self.init(account: account, credentials: .basic(user: account.userName, password: password), calendars: calendars,
                  syncFolder: syncFolder, writer: writer)
    }

    /// An account whose credentials are asked for each request (GNOME Online Accounts').
    public init(account: Account, credentials: CalDAVCredentials, calendars: UserCalendarFolder, syncFolder: URL,
                writer: AtomicFileWriter = AtomicFileWriter()) {
        self.account = account
        self.calendars = calendars
        self.syncFolder = syncFolder
        self.writer = writer
        client = CalDAVClient(baseURL: account.serverURL, credentials: credentials)
    }

    /// `$XDG_DATA_HOME/koyomi/sync` (default `~/.local/share/koyomi/sync`).
    public static func syncFolder(environment: [String: String]) -> URL {
        Folders.data(environment: environment).appendingPathComponent("sync")
    }

    /// The engine for one of the account's calendars.
    public func syncer(for calendar: AccountCalendar) -> CalendarSyncer {
        CalendarSyncer(client: client, collection: calendar.remoteURL,
                       calendarPath: localPath(of: calendar),
                       statePath: syncFolder.appendingPathComponent(account.id)
                           .appendingPathComponent(calendar.localFile + ".json").path,
                       timeZone: calendars.timeZone, writer: writer)
    }

    /// One calendar's outcome: what moved, or why it could not.
    public struct Outcome: Sendable {
        public var calendar: AccountCalendar
        public var result: Result<SyncReport, any Error>

        public init(calendar: AccountCalendar, result: Result<SyncReport, any Error>) {
            self.calendar = calendar
            self.result = result
        }
    }

    /// Syncs every chosen calendar, one after the other; one calendar's failure does not stop
    /// the others. A calendar whose local file is missing gets an empty one first.
    public func syncAll() async -> [Outcome] {
        var outcomes: [Outcome] = []
        for calendar in account.calendars {
            do {
                try ensureLocalFile(calendar)
                outcomes.append(Outcome(calendar: calendar, result: .success(try await syncer(for: calendar).sync())))
            } catch {
                outcomes.append(Outcome(calendar: calendar, result: .failure(error)))
            }
        }
        return outcomes
    }

    /// The calendar's file in the user's calendar folder.
    public func localPath(of calendar: AccountCalendar) -> String {
        calendars.folder.appendingPathComponent(calendar.localFile).path
    }

    private func ensureLocalFile(_ calendar: AccountCalendar) throws {
        let path = localPath(of: calendar)
        guard FileIdentity.of(path: path) == nil else { return }
        let document = try CalendarDocument.empty(name: calendar.displayName, color: calendar.color,
                                                  timeZone: calendars.timeZone)
        try Folders.create(calendars.folder)
        try AtomicFileWriter().write(document.data, to: path, expecting: nil)
    }

    /// Finds the account's calendars on the server (from just the host, through
    /// `/.well-known/caldav`) and makes an account with local calendars for those chosen
    /// (all when `names` is empty; matched by display name, case-insensitively).
    public static func discover(serverURL: URL, userName: String, password: String, names: [String],
                                calendars folder: UserCalendarFolder, now: Date) async throws -> Account {
        let client = CalDAVClient(baseURL: serverURL, user: userName, password: password)
        let remote = try await client.discover(from: serverURL)
        let chosen = names.isEmpty ? remote : remote.filter { calendar in
            names.contains { $0.caseInsensitiveCompare(calendar.displayName) == .orderedSame }
        }
        guard !chosen.isEmpty else {
            let known = remote.map { "“\($0.displayName)”" }.joined(separator: ", ")
            throw AccountSyncError.noSuchCalendar(names: names, known: known)
        }
        return try makeAccount(serverURL: serverURL, userName: userName, chosen: chosen, calendars: folder, now: now)
    }

    /// An account for the server calendars the user chose, each with a new, empty local
    /// calendar in `folder` named and coloured like it (the first sync fills them).
    public static func makeAccount(serverURL: URL, userName: String, chosen: [RemoteCalendar],
                                   calendars folder: UserCalendarFolder, now: Date) throws -> Account {
        var calendars: [AccountCalendar] = []
        for calendar in chosen {
            let color = calendar.color.map { String($0.prefix(7)) } ?? CalendarPalette.first // "#rrggbbaa" from Apple clients
            let path = try folder.createCalendar(name: calendar.displayName, color: color, timeZone: folder.timeZone)
            calendars.append(AccountCalendar(remoteURL: calendar.url, localFile: (path as NSString).lastPathComponent,
                                             displayName: calendar.displayName, color: color))
        }
        return Account(displayName: "\(userName)@\(serverURL.host ?? serverURL.absoluteString)", serverURL: serverURL,
                       userName: userName, calendars: calendars, created: now)
    }
}

public enum AccountSyncError: Error, Equatable, Sendable, CustomStringConvertible {
    case noSuchCalendar(names: [String], known: String)

    public var description: String {
        switch self {
        case let .noSuchCalendar(names, known):
            "the server has no calendar named " + names.map { "“\($0)”" }.joined(separator: " or ")
                + (known.isEmpty ? " (it has none)" : " (it has \(known))")
        }
    }
}
