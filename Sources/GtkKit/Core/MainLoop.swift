import CGtk

/// A GLib main-loop source (idle or timeout) that can be cancelled. The closure is released
/// when the source is removed, whichever side removes it.
@MainActor
public final class MainLoopSource {
    private var sourceID: guint
    /// Work a window's layout pass may run first (`beforeNextFrame`): dropped on cancel.
    private let frameWork: FrameWork?

    init(sourceID: guint, frameWork: FrameWork? = nil) {
        self.sourceID = sourceID
        self.frameWork = frameWork
    }

    /// Removes the source if it is still pending; safe to call more than once.
    public func cancel() {
        frameWork?.drop()
        guard sourceID != 0 else { return }
        // The source may already have finished; look it up instead of removing blindly.
        if g_main_context_find_source_by_id(nil, sourceID) != nil {
            g_source_remove(sourceID)
        }
        sourceID = 0
    }
}

/// GLib drives Koyomi's main loop (inside `g_application_run`), so deferred UI work goes
/// through GLib sources rather than Dispatch or Swift tasks, which nothing would pump.
@MainActor
public enum MainLoop {
    private typealias Body = @MainActor () -> Bool

    static let dispatch: GSourceFunc = { data in
        nonisolated(unsafe) let box = Unmanaged<ClosureBox<Body>>.fromOpaque(data!).takeUnretainedValue()
        return MainActor.assumeIsolated { box.body() } ? 1 : 0
    }

    static let release: GDestroyNotify = { data in
        guard let data else { return }
        Unmanaged<AnyObject>.fromOpaque(data).release()
    }

    static func retain(_ body: @escaping @MainActor () -> Bool) -> gpointer {
        Unmanaged.passRetained(ClosureBox(body) as AnyObject).toOpaque()
    }

    /// Runs `body` once when the loop is idle (after pending events and before the next frame's
    /// work, at default idle priority), e.g. to batch many updates into one.
    @discardableResult
    public static func idle(_ body: @escaping @MainActor () -> Void) -> MainLoopSource {
        let id = g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, dispatch, retain { body(); return false }, release)
        return MainLoopSource(sourceID: id)
    }

    /// Calls `body` every `milliseconds` for as long as it returns true.
    @discardableResult
    public static func every(milliseconds: UInt32, _ body: @escaping @MainActor () -> Bool) -> MainLoopSource {
        let id = g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, dispatch, retain(body), release)
        return MainLoopSource(sourceID: id)
    }

    /// Calls `body` once after `seconds` (second granularity, so the system can batch wake-ups).
    @discardableResult
    public static func after(seconds: UInt32, _ body: @escaping @MainActor () -> Void) -> MainLoopSource {
        let id = g_timeout_add_seconds_full(G_PRIORITY_DEFAULT, seconds, dispatch, retain { body(); return false }, release)
        return MainLoopSource(sourceID: id)
    }

    /// Calls `body` once after `milliseconds` (a pause in typing, not a clock).
    @discardableResult
    public static func after(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> MainLoopSource {
        let id = g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, dispatch, retain { body(); return false }, release)
        return MainLoopSource(sourceID: id)
    }

    /// Iterates the default main context until `condition` holds or `timeout` seconds pass;
    /// returns whether the condition held. For tests and start-up checks: never a fixed sleep.
    @discardableResult
    public static func iterate(until condition: () -> Bool, timeout: Double = 5) -> Bool {
        let deadline = g_get_monotonic_time() + gint64(timeout * 1_000_000)
        // A periodic wake-up so a blocking iteration cannot outlive the deadline.
        let wake = every(milliseconds: 10) { true }
        defer { wake.cancel() }
        while !condition() {
            if g_get_monotonic_time() >= deadline { return false }
            g_main_context_iteration(nil, 1)
        }
        return true
    }

    /// Seconds on GLib's monotonic clock (for measuring gestures; never jumps with the wall clock).
    public static var monotonicSeconds: Double { Double(g_get_monotonic_time()) / 1_000_000 }

    /// Runs every event that is already pending, without blocking.
    public static func drain() {
        while g_main_context_pending(nil) != 0 { g_main_context_iteration(nil, 0) }
    }
}
