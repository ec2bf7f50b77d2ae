import CalendarModel
import Dispatch
import GtkKit

/// Reads open calendars again after a save (or another program's change), off the main
/// thread: one file at a time, on one serial queue, so an older version's parse can never
/// arrive after a newer one's and replace it. A calendar asked for again while it is being
/// read is read once more when that read is done (not once per ask), so quick saves of a big
/// file never queue up a parse each.
@MainActor
final class RereadQueue {
    /// The parsed files, owned by the main thread once handed over.
    ///
    /// @unchecked Sendable: `ICalendarFile` is built on the queue and not touched there again;
    /// the main thread is its only user after the handoff (as in `BackgroundLoad`).
    private struct Handover: @unchecked Sendable {
        let result: CalendarLoader.Result
    }

    private struct Ask {
        var request: CalendarLoader.Request
        var loader: CalendarLoader
        var completions: [@MainActor () -> Void]
    }

    private let queue = DispatchQueue(label: "app.koyomi.rereads", qos: .userInitiated)
    /// Calendars being read now.
    private var reading: Set<CalendarID> = []
    /// Calendars asked for again while being read, to read once that read is done.
    private var again: [CalendarID: Ask] = [:]
    /// Shows a read file (into the store) on the main thread, if it is still open.
    private let show: @MainActor (CalendarLoader.Request, CalendarLoader.Result) -> Void
    /// Called once the last read in flight is shown.
    var onIdle: (() -> Void)?

    init(show: @escaping @MainActor (CalendarLoader.Request, CalendarLoader.Result) -> Void) {
        self.show = show
    }

    /// Whether a file is still being read.
    var isBusy: Bool { !reading.isEmpty }

    /// Reads `request`'s file with `loader` in the background; `completion` runs on the main
    /// thread once its latest version is in the store.
    func reread(_ request: CalendarLoader.Request, with loader: CalendarLoader,
                then completion: @escaping @MainActor () -> Void) {
        guard !reading.contains(request.id) else {
            again[request.id, default: Ask(request: request, loader: loader, completions: [])].completions.append(completion)
            again[request.id]?.loader = loader
            return
        }
        start(Ask(request: request, loader: loader, completions: [completion]))
    }

    private func start(_ ask: Ask) {
        let (request, loader) = (ask.request, ask.loader)
        reading.insert(request.id)
        MainLoop.run(on: queue, { Handover(result: loader.load([request])) }, then: { [weak self] handover in
            guard let self else { return }
            self.show(request, handover.result)
            self.reading.remove(request.id)
            if let next = self.again.removeValue(forKey: request.id) {
                var next = next
                next.completions = ask.completions + next.completions
                return self.start(next)
            }
            ask.completions.forEach { $0() }
            if !self.isBusy { self.onIdle?() }
        })
    }
}
