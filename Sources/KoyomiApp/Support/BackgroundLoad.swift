import Foundation
import GtkKit
import ICalendar

/// Reads calendar files on a background thread and hands the result to the main thread.
///
/// Parsing 100,000 plans takes about a second; the window must paint and answer meanwhile.
/// The `ICalendarFile` values are built on the worker thread and handed over through GLib's
/// main context (`MainLoop.runInBackground`); after that only the main thread uses them.
@MainActor
final class BackgroundLoad {
    /// The files read on the worker, owned by the main thread once handed over.
    private struct Handover: @unchecked Sendable {
        let result: CalendarLoader.Result
    }

    /// Starts reading `requests` at once; `completion` runs on the main thread with the result.
    init(loader: CalendarLoader, requests: [CalendarLoader.Request], prefetched: ICalendarPrefetch? = nil,
         completion: @escaping @MainActor (CalendarLoader.Result) -> Void) {
        MainLoop.runInBackground({
            Handover(result: loader.load(requests, deferringCacheWrites: true, prefetched: prefetched))
        }, then: { [weak self] handover in
            guard self != nil else { return }
            completion(handover.result)
            // The cache only saves time on the next start: stored after the plans are shown,
            // on another thread, so the first month's dots do not wait for it.
            ReopenCacheWrite.performInBackground(handover.result.cacheWrites)
        })
    }
}
