import Foundation
import GtkKit
import ICalendarReading

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

    /// A first part handed over to the main thread.
    private struct FirstPartHandover: @unchecked Sendable {
        let file: ICalendarFile?
    }

    /// Whether the whole result has been handed over (a first part arriving later is old).
    private var isDone = false

    /// Starts reading `requests` at once; `completion` runs on the main thread with the result.
    /// A file read ahead with a first part (`ICalendarLoadOptions.firstPart`) hands it to
    /// `firstPart` on the main thread as soon as it is read, unless the whole file came first.
    /// The reopen-cache writes of the fresh parses go to `cacheWrites`.
    init(loader: CalendarLoader, cacheWrites: CacheWriteQueue, requests: [CalendarLoader.Request],
         prefetched: ICalendarPrefetch? = nil,
         firstPart: @escaping @MainActor (ICalendarFile) -> Void = { _ in },
         completion: @escaping @MainActor (CalendarLoader.Result) -> Void) {
        for part in requests.compactMap({ prefetched?.firstPart(path: $0.path) }) {
            MainLoop.runInBackground({ FirstPartHandover(file: part.wait()) }, then: { [weak self] handover in
                guard let self, !self.isDone, let file = handover.file else { return }
                firstPart(file)
            })
        }
        MainLoop.runInBackground({
            Handover(result: loader.load(requests, deferringCacheWrites: true, prefetched: prefetched))
        }, then: { [weak self] handover in
            guard let self else { return }
            self.isDone = true
            completion(handover.result)
            // The cache only saves time on the next start: stored after the plans are shown,
            // on another thread, so the first month's dots do not wait for it.
            cacheWrites.performInBackground(handover.result.cacheWrites)
        })
    }
}
