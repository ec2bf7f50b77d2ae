import Foundation

/// The one order in which a day's plans are listed and turned into dots.
public enum PlanOrdering {
    /// All-day plans (multi-day ones too) first, then timed plans by start instant, then by
    /// end, then by title (`localizedStandardCompare`, so "Item 2" precedes "Item 10"), then
    /// by id, calendar and finally input position, so the result never depends on the order
    /// a source returned them in (except for exact duplicates).
    ///
    /// The order is the same on every day a plan touches: a plan that continued from an earlier
    /// day sorts by its real start and so comes before the ones that start on `day`.
    /// `day` and `calendar` are part of the signature so a future rule may depend on them.
    public static func sorted(_ plans: [Plan], on day: CalendarDay, calendar: Calendar) -> [Plan] {
        sorted(plans, by: { $0 })
    }

    /// Sorts any values that carry a plan (e.g. `PlanOnDay`) by the same rules.
    static func sorted<Item>(_ items: [Item], by plan: (Item) -> Plan) -> [Item] {
        // Keys are computed once: the comparator runs O(n log n) times on large days.
        let keys = items.enumerated().map { SortKey(plan(items[$0.offset]), position: $0.offset) }
        return keys.sorted().map { items[$0.position] }
    }
}

/// Everything the order looks at, precomputed.
private struct SortKey: Comparable {
    var group: Int          // 0 all-day, 1 timed
    var start: Double       // day number for all-day, seconds for timed
    var end: Double
    var title: String
    var uid: String
    var occurrence: String
    var calendarID: String
    var position: Int

    init(_ plan: Plan, position: Int) {
        switch plan.timing {
        case let .allDay(start, end):
            group = 0
            self.start = Double(start.julianOffset)
            self.end = Double(end.julianOffset)
        case let .timed(start, end):
            group = 1
            self.start = start.timeIntervalSinceReferenceDate
            self.end = end.timeIntervalSinceReferenceDate
        }
        title = plan.title
        uid = plan.id.uid
        occurrence = plan.id.occurrence ?? ""
        calendarID = plan.calendarID.rawValue
        self.position = position
    }

    static func < (a: SortKey, b: SortKey) -> Bool {
        if a.group != b.group { return a.group < b.group }
        if a.start != b.start { return a.start < b.start }
        if a.end != b.end { return a.end < b.end }
        if a.title != b.title {
            let order = a.title.localizedStandardCompare(b.title)
            if order != .orderedSame { return order == .orderedAscending }
            // Titles that differ only in ways the comparison ignores still need one order.
            return a.title < b.title
        }
        if a.uid != b.uid { return a.uid < b.uid }
        if a.occurrence != b.occurrence { return a.occurrence < b.occurrence }
        if a.calendarID != b.calendarID { return a.calendarID < b.calendarID }
        return a.position < b.position
    }

    static func == (a: SortKey, b: SortKey) -> Bool { a.position == b.position }
}
