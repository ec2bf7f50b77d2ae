import Dispatch
import Foundation
import Synchronization

/// Runs loading work on all cores, on threads that give way to the window's.
///
/// Loading a large calendar is one long loop over its events; split over the cores it ends in
/// about half the time on two. The workers are threads of their own with a lower priority
/// (nice +10, which Linux keeps per thread), so the window keeps painting and answering while
/// they read: at start-up the files are read while GTK starts, and the first frame must not
/// wait for them. The threads end with the work, so no shared pool is left at a low priority.
enum ParallelChunks {
    /// Below this many items one thread is as quick, and small files stay simple to trace.
    static let minimumItems = 1_000

    /// Splits `0..<count` into ranges and returns `body` of each, in order: one value per
    /// chunk, for results that join more cheaply than element by element. `body` runs on
    /// several threads at once, so it may only read shared state (or state that locks itself).
    /// The calling thread starts at once; the others wait for `scheduler` (the first frame).
    static func chunks<Result>(count: Int, scheduler: LoadScheduler,
                               _ body: @escaping (Range<Int>) -> Result) -> [Result] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard cores > 1, count >= minimumItems else { return [body(0..<count)] }
        // More chunks than cores, so a core the window's thread also wants does not leave the
        // others waiting for its last chunk.
        let chunks = min(cores * 4, count / (minimumItems / 4))
        let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: chunks)
        results.initialize(repeating: nil)
        defer { results.deinitialize().deallocate() }
        let slots = Slots(results)
        let next = Counter()
        let work = UncheckedWork(body)
        let take: @Sendable () -> Void = {
            while case let chunk = next.take(), chunk < chunks {
                slots.buffer[chunk] = work.body((count * chunk / chunks)..<(count * (chunk + 1) / chunks))
            }
        }
        run(workers: cores - 1, alsoHere: take) {
            scheduler.pass()
            take()
        }
        return results.map { $0! }
    }

    /// `body(0) … body(count - 1)`, each on a low-priority thread of its own, all at once (files
    /// of very different sizes: a small one does not wait for a large one); results in order.
    /// All but `body(0)` wait for `scheduler` (the first frame).
    static func each<Result>(count: Int, scheduler: LoadScheduler,
                             _ body: @escaping @Sendable (Int) -> Result) -> [Result] {
        let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer { results.deinitialize().deallocate() }
        let slots = Slots(results)
        let next = Counter()
        run(workers: count, alsoHere: nil) {
            let index = next.take()
            if index > 0 { scheduler.pass() }
            slots.buffer[index] = body(index)
        }
        return results.map { $0! }
    }

    /// Starts `work` on a new low-priority thread and returns at once.
    static func detach(_ work: @escaping @Sendable () -> Void) {
        Thread.detachNewThread {
            lowerPriority()
            work()
        }
    }

    /// Runs `work` on `workers` new low-priority threads (and `alsoHere` on this thread),
    /// returning when every run has finished.
    private static func run(workers: Int, alsoHere: (() -> Void)?, _ work: @escaping @Sendable () -> Void) {
        let group = DispatchGroup()
        for _ in 0..<workers {
            group.enter()
            detach {
                work()
                group.leave()
            }
        }
        alsoHere?()
        group.wait()
    }

    /// nice +10 for the calling thread only (Linux keeps the nice value per thread).
    private static func lowerPriority() {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
    }

    /// Hands out 0, 1, 2… to whichever thread asks next.
    private final class Counter: Sendable {
        private let value = Atomic<Int>(0)
        func take() -> Int { value.add(1, ordering: .relaxed).oldValue }
    }

    /// Each run writes only its own slots, and the buffer outlives the runs.
    private struct Slots<Slot>: @unchecked Sendable {
        let buffer: UnsafeMutableBufferPointer<Slot>
        init(_ buffer: UnsafeMutableBufferPointer<Slot>) { self.buffer = buffer }
    }

    /// The caller's promise (see `chunks`) that `body` may run on several threads.
    private struct UncheckedWork<Result>: @unchecked Sendable {
        let body: (Range<Int>) -> Result
        init(_ body: @escaping (Range<Int>) -> Result) { self.body = body }
    }
}
