/// A registration made by `CalendarStore.observe(_:)`; cancels itself when released.
public final class StoreObservation {
    private weak var store: CalendarStore?
    private let id: Int

    init(store: CalendarStore, id: Int) {
        self.store = store
        self.id = id
    }

    /// Stops further calls; safe to call more than once, and from inside the handler.
    public func cancel() {
        store?.removeObserver(id: id)
        store = nil
    }

    deinit { cancel() }
}
