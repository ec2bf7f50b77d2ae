import CGtk

/// One D-Bus interface exported at an object path on a connection: every method call is
/// handed to `handler` as a `DBusMethodCall`, on the main thread. `unexport()` (or the
/// wrapper going away) takes it off the bus.
@MainActor
public final class DBusObject {
    private let connection: DBusConnection
    private var registrationID: guint

    /// Exports the first interface described by `xml` (D-Bus introspection XML) at `path`.
    /// Returns nil when the XML or the path is refused (the reason is `error`).
    public init(on connection: DBusConnection, path: String, xml: String,
                handler: @escaping @MainActor (DBusMethodCall) -> Void) throws(DBusError) {
        typealias Body = @MainActor (DBusMethodCall) -> Void
        let callback: KoyomiDBusMethodCallback = { invocation, method, parameters, data in
            guard let invocation, let data else { return }
            let box = Unmanaged<ClosureBox<Body>>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated {
                box.body(DBusMethodCall(invocation: invocation, method: String.fromC(method) ?? "", parameters: parameters))
            }
        }
        let box = Unmanaged.passRetained(ClosureBox<Body>(handler)).toOpaque()
        var error: UnsafeMutablePointer<GError>?
        let id = koyomi_dbus_export(connection.connection, path, xml, callback, box, { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }, &error)
        defer { if let error { g_error_free(error) } }
        guard id != 0 else { throw DBusError(message: error.flatMap { String.fromC($0.pointee.message) } ?? "not exported") }
        self.connection = connection
        registrationID = id
    }

    isolated deinit {
        unexport()
    }

    /// Takes the object off the bus; calls after this get D-Bus's "unknown object".
    public func unexport() {
        guard registrationID != 0 else { return }
        g_dbus_connection_unregister_object(connection.connection, registrationID)
        registrationID = 0
    }
}

/// Why an object could not be exported.
public struct DBusError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
