import Dispatch
import GtkKit

/// Runs network work (async, throwing) off the GTK main thread and hands its outcome back to
/// the main thread through GLib's main context, so a dialog never waits on a server.
///
/// The work runs in a detached task; a background thread waits for it with a semaphore and
/// `MainLoop.runInBackground` delivers the result as an idle callback. (A `Task { @MainActor }`
/// hop is not used: inside `g_application_run` nothing promises to pump Swift's main executor.)
enum SyncBackground {
    @MainActor
    static func run<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value,
                                     then completion: @escaping @MainActor (Result<Value, any Error>) -> Void) {
        MainLoop.runInBackground({ wait(for: work) }, then: completion)
    }

    /// Blocks the calling (background) thread until `work` finishes.
    private static func wait<Value: Sendable>(for work: @escaping @Sendable () async throws -> Value)
        -> Result<Value, any Error> {
        let slot = Slot<Value>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                slot.result = .success(try await work())
            } catch {
                slot.result = .failure(error)
            }
            done.signal()
        }
        done.wait()
        // The task always sets the result before signalling; the semaphore orders the read.
        return slot.result ?? .failure(CancellationError())
    }
}

/// Written once by the task before `signal`, read after `wait`.
private final class Slot<Value>: @unchecked Sendable {
    var result: Result<Value, any Error>?
}
