import Foundation

/// One plan or one repeating series as search sees it: its texts, and the occurrence that
/// stands for it in results.
public struct SearchablePlan: Hashable, Sendable {
    /// A single plan (or one changed occurrence of a series); for a series, its occurrence
    /// nearest to the date the entries were asked for.
    public var plan: Plan
    /// Whether `plan` is one occurrence of a repeating series (the index stores the series once).
    public var repeats: Bool

    public init(plan: Plan, repeats: Bool = false) {
        self.plan = plan
        self.repeats = repeats
    }
}

extension PlanSource {
    /// A fallback for sources that cannot list their series: every occurrence within about
    /// ten years of `date`, one entry per UID (the occurrence nearest to `date`).
    public func searchEntries(near date: Date) -> [SearchablePlan] {
        let reach: TimeInterval = 10 * 366 * 86_400
        let window = DateInterval(start: date.addingTimeInterval(-reach), end: date.addingTimeInterval(reach))
        var nearest: [String: (plan: Plan, distance: TimeInterval, count: Int)] = [:]
        var order: [String] = []
        for plan in plans(overlapping: window) {
            let distance = SearchablePlan.distance(of: plan, from: date)
            if let known = nearest[plan.id.uid] {
                let better = distance < known.distance
                nearest[plan.id.uid] = (better ? plan : known.plan, min(distance, known.distance), known.count + 1)
            } else {
                nearest[plan.id.uid] = (plan, distance, 1)
                order.append(plan.id.uid)
            }
        }
        return order.compactMap { uid in
            nearest[uid].map { SearchablePlan(plan: $0.plan, repeats: $0.count > 1 || $0.plan.id.occurrence != nil) }
        }
    }
}

extension SearchablePlan {
    /// Seconds between `date` and the nearest instant of `plan` (0 while it is happening),
    /// for choosing a series' representative occurrence.
    public static func distance(of plan: Plan, from date: Date) -> TimeInterval {
        let (start, end): (Date, Date)
        switch plan.timing {
        case let .timed(begin, finish):
            (start, end) = (begin, max(begin, finish))
        case let .allDay(first, after):
            // Whole days taken as UTC days: close enough to choose among occurrences at least a
            // day apart, and no Calendar call (slow on Linux) per occurrence.
            (start, end) = (Date(timeIntervalSince1970: Double(first.julianOffset) * 86_400),
                            Date(timeIntervalSince1970: Double(max(first.adding(days: 1), after).julianOffset) * 86_400))
        }
        if date < start { return start.timeIntervalSince(date) }
        if date > end { return date.timeIntervalSince(end) }
        return 0
    }
}
