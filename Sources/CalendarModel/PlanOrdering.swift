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
    /// `titles` compares the titles (the store's own, or one the caller keeps for its sorts).
    public static func sorted(_ plans: [Plan], on day: CalendarDay, calendar: Calendar, titles: TitleCollation) -> [Plan] {
        sorted(plans, by: { $0 }, titles: titles)
    }

    /// Sorts any values that carry a plan (e.g. `PlanOnDay`) by the same rules.
    static func sorted<Item>(_ items: [Item], by plan: (Item) -> Plan, titles collation: TitleCollation) -> [Item] {
        // Small numeric keys are computed once and sorted; the plans' texts are read only
        // for the rare ties of kind, start and end (moving strings around is what costs).
        let plans = items.map(plan)
        let titles = plans.map(\.title)
        var keys = plans.indices.map { SortKey(plans[$0], position: $0) }
        keys.sort { a, b in
            if a.group != b.group { return a.group < b.group }
            if a.start != b.start { return a.start < b.start }
            if a.end != b.end { return a.end < b.end }
            let titleA = titles[a.position], titleB = titles[b.position]
            if titleA != titleB { return collation.precedes(titleA, titleB) }
            return tieBreak(plans[a.position], plans[b.position], a.position, b.position)
        }
        return keys.map { items[$0.position] }
    }

    /// Same title: id, calendar and input position.
    private static func tieBreak(_ a: Plan, _ b: Plan, _ positionA: Int, _ positionB: Int) -> Bool {
        if a.id.uid != b.id.uid { return a.id.uid < b.id.uid }
        let occurrenceA = a.id.occurrence ?? "", occurrenceB = b.id.occurrence ?? ""
        if occurrenceA != occurrenceB { return occurrenceA < occurrenceB }
        if a.calendarID != b.calendarID { return a.calendarID.rawValue < b.calendarID.rawValue }
        return positionA < positionB
    }
}

/// The numeric part of the order, precomputed.
private struct SortKey {
    var group: Int          // 0 all-day, 1 timed
    var start: Double       // day number for all-day, seconds for timed
    var end: Double
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
        self.position = position
    }
}
