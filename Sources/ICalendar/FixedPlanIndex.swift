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
        var found: [(plan: Plan, order: Int)] = []
        var index = first
        while index < entries.count, entries[index].span.start < interval.end {
            let entry = entries[index]
            if Plan.span(entry.span, overlaps: interval) { found.append((entry.plan, entry.order)) }
            index += 1
        }
        return found.sorted { $0.order < $1.order }.map(\.plan)
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
