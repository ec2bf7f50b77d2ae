import Dispatch
import GtkKit

/// The one thread that touches the window's calendar files: it owns `EditableFiles`, and
/// every file operation (a snapshot for Undo, an edit and its save, Undo's restore, reading a
/// plan for the editor) runs on it, one at a time, in the order the main thread asked. So the
/// window never waits for a disk, and two quick edits never race or land out of order.
/// Each result comes back to the main thread through GLib's main context, in the same order.
@MainActor
final class SaveQueue {
    /// The files, handed to each work on the queue.
    ///
    /// @unchecked Sendable: `EditableFiles` is a plain class with no lock of its own; it is
    /// touched only inside works run on `queue`, which is serial, so one thread at a time
    /// uses it and each work sees everything the one before it did (Dispatch orders them).
    /// The main thread never reads it.
    private struct Owned: @unchecked Sendable {
        let files: EditableFiles
    }

    private let owned: Owned
    /// User-initiated: a save is what the user just asked for and waits to see.
    private let queue = DispatchQueue(label: "app.koyomi.saves", qos: .userInitiated)
    /// Works given to the queue whose completion has not yet run on the main thread.
    private(set) var inFlight = 0
    private var idleWaiters: [@MainActor () -> Void] = []
    /// Called on the main thread each time the last work in flight has completed.
    var onIdle: (() -> Void)?
    /// For tests: runs on the queue before each work given from now on (to hold a save back
    /// while the window goes on).
    var beforeEachWork: (@Sendable () -> Void)?

    init(files: EditableFiles) {
        owned = Owned(files: files)
    }

    /// Whether a work is queued, running, or its result not yet handed back.
    var isBusy: Bool { inFlight > 0 }

    /// Runs `work` with the files on the queue, after every work given before it, then
    /// `completion` on the main thread with what it returned or threw.
    func run<T: Sendable>(_ work: @escaping @Sendable (EditableFiles) throws -> T,
                          then completion: @escaping @MainActor (Result<T, any Error>) -> Void) {
        inFlight += 1
        let owned = owned
        let hold = beforeEachWork
        MainLoop.run(on: queue, {
            hold?()
            return Result { try work(owned.files) }.mapError(SendableError.init)
        }, then: { [weak self] result in
            completion(result.mapError(\.error))
            self?.completed()
        })
    }

    /// Runs `body` on the main thread once nothing is in flight: now, or after the last completion.
    func whenIdle(_ body: @escaping @MainActor () -> Void) {
        if isBusy { idleWaiters.append(body) } else { body() }
    }

    private func completed() {
        inFlight -= 1
        // A completion may have queued more (a reload, the next step); idle means all of it is done.
        guard inFlight == 0 else { return }
        onIdle?()
        guard !isBusy else { return }
        let waiters = idleWaiters
        idleWaiters = []
        waiters.forEach { $0() }
    }
}

/// An error thrown on the save queue, carried to the main thread.
///
/// @unchecked Sendable: `any Error` is not Sendable, but the errors thrown by saves are
/// values (`SaveError`, `ICalendarError`) that the queue drops once it has handed them over.
private struct SendableError: Error, @unchecked Sendable {
    let error: any Error
}
