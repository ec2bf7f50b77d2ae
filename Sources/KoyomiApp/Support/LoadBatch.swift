import Foundation

/// The files one `WindowController.open` reads, each on its own: their results as they arrive,
/// and the caller's completion once the last one has (results in the order asked for).
@MainActor
final class LoadBatch {
    private(set) var pending: [CalendarLoader.Request]
    private var results: [(request: CalendarLoader.Request, result: CalendarLoader.Result)] = []
    private let order: [CalendarLoader.Request]
    private var completion: ((CalendarLoader.Result) -> Void)?

    init(requests: [CalendarLoader.Request], completion: @escaping @MainActor (CalendarLoader.Result) -> Void) {
        pending = requests
        order = requests
        self.completion = completion
    }

    func arrived(_ request: CalendarLoader.Request, _ result: CalendarLoader.Result) {
        pending.removeAll { $0 == request }
        results.append((request, result))
        if pending.isEmpty { complete() }
    }

    /// Calls the completion (once) with everything that arrived.
    func complete() {
        guard let completion else { return }
        self.completion = nil
        var combined = CalendarLoader.Result()
        for request in order {
            guard let result = results.first(where: { $0.request == request })?.result else { continue }
            combined += result
        }
        completion(combined)
    }
}
