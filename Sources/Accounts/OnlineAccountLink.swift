/// Which GNOME Online Accounts account a Koyomi account mirrors (`Account.onlineAccount`).
/// Older files have none: every account in them is Koyomi's own.
public struct OnlineAccountLink: Codable, Hashable, Sendable {
    /// GOA's `Account.Id` ("account_1234").
    public var id: String
    /// GOA's `ProviderType` ("google", "owncloud").
    public var providerType: String

    public init(id: String, providerType: String) {
        self.id = id
        self.providerType = providerType
    }
}
