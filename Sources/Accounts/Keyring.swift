import CSecret

/// CalDAV passwords in the desktop keyring (the Secret Service, through libsecret), never in
/// a file of Koyomi's.
///
/// Each password is one keyring item of the schema `app.koyomi.Koyomi.CalDAV`, found by the
/// account's server URL and user name, so two accounts on one server never see each other's
/// password. The calls talk to the keyring over D-Bus and wait for it (an unlock prompt can
/// take as long as the user needs): call them off the UI thread. The first call loads
/// libsecret (`SecretLibrary`); without it every call throws `.libraryMissing`.
public struct Keyring: Sendable {
    /// The schema name other tools (Seahorse, `secret-tool`) show for Koyomi's items.
    public static let schemaName = "app.koyomi.Koyomi.CalDAV"

    public init() {}

    /// Keeps `password` for the account, replacing the one kept before.
    public func store(password: String, account: Account) throws(KeyringError) {
        // C strings end at the first NUL: such a password would be kept cut short.
        guard !password.utf8.contains(0) else { throw .failed("the password contains a NUL character") }
        let label = "Koyomi: \(account.userName) on \(account.serverURL.host ?? account.serverURL.absoluteString)"
        try call(account) { secret, schema, attributes, error in
            _ = secret.pointee.password_storev_sync(schema, attributes, SECRET_COLLECTION_DEFAULT, label, password, nil, error)
        }
    }

    /// The account's password, or nil when the keyring holds none for it.
    /// - Throws: `.locked` when the keyring holds one but stays locked (libsecret itself
    ///   would answer "none", and Koyomi would ask for a password it cannot store either).
    public func password(for account: Account) throws(KeyringError) -> String? {
        var found: String?
        var locked = false
        try call(account) { secret, schema, attributes, error in
            guard let password = secret.pointee.password_lookupv_sync(schema, attributes, nil, error) else {
                if error.pointee == nil {
                    locked = koyomi_secret_has_locked_item(secret, schema, attributes, error) != 0
                }
                return
            }
            // secret_password_free overwrites the copy before freeing it.
            defer { secret.pointee.password_free(password) }
            found = String(cString: password)
        }
        if found == nil, locked { throw .locked }
        return found
    }

    /// Forgets the account's password.
    /// - Returns: whether there was one to forget.
    @discardableResult
    public func remove(account: Account) throws(KeyringError) -> Bool {
        var removed = false
        try call(account) { secret, schema, attributes, error in
            // FALSE without an error means nothing matched.
            removed = secret.pointee.password_clearv_sync(schema, attributes, nil, error) != 0
        }
        return removed
    }

    /// Runs libsecret calls with the loaded library, the schema and the account's attributes,
    /// turning the GError they leave into a `KeyringError`.
    private func call(
        _ account: Account,
        _ body: (UnsafePointer<koyomi_secret_api>, OpaquePointer, OpaquePointer,
                 UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> Void
    ) throws(KeyringError) {
        let secret = try SecretLibrary.shared.get().api
        guard let schema = Self.makeSchema(secret) else { throw .failed("libsecret refused the schema \(Self.schemaName)") }
        defer { secret.pointee.schema_unref(schema) }
        guard let attributes = koyomi_secret_attributes_new() else { throw .failed("out of memory") }
        defer { g_hash_table_unref(attributes) }
        koyomi_secret_attributes_set(attributes, "server", Self.serverKey(account))
        koyomi_secret_attributes_set(attributes, "user", account.userName)

        var error: UnsafeMutablePointer<GError>?
        body(secret, schema, attributes, &error)
        if let error {
            defer { g_error_free(error) }
            throw KeyringError(error.pointee, secretDomain: secret.pointee.error_get_quark())
        }
    }

    /// The schema: two string attributes, and libsecret adds `xdg:schema` so only Koyomi's
    /// items match. Release with the library's `schema_unref`.
    private static func makeSchema(_ secret: UnsafePointer<koyomi_secret_api>) -> OpaquePointer? {
        guard let names = koyomi_secret_attributes_new() else { return nil }
        defer { g_hash_table_unref(names) }
        koyomi_secret_attributes_set(names, "server", "")
        koyomi_secret_attributes_set(names, "user", "")
        return koyomi_secret_string_schema_new(secret, schemaName, names)
    }

    /// The server as stored: the account's URL without trailing slashes, so
    /// "https://dav.example/" and "https://dav.example" are one server.
    static func serverKey(_ account: Account) -> String {
        var text = account.serverURL.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
