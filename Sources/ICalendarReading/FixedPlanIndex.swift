import CalendarModel
import Foundation

/// Plans that do not repeat, sorted by start, with the longest span kept: a range query
/// binary-searches the starts and walks back at most that span, so it reads O(log n + k)
/// plans instead of all of them.
struct FixedPlanIndex {
    /// In file order: the very array the parse produced (shared, not copied).
    private let plans: [(plan: Plan, span: DateInterval)]
    /// Positions in `plans`, sorted by start (then file order). Positions, not plans: a plan
    /// is a large value, costly to move, and a second copy of 100,000 costs megabytes.
    private let byStart: [Int32]
    private let longest: TimeInterval

    /// `plans` in file order.
    init(_ plans: [(plan: Plan, span: DateInterval)]) {
        self.plans = plans
        byStart = plans.indices.map { (start: plans[$0].span.start.timeIntervalSinceReferenceDate, position: $0) }
            .sorted { ($0.start, $0.position) < ($1.start, $1.position) }
            .map { Int32($0.position) }
        longest = plans.map(\.span.duration).max() ?? 0
    }

    var count: Int { plans.count }

    /// Every plan, in file order.
    var allPlans: [Plan] { plans.map(\.plan) }

    /// Every plan whose span overlaps `interval` (`Plan.span(_:overlaps:)`), in file order.
    func plans(overlapping interval: DateInterval) -> [Plan] {
        // A plan starting before `interval.start - longest` ends before the interval starts.
        var index = firstIndex(startingAtOrAfter: interval.start.addingTimeInterval(-longest))
        var found: [Int] = []
        while index < byStart.count, case let position = Int(byStart[index]), plans[position].span.start < interval.end {
            if Plan.span(plans[position].span, overlaps: interval) { found.append(position) }
            index += 1
        }
        found.sort()
        return found.map { plans[$0].plan }
    }

    private func firstIndex(startingAtOrAfter date: Date) -> Int {
        var low = 0
        var high = byStart.count
        while low < high {
            let middle = (low + high) / 2
            if plans[Int(byStart[middle])].span.start < date { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
