import CalendarModel
import Foundation

/// Plans that do not repeat, sorted by start, with the longest span kept: a range query
/// binary-searches the starts and walks back at most that span, so it reads O(log n + k)
/// plans instead of all of them.
struct FixedPlanIndex {
    /// Sorted by `span.start`; `order` is the plan's place in the file.
    private let entries: [(plan: Plan, span: DateInterval, order: Int)]
    private let longest: TimeInterval

    /// `plans` in file order.
    init(_ plans: [(plan: Plan, span: DateInterval)]) {
        entries = plans.enumerated().map { ($0.element.plan, $0.element.span, $0.offset) }
            .sorted { ($0.span.start, $0.order) < ($1.span.start, $1.order) }
        longest = plans.map(\.span.duration).max() ?? 0
    }

    var count: Int { entries.count }

    /// Every plan, in file order.
    var allPlans: [Plan] { entries.sorted { $0.order < $1.order }.map(\.plan) }

    /// Every plan whose span overlaps `interval` (`Plan.span(_:overlaps:)`), in file order.
    func plans(overlapping interval: DateInterval) -> [Plan] {
        // A plan starting before `interval.start - longest` ends before the interval starts.
        let first = firstIndex(startingAtOrAfter: interval.start.addingTimeInterval(-longest))
        // Positions are sorted, not plans: a plan is a large value and costly to move.
        var found: [(order: Int, index: Int)] = []
        var index = first
        while index < entries.count, entries[index].span.start < interval.end {
            if Plan.span(entries[index].span, overlaps: interval) { found.append((entries[index].order, index)) }
            index += 1
        }
        found.sort { $0.order < $1.order }
        return found.map { entries[$0.index].plan }
    }

    private func firstIndex(startingAtOrAfter date: Date) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].span.start < date { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
