import Foundation

/// One account of GNOME Online Accounts as its daemon (GOA 3.46) describes it on the session
/// bus: the properties of `org.gnome.OnlineAccounts.Account`, the `Uri` of
/// `org.gnome.OnlineAccounts.Calendar`, and which way it signs in (`OAuth2Based` or
/// `PasswordBased`). A plain value read once; `OnlineAccountsBus.accounts()` reads them again.
public struct OnlineAccount: Equatable, Sendable {
    /// The account's D-Bus object ("/org/gnome/OnlineAccounts/Accounts/account_1234").
    public var objectPath: String
    /// GOA's own id ("account_1234"): stable for the account's life.
    public var id: String
    /// "google", "owncloud", "ms365", …
    public var providerType: String
    /// "Google", "Nextcloud", …, as GNOME Settings names the provider.
    public var providerName: String
    /// What the user sees for the account ("alice@gmail.com").
    public var presentationIdentity: String
    /// The user name the server knows ("alice").
    public var identity: String
    /// The user switched the account's calendars off in Settings → Online Accounts.
    public var calendarDisabled: Bool
    /// GOA needs the user to sign in again (a token it cannot renew, a changed password).
    public var attentionNeeded: Bool
    /// `Calendar.Uri`: where discovery starts; nil when the account has no calendar interface.
    public var calendarURI: URL?
    /// Signs in with an OAuth2 bearer token (`OAuth2Based`), else a password (`PasswordBased`).
    public var usesOAuth2: Bool
    public var usesPassword: Bool

    public init(objectPath: String, id: String, providerType: String, providerName: String, presentationIdentity: String,
                identity: String, calendarDisabled: Bool, attentionNeeded: Bool, calendarURI: URL?, usesOAuth2: Bool,
                usesPassword: Bool) {
        self.objectPath = objectPath
        self.id = id
        self.providerType = providerType
        self.providerName = providerName
        self.presentationIdentity = presentationIdentity
        self.identity = identity
        self.calendarDisabled = calendarDisabled
        self.attentionNeeded = attentionNeeded
        self.calendarURI = calendarURI
        self.usesOAuth2 = usesOAuth2
        self.usesPassword = usesPassword
    }

    /// Koyomi syncs it: it has calendars, switched on, and a way to sign in Koyomi can use.
    public var syncsCalendars: Bool {
        calendarURI != nil && !calendarDisabled && (usesOAuth2 || usesPassword)
    }
}
