import CGtk

/// Objects of the application's own on its D-Bus connection.
extension Application {
    /// Calls `handler` with the connection when GApplication registers on the session bus
    /// (`true`: export your objects now, before the bus name is taken, so the first call D-Bus
    /// activation brought finds them) and when it unregisters (`false`: take them back).
    /// Set it before `register()`. A second call replaces the first.
    public func onBusRegistration(_ handler: @escaping @MainActor (_ connection: DBusConnection, _ registered: Bool) -> Void) {
        typealias Body = @MainActor (DBusConnection, Bool) -> Void
        let hook: KoyomiDBusHook = { connection, _, registered, data in
            guard let connection, let data else { return }
            let box = Unmanaged<ClosureBox<Body>>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { box.body(DBusConnection(retaining: connection), registered != 0) }
        }
        let box = Unmanaged.passRetained(ClosureBox<Body>(handler)).toOpaque()
        koyomi_application_set_dbus_hook(application, hook, box) { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }
    }
}

/// A D-Bus connection (GDBusConnection), held while the wrapper lives.
@MainActor
public final class DBusConnection: GObjectRef {
    init(retaining connection: OpaquePointer) {
        super.init(retaining: UnsafeMutableRawPointer(connection))
    }

    var connection: OpaquePointer { opaque }
}
