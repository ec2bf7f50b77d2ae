import CGtk

/// A retained Swift closure handed to GLib as user data. GLib calls `releaseBox` (the destroy
/// notify) when the handler is disconnected or the object is finalized, which balances the
/// single `passRetained` in `connect`.
final class ClosureBox<Body> {
    let body: Body
    init(_ body: Body) { self.body = body }
}

private let releaseBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// A connected signal handler; `disconnect()` removes it and frees its closure.
///
/// It watches the object through a GWeakRef rather than the Swift wrapper, so it still works
/// when the wrapper is gone but GTK keeps the object (a child widget, a frame clock), and
/// never keeps the object alive itself.
@MainActor
public final class SignalConnection {
    private let instance = UnsafeMutablePointer<GWeakRef>.allocate(capacity: 1)
    private var handlerID: gulong

    init(object: UnsafeMutablePointer<GObject>, handlerID: gulong) {
        instance.initialize(to: GWeakRef())
        g_weak_ref_init(instance, object)
        self.handlerID = handlerID
    }

    isolated deinit {
        g_weak_ref_clear(instance)
        instance.deallocate()
    }

    /// False once disconnected or once the object is gone.
    public var isConnected: Bool {
        guard handlerID != 0, let object = g_weak_ref_get(instance) else { return false }
        defer { g_object_unref(object) }
        return g_signal_handler_is_connected(object, handlerID) != 0
    }

    public func disconnect() {
        defer { handlerID = 0 }
        guard handlerID != 0, let object = g_weak_ref_get(instance) else { return }
        defer { g_object_unref(object) }
        if g_signal_handler_is_connected(object, handlerID) != 0 {
            g_signal_handler_disconnect(object, handlerID)
        }
    }
}

extension GObjectRef {
    /// Connects a handler given as a C trampoline plus a Swift closure (the one signal
    /// primitive; the typed `on…` methods below build on it).
    @discardableResult
    func connect<Body>(_ signal: String, trampoline: GCallback, body: Body) -> SignalConnection {
        let box = Unmanaged.passRetained(ClosureBox(body) as AnyObject).toOpaque()
        let id = g_signal_connect_data(object, signal, trampoline, box, releaseBox, GConnectFlags(rawValue: 0))
        return SignalConnection(object: object, handlerID: id)
    }

    /// Called whenever `property` changes ("notify::property"; the GParamSpec argument is dropped).
    @discardableResult
    public func onNotify(_ property: String, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        onPointerSignal("notify::" + property) { _ in handler() }
    }

    /// A signal with no arguments and no return value ("clicked", "activate", "map").
    /// The handler's C signature must be exactly (instance, user_data).
    @discardableResult
    public func onSignal(_ signal: String, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        typealias Body = @MainActor () -> Void
        let trampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            let box = Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.body() }
        }
        return connect(signal, trampoline: unsafeBitCast(trampoline, to: GCallback.self), body: handler as Body)
    }

    /// A signal whose handler returns a gboolean ("close-request": true stops the default).
    @discardableResult
    public func onBoolSignal(_ signal: String, _ handler: @escaping @MainActor () -> Bool) -> SignalConnection {
        typealias Body = @MainActor () -> Bool
        let trampoline: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
            let box = Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated { box.body() } ? 1 : 0
        }
        return connect(signal, trampoline: unsafeBitCast(trampoline, to: GCallback.self), body: handler as Body)
    }

    /// A signal with one pointer argument ("row-activated" hands the row). GtkKit widgets turn
    /// the pointer into a typed value before app code sees it.
    @discardableResult
    func onPointerSignal(_ signal: String, _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) -> SignalConnection {
        typealias Body = @MainActor (UnsafeMutableRawPointer?) -> Void
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
            let box = Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue()
            nonisolated(unsafe) let argument = argument
            MainActor.assumeIsolated { box.body(argument) }
        }
        return connect(signal, trampoline: unsafeBitCast(trampoline, to: GCallback.self), body: handler as Body)
    }
}
