/// Why GNOME Online Accounts could not be asked, or would not give credentials. The
/// descriptions are English, for logs; the window and the commands say them in the user's
/// language.
public enum OnlineAccountsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No session bus, or no GOA on it (KDE, Sway, a server): nothing to read, not a failure.
    case unavailable(reason: String)
    /// GOA refused the credentials, or says the account needs attention: only the user can
    /// fix it, in GNOME Settings. `account` is its presentation identity.
    case signInAgain(account: String)
    /// A call failed for another reason (the daemon crashed, an answer of the wrong type).
    case failed(reason: String)

    public var description: String {
        switch self {
        case let .unavailable(reason): "GNOME Online Accounts is not available (\(reason))"
        case let .signInAgain(account): "Sign in to \(account) again in Settings → Online Accounts"
        case let .failed(reason): "GNOME Online Accounts failed: \(reason)"
        }
    }
}
