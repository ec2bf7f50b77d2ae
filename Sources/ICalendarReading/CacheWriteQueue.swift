import Dispatch
import Foundation

/// Reopen-cache writes done on low-priority threads after the plans are shown, and a way to
/// wait for them: a window closed right after opening must not exit halfway through a write,
/// or the next start parses again. The app makes one, hands it to its loads and waits for it
/// on its way out (nothing global).
public final class CacheWriteQueue: Sendable {
    private let pending = DispatchGroup()

    public init() {}

    /// Performs `writes` on a low-priority thread of their own and returns at once.
    public func performInBackground(_ writes: [ReopenCacheWrite]) {
        guard !writes.isEmpty else { return }
        pending.enter()
        ParallelChunks.detach { [pending] in
            writes.forEach { $0.perform() }
            pending.leave()
        }
    }

    /// Waits (at most `timeout` seconds) for the writes `performInBackground` started.
    public func waitForBackgroundWrites(timeout: TimeInterval) {
        _ = pending.wait(timeout: .now() + timeout)
    }
}
