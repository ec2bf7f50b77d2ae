import CalDAV
import CalendarModel
import OnlineAccounts

/// A failed server request in words a person can act on, in their language.
///
/// `CalDAVError.description` is English for logs and the command line; the window says the
/// same things through gettext, keeping libcurl's own reason (which is not translated).
enum SyncErrorText {
    static func sentence(for error: any Error) -> String {
        if case let OnlineAccountsError.signInAgain(account) = error {
            // TRANSLATORS: GNOME Online Accounts refused the credentials; %@ is the account (alice@gmail.com).
            // "Settings → Online Accounts" is where GNOME Settings keeps them: use its translated names.
            return FormatterStrings.fill(L("Sign in to %@ again in Settings → Online Accounts"), account)
        }
        guard let error = error as? CalDAVError else {
            // TRANSLATORS: shown when talking to a CalDAV server failed for an unexpected reason;
            // %@ is the technical reason.
            return FormatterStrings.fill(L("Something went wrong: %@"), String(describing: error))
        }
        switch error {
        case .unauthorized:
            // TRANSLATORS: the CalDAV server rejected the account's credentials.
            return L("Wrong user name or password.")
        case .unreachable(let reason):
            // TRANSLATORS: %@ is the network library's reason, e.g. "Could not resolve host".
            return FormatterStrings.fill(L("The server cannot be reached: %@"), reason)
        case .tls(let reason):
            // TRANSLATORS: %@ is the network library's reason, e.g. "SSL certificate problem".
            return FormatterStrings.fill(L("The secure connection failed: %@"), reason)
        case .malformedResponse, .notFound:
            // TRANSLATORS: discovery found no CalDAV calendars at the address the user typed.
            return L("No CalDAV calendars were found at this address. Check the server address.")
        case .server(let status, _):
            // TRANSLATORS: %@ is an HTTP status number, e.g. "500".
            return FormatterStrings.fill(L("The server answered with an error (HTTP %@)."), String(status))
        case .libraryMissing(let reason):
            // TRANSLATORS: a library needed to talk to servers is not installed; %@ names it and
            // the package that provides it (not translated).
            return FormatterStrings.fill(L("Koyomi cannot talk to servers on this computer: %@"), reason)
        case .rateLimited:
            // TRANSLATORS: the server (e.g. Google) answered "too many requests" even after Koyomi waited.
            return L("The server asks Koyomi to slow down (too many requests); Koyomi waited, and tries again at the next sync")
        case .preconditionFailed, .invalidSyncToken:
            return error.description
        }
    }
}
