import CGtk
import Foundation

/// A one-shot timer for a moment on the wall clock (a reminder at 08:45, midnight), on the
/// GLib main loop, that wakes the process only then.
///
/// GLib's own timeouts count on the monotonic clock, which stops while the machine sleeps: a
/// timeout for 08:45 set at 08:00 before a one-hour suspend would fire at 09:45. This one is a
/// Linux `timerfd` on CLOCK_REALTIME with an absolute deadline, so after a resume it fires at
/// once if the moment has passed; and with TFD_TIMER_CANCEL_ON_SET it also reports when the
/// wall clock is set (by hand or NTP), so its owner can work out the next moment again.
@MainActor
public final class WallClockTimer {
    public enum Event: Equatable, Sendable {
        /// The moment came (or passed while the machine slept).
        case due
        /// The wall clock was set; the moment is not cancelled but should be looked at again.
        case clockChanged
    }

    private let descriptor: Int32
    private var sourceID: guint = 0
    private let handler: @MainActor (Event) -> Void
    /// When it will fire, or nil when it is not armed.
    public private(set) var deadline: Date?

    public init(_ handler: @escaping @MainActor (Event) -> Void) {
        self.handler = handler
        descriptor = timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC) | Int32(TFD_NONBLOCK))
        guard descriptor >= 0 else { return }
        let box = Unmanaged.passRetained(ClosureBox<@MainActor () -> Void> { [weak self] in self?.readable() } as AnyObject)
        sourceID = g_unix_fd_add_full(G_PRIORITY_DEFAULT, descriptor, G_IO_IN, { _, _, data in
            let box = Unmanaged<ClosureBox<@MainActor () -> Void>>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.body() }
            return 1
        }, box.toOpaque(), { data in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        })
    }

    isolated deinit {
        if sourceID != 0 { g_source_remove(sourceID) }
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether the kernel gave a timer (it always does on Linux unless descriptors ran out).
    public var isAvailable: Bool { descriptor >= 0 }

    /// Fires once at `date` (at once when it has passed), replacing any earlier moment.
    public func fire(at date: Date) {
        deadline = date
        // 0 would disarm: a moment already past becomes the smallest one, long gone.
        let seconds = max(date.timeIntervalSince1970, 0.000_001)
        let whole = seconds.rounded(.down)
        var spec = itimerspec()
        spec.it_value = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1_000_000_000))
        timerfd_settime(descriptor, Int32(TFD_TIMER_ABSTIME) | Int32(TFD_TIMER_CANCEL_ON_SET), &spec, nil)
    }

    /// Disarms the timer (it also stops reporting clock changes).
    public func cancel() {
        deadline = nil
        var spec = itimerspec()
        timerfd_settime(descriptor, 0, &spec, nil)
    }

    private func readable() {
        var expirations: UInt64 = 0
        let count = read(descriptor, &expirations, MemoryLayout<UInt64>.size)
        if count < 0 {
            // ECANCELED: the clock was set. EAGAIN: nothing after all (already read).
            guard errno == ECANCELED else { return }
            if let deadline { fire(at: deadline) }
            handler(.clockChanged)
            return
        }
        deadline = nil
        handler(.due)
    }
}
