import Foundation

/// How a client proves who it is, asked afresh for each request: a fixed user name and
/// password, or credentials another program hands out and renews (GNOME Online Accounts'
/// OAuth2 tokens and passwords), which Koyomi never stores.
public struct CalDAVCredentials: Sendable {
    /// The `Authorization` header's value for the next request. `renewing` is true once, after
    /// the server refused the last one (401): a provider that can renew does so (a fresh
    /// token) or throws what the user must do; one that cannot returns nil, and the 401 stands.
    public typealias Authorization = @Sendable (_ renewing: Bool) async throws -> String?

    let authorization: Authorization

    public init(authorization: @escaping Authorization) {
        self.authorization = authorization
    }

    /// HTTP Basic with a user name and password that do not change.
    public static func basic(user: String, password: String) -> CalDAVCredentials {
        let value = "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        return CalDAVCredentials { renewing in renewing ? nil : value }
    }
}
