import CGio
import Foundation

/// Follows GNOME Online Accounts while Koyomi runs: an account added or removed (the object
/// manager's `InterfacesAdded`/`InterfacesRemoved`), a property changed (`PropertiesChanged`:
/// calendars switched off, attention needed), GOA itself starting or going away
/// (`NameOwnerChanged`). Each such signal raises `generation`; a caller waits for a raise
/// with `waitForChange(after:)` on a background thread of its own and reads the accounts
/// again. The signals are received on a thread of the watcher's own, with its own GLib main
/// context, so they never wait for (or add to) the window's main loop.
public final class OnlineAccountsWatcher: @unchecked Sendable { // state behind `condition`
    private let condition = NSCondition()
    private var generationValue = 0
    private var stopped = false
    private var loop: OpaquePointer?
    /// Kept so its connection outlives the subscriptions.
    private let bus: OnlineAccountsBus

    /// Starts listening on `bus`. The signals GDBus delivers before `init` returns count too.
    public init(bus: OnlineAccountsBus) {
        self.bus = bus
        let ready = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [self] in
            let connection = bus.connection
            let context = g_main_context_new()
            g_main_context_push_thread_default(context)
            let box = Unmanaged.passRetained(SignalTarget(watcher: self)).toOpaque()
            let accounts = g_dbus_connection_signal_subscribe(
                connection, OnlineAccountsBus.busName, nil, nil, nil, nil, G_DBUS_SIGNAL_FLAGS_NONE,
                onSignal, box, releaseTarget)
            let owner = g_dbus_connection_signal_subscribe(
                connection, "org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged", "/org/freedesktop/DBus",
                OnlineAccountsBus.busName, G_DBUS_SIGNAL_FLAGS_NONE, onSignal,
                Unmanaged.passRetained(SignalTarget(watcher: self)).toOpaque(), releaseTarget)
            let loop = g_main_loop_new(context, 0)
            condition.withLock { self.loop = loop }
            ready.signal()
            if !condition.withLock({ stopped }) { g_main_loop_run(loop) }
            g_dbus_connection_signal_unsubscribe(connection, accounts)
            g_dbus_connection_signal_unsubscribe(connection, owner)
            // Unsubscribing drops the targets once GDBus has no callback left in flight on this context.
            while g_main_context_iteration(context, 0) != 0 {}
            g_main_loop_unref(loop)
            g_main_context_pop_thread_default(context)
            g_main_context_unref(context)
        }
        ready.wait()
    }

    /// Raised by every signal from GOA.
    public var generation: Int { condition.withLock { generationValue } }

    /// Waits until `generation` is beyond `seen` (or the watcher stops, or `timeout` seconds
    /// pass); returns it, or nil when stopped or timed out. Several signals close together are
    /// one wake-up. Blocks: call it off the window's thread.
    public func waitForChange(after seen: Int, timeout: TimeInterval? = nil) -> Int? {
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        condition.lock()
        defer { condition.unlock() }
        while generationValue <= seen && !stopped {
            if let deadline {
                if !condition.wait(until: deadline) { break }
            } else {
                condition.wait()
            }
        }
        return stopped || generationValue <= seen ? nil : generationValue
    }

    /// Stops listening and wakes every waiter (with nil).
    public func stop() {
        condition.lock()
        stopped = true
        let loop = self.loop
        condition.broadcast()
        condition.unlock()
        if let loop { g_main_loop_quit(loop) }
    }

    fileprivate func signalled() {
        condition.lock()
        generationValue += 1
        condition.broadcast()
        condition.unlock()
    }
}

/// What GDBus holds for a subscription: a weak way back, so a dropped watcher is not kept.
private final class SignalTarget {
    weak var watcher: OnlineAccountsWatcher?
    init(watcher: OnlineAccountsWatcher) { self.watcher = watcher }
}

private let onSignal: GDBusSignalCallback = { _, _, _, _, _, _, data in
    guard let data else { return }
    Unmanaged<SignalTarget>.fromOpaque(data).takeUnretainedValue().watcher?.signalled()
}

private let releaseTarget: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<SignalTarget>.fromOpaque(data).release()
}
