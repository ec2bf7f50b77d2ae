import CalendarModel
import Foundation

/// The window's `BackgroundWork`: each piece on a thread of its own, at normal priority
/// (unlike the loading threads). What the store hands off is freeing memory, which takes the
/// allocator's locks the window's thread needs too: it must end quickly, not be held up
/// halfway behind a lower priority.
struct ThreadedBackgroundWork: BackgroundWork {
    func run(_ work: @escaping @Sendable () -> Void) {
        Thread.detachNewThread(work)
    }
}
