import Foundation
import CalDAV
import OnlineAccounts
import Synchronization

/// An account's credentials from GNOME Online Accounts, asked when a request needs them and
/// never stored: a bearer token for Google (`OAuth2Based.GetAccessToken`, kept in memory
/// until it expires or a server refuses it), else Basic with the account's `Identity` and
/// `PasswordBased.GetPassword("password")`. After a 401, GOA is asked once to check and renew
/// them (`EnsureCredentials`, then a fresh token); a refusal there is `.signInAgain`.
public enum OnlineAccountCredentials {
    public static func make(for account: OnlineAccount, bus: OnlineAccountsBus,
                            clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) -> CalDAVCredentials {
        let cache = Mutex<(value: String, until: ContinuousClock.Instant)?>(nil)
        return CalDAVCredentials { renewing in
            if account.attentionNeeded { throw OnlineAccountsError.signInAgain(account: account.presentationIdentity) }
            if renewing {
                cache.withLock { $0 = nil }
                try bus.ensureCredentials(account)
            } else if let cached = cache.withLock({ $0 }), cached.until > clock() {
                return cached.value
            }
            let value: String
            var lifetime = 3600
            do {
                if account.usesOAuth2 {
                    let (token, expiresIn) = try bus.accessToken(account)
                    value = "Bearer \(token)"
                    // GOA's expires_in is 0 when it does not know; a minute's margin before the end.
                    lifetime = expiresIn > 0 ? max(0, expiresIn - 60) : 3600
                } else {
                    let password = try bus.password(account)
                    value = "Basic " + Data("\(account.identity):\(password)".utf8).base64EncodedString()
                }
            } catch {
                // Renewed, yet no credentials: only the user can help, in Settings.
                if renewing, case OnlineAccountsError.failed? = error as? OnlineAccountsError { throw OnlineAccountsError.signInAgain(account: account.presentationIdentity) }
                throw error
            }
            cache.withLock { $0 = (value, clock() + .seconds(lifetime)) }
            return value
        }
    }
}
