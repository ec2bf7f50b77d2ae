import CGtk
import Foundation

extension MainLoop {
    /// Runs `work` on a new background thread, then `completion` with its result on the GTK
    /// main thread, handed over through GLib's default main context (an idle source), so it
    /// arrives between events like any other main-loop work. `work` must not touch GTK.
    ///
    /// `givingWay`: the thread runs at nice +10 (Linux keeps it per thread), for work that must
    /// never slow the window down when both want the same core (preparing months ahead).
    public static func runInBackground<Result: Sendable>(givingWay: Bool = false,
                                                         _ work: @escaping @Sendable () -> Result,
                                                         then completion: @escaping @MainActor (Result) -> Void) {
        let run = handingBack(work, then: completion)
        Thread.detachNewThread {
            if givingWay { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10) }
            run()
        }
    }

    /// Runs `work` on `queue`, then `completion` with its result on the GTK main thread, as
    /// `runInBackground` does. With a serial queue, works run one at a time in the order they
    /// were given, and their completions arrive on the main thread in that order too (idle
    /// sources of one priority are dispatched first in, first out).
    public static func run<Result: Sendable>(on queue: DispatchQueue,
                                             _ work: @escaping @Sendable () -> Result,
                                             then completion: @escaping @MainActor (Result) -> Void) {
        queue.async(execute: handingBack(work, then: completion))
    }

    /// `work`, followed by handing its result to `completion` through the default main context.
    private static func handingBack<Result: Sendable>(_ work: @escaping @Sendable () -> Result,
                                                      then completion: @escaping @MainActor (Result) -> Void)
        -> @Sendable () -> Void {
        let slot = ResultSlot<Result>()
        let handoff = Handoff()
        handoff.deliver = {
            guard let value = slot.value else { return }
            completion(value)
        }
        return {
            slot.value = work()
            // GLib's context lock orders this write before the idle callback's read.
            let data = Unmanaged.passRetained(handoff).toOpaque()
            g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, deliverHandoff, data, releaseHandoff)
        }
    }
}

/// The result of background work, written once by its thread and read on the main thread.
private final class ResultSlot<Value>: @unchecked Sendable {
    var value: Value?
}

/// The main-thread half of a handoff. `deliver` is only called and cleared on the main thread,
/// so whatever it captures is released there too, whichever thread drops the handoff last.
private final class Handoff: @unchecked Sendable {
    var deliver: (@MainActor () -> Void)?
}

private let deliverHandoff: GSourceFunc = { data in
    guard let data else { return 0 }
    let handoff = Unmanaged<Handoff>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated {
        handoff.deliver?()
        handoff.deliver = nil
    }
    return 0
}

private let releaseHandoff: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<Handoff>.fromOpaque(data).release()
}
