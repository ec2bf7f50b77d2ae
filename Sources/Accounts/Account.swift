import Foundation

/// One CalDAV account as Koyomi remembers it between runs (in `AccountStore`'s file).
///
/// It has no password on purpose: the password lives only in the desktop keyring
/// (`Keyring`), found again by `serverURL` and `userName`.
public struct Account: Codable, Hashable, Sendable, Identifiable {
    /// Stable for the account's life (a UUID string); names its sync data and its calendars.
    public var id: String
    /// What the user calls it ("Work", "Nextcloud").
    public var displayName: String
    /// The server as the user entered it or discovery settled on.
    public var serverURL: URL
    public var userName: String
    /// The server calendars the user chose to show, in the order shown.
    public var calendars: [AccountCalendar]
    public var created: Date
    /// Set for an account that GNOME Online Accounts holds: Koyomi keeps its calendars here
    /// but asks GOA for credentials on every sync, and keeps no password of it.
    public var onlineAccount: OnlineAccountLink?

    public init(
        id: String = UUID().uuidString,
        displayName: String,
        serverURL: URL,
        userName: String,
        calendars: [AccountCalendar] = [],
        created: Date,
        onlineAccount: OnlineAccountLink? = nil
    ) {
        self.id = id
        self.displayName = displayName
        self.serverURL = serverURL
        self.userName = userName
        self.calendars = calendars
        self.created = created
        self.onlineAccount = onlineAccount
    }
}
