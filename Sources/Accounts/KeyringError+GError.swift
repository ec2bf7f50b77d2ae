import CSecret

extension KeyringError {
    /// Sorts a libsecret/GIO error: no bus or no one owning the Secret Service name means no
    /// keyring; libsecret's "is locked" means locked; anything else is a plain failure.
    /// `secretDomain` is libsecret's error quark (`secret_error_get_quark`).
    init(_ error: GError, secretDomain: GQuark) {
        let message = error.message.map { String(cString: $0) } ?? "unknown error"
        if error.domain == secretDomain {
            self = error.code == Int32(SECRET_ERROR_IS_LOCKED.rawValue) ? .locked : .failed(message)
        } else if error.domain == g_io_error_quark() {
            // Raised while connecting to the session bus (no address, no socket, refused).
            self = .unavailable(message)
        } else if error.domain == g_dbus_error_quark(), Self.unreachable.contains(error.code) {
            self = .unavailable(message)
        } else {
            self = .failed(message)
        }
    }

    /// The D-Bus errors that mean nobody provides `org.freedesktop.secrets`.
    private static let unreachable = Set([
        G_DBUS_ERROR_SERVICE_UNKNOWN, G_DBUS_ERROR_NAME_HAS_NO_OWNER, G_DBUS_ERROR_NO_SERVER,
        G_DBUS_ERROR_BAD_ADDRESS, G_DBUS_ERROR_FILE_NOT_FOUND, G_DBUS_ERROR_DISCONNECTED,
        // The bus could not start a keyring it knows of.
        G_DBUS_ERROR_SPAWN_EXEC_FAILED, G_DBUS_ERROR_SPAWN_FORK_FAILED, G_DBUS_ERROR_SPAWN_CHILD_EXITED,
        G_DBUS_ERROR_SPAWN_CHILD_SIGNALED, G_DBUS_ERROR_SPAWN_FAILED, G_DBUS_ERROR_SPAWN_SERVICE_INVALID,
        G_DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND,
    ].map { Int32($0.rawValue) })
}
