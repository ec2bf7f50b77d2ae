import CGio
import Foundation

/// GNOME Online Accounts (GOA 3.46) on the session bus, asked directly over GDBus: the
/// accounts its object manager lists, and, per request, an account's credentials. No libgoa
/// and no GTK: GIO only. Every call waits for its answer (bounded), so call from a
/// background thread, never the window's.
public final class OnlineAccountsBus: @unchecked Sendable { // the connection is GDBus's, which is thread-safe
    public static let busName = "org.gnome.OnlineAccounts"
    public static let managerPath = "/org/gnome/OnlineAccounts"
    static let accountInterface = "org.gnome.OnlineAccounts.Account"
    static let calendarInterface = "org.gnome.OnlineAccounts.Calendar"
    static let oauth2Interface = "org.gnome.OnlineAccounts.OAuth2Based"
    static let passwordInterface = "org.gnome.OnlineAccounts.PasswordBased"

    /// The session bus (GDBus's shared connection, kept for the process's life).
    let connection: OpaquePointer

    private init(connection: OpaquePointer) {
        self.connection = connection
    }

    /// The session bus. - Throws: `.unavailable` without one (no `DBUS_SESSION_BUS_ADDRESS`).
    public static func sessionBus() throws(OnlineAccountsError) -> OnlineAccountsBus {
        var error: UnsafeMutablePointer<GError>?
        guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            throw .unavailable(reason: takeMessage(error) ?? "no session bus")
        }
        return OnlineAccountsBus(connection: connection)
    }

    /// The bus at `address` (a private test bus), on a connection of its own.
    public static func connect(address: String) throws(OnlineAccountsError) -> OnlineAccountsBus {
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                         | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
            throw .unavailable(reason: takeMessage(error) ?? "no bus at \(address)")
        }
        return OnlineAccountsBus(connection: connection)
    }

    /// Every account GOA holds, in the order of their object paths.
    /// - Throws: `.unavailable` when nobody owns `org.gnome.OnlineAccounts` and the bus
    ///   cannot start it.
    public func accounts() throws(OnlineAccountsError) -> [OnlineAccount] {
        let reply = try call(Self.managerPath, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects", nil,
                             timeout: 10, unavailableWhenMissing: true)
        defer { g_variant_unref(reply) }
        var accounts: [OnlineAccount] = []
        guard let objects = Variant.child(reply, 0) else { return [] }
        defer { g_variant_unref(objects) }
        Variant.forEachChild(objects) { entry in
            guard let pathValue = Variant.child(entry, 0) else { return }
            let path = Variant.string(pathValue)
            g_variant_unref(pathValue)
            guard let interfaces = Variant.child(entry, 1) else { return }
            defer { g_variant_unref(interfaces) }
            if let account = Self.account(at: path, interfaces: interfaces) { accounts.append(account) }
        }
        return accounts.sorted { $0.objectPath < $1.objectPath }
    }

    static func account(at path: String, interfaces: OpaquePointer) -> OnlineAccount? {
        guard let properties = Variant.lookup(interfaces, accountInterface, type: "a{sv}") else { return nil }
        defer { g_variant_unref(properties) }
        var uri: URL?
        if let calendar = Variant.lookup(interfaces, calendarInterface, type: "a{sv}") {
            uri = Variant.string(calendar, "Uri").flatMap { $0.isEmpty ? nil : URL(string: $0) }
            g_variant_unref(calendar)
        }
        func has(_ name: String) -> Bool {
            guard let value = Variant.lookup(interfaces, name) else { return false }
            g_variant_unref(value)
            return true
        }
        return OnlineAccount(
            objectPath: path, id: Variant.string(properties, "Id") ?? path,
            providerType: Variant.string(properties, "ProviderType") ?? "",
            providerName: Variant.string(properties, "ProviderName") ?? "",
            presentationIdentity: Variant.string(properties, "PresentationIdentity") ?? "",
            identity: Variant.string(properties, "Identity") ?? "",
            calendarDisabled: Variant.bool(properties, "CalendarDisabled") ?? false,
            attentionNeeded: Variant.bool(properties, "AttentionNeeded") ?? false,
            calendarURI: uri, usesOAuth2: has(oauth2Interface), usesPassword: has(passwordInterface))
    }

    /// `OAuth2Based.GetAccessToken()`: a bearer token and how many seconds it is good for.
    public func accessToken(_ account: OnlineAccount) throws(OnlineAccountsError) -> (token: String, expiresIn: Int) {
        let reply = try call(account.objectPath, Self.oauth2Interface, "GetAccessToken", nil, timeout: 60)
        defer { g_variant_unref(reply) }
        guard let token = Variant.child(reply, 0), let expires = Variant.child(reply, 1) else {
            throw .failed(reason: "GetAccessToken answered no token")
        }
        defer { g_variant_unref(token); g_variant_unref(expires) }
        return (Variant.string(token), Int(g_variant_get_int32(expires)))
    }

    /// `PasswordBased.GetPassword(id)`; GOA keeps a password account's under the id "password".
    public func password(_ account: OnlineAccount, id: String = "password") throws(OnlineAccountsError) -> String {
        let arguments = [g_variant_new_string(id)]
        let tuple = arguments.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, 1) }
        let reply = try call(account.objectPath, Self.passwordInterface, "GetPassword", tuple, timeout: 60)
        defer { g_variant_unref(reply) }
        guard let password = Variant.child(reply, 0) else { throw .failed(reason: "GetPassword answered nothing") }
        defer { g_variant_unref(password) }
        return Variant.string(password)
    }

    /// `Account.EnsureCredentials()`: GOA checks (and renews) the credentials. A refusal means
    /// the user must sign in again.
    public func ensureCredentials(_ account: OnlineAccount) throws(OnlineAccountsError) {
        do {
            let reply = try call(account.objectPath, Self.accountInterface, "EnsureCredentials", nil, timeout: 60)
            g_variant_unref(reply)
        } catch .unavailable(let reason) {
            throw .unavailable(reason: reason)
        } catch {
            throw .signInAgain(account: account.presentationIdentity)
        }
    }

    /// One method call to GOA and its answer (release it). `parameters` is consumed.
    private func call(_ path: String, _ interface: String, _ method: String, _ parameters: OpaquePointer?,
                      timeout: Int32, unavailableWhenMissing: Bool = true) throws(OnlineAccountsError) -> OpaquePointer {
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_sync(connection, Self.busName, path, interface, method, parameters, nil,
                                                G_DBUS_CALL_FLAGS_NONE, timeout * 1000, nil, &error)
        if let reply { return reply }
        let missing = error.map { Self.meansNobodyThere($0.pointee) } ?? false
        let message = Self.takeMessage(error) ?? "\(method) failed"
        throw missing && unavailableWhenMissing ? .unavailable(reason: message) : .failed(reason: message)
    }

    /// Nobody owns the name and the bus cannot start GOA, or the connection is gone.
    static func meansNobodyThere(_ error: GError) -> Bool {
        guard error.domain == g_dbus_error_quark() else { return error.domain == g_io_error_quark() && error.code == Int32(G_IO_ERROR_CLOSED.rawValue) }
        return [G_DBUS_ERROR_SERVICE_UNKNOWN, G_DBUS_ERROR_NAME_HAS_NO_OWNER, G_DBUS_ERROR_DISCONNECTED,
                G_DBUS_ERROR_NO_SERVER, G_DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND, G_DBUS_ERROR_SPAWN_EXEC_FAILED,
                G_DBUS_ERROR_SPAWN_CHILD_EXITED, G_DBUS_ERROR_SPAWN_FAILED]
            .map { Int32($0.rawValue) }.contains(error.code)
    }

    /// The error's message (D-Bus's remote error name stripped), freeing the error.
    static func takeMessage(_ error: UnsafeMutablePointer<GError>?) -> String? {
        guard let error else { return nil }
        defer { g_error_free(error) }
        _ = g_dbus_error_strip_remote_error(error)
        return error.pointee.message.map { String(cString: $0) }
    }
}
