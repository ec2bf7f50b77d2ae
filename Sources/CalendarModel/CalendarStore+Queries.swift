import Foundation

/// Plain values for the views, read from the store's day indexes (`index(for:)`).
extension CalendarStore {
    /// The plan-list rows of `day`, in `PlanOrdering` order.
    public func plans(on day: CalendarDay) -> [PlanOnDay] {
        index(forDay: day).plans(on: day)
    }

    /// The dots, label and "+N" of `day`'s cell.
    public func decoration(for day: CalendarDay) -> DayDecoration {
        index(forDay: day).decoration(for: day, calendars: calendarsByID)
    }

    /// The visible month's plans, each once, under its first day in the month (1st to last,
    /// no greyed days): a plan of several days is listed on the day it starts, or on the 1st
    /// when it began before (`startsOnDay` false), so the rows are plans and their number is
    /// the month's plan count. Days with no plan starting are left out.
    public func agenda() -> [(day: CalendarDay, plans: [PlanOnDay])] {
        let index = index(for: layout.span)
        let month = visibleMonth
        var result: [(day: CalendarDay, plans: [PlanOnDay])] = []
        for offset in 0..<month.numberOfDays {
            let day = month.firstDay.adding(days: offset)
            var rows = index.plans(on: day)
            // The index's array is shared: it is copied only on a day a plan goes on through.
            if offset > 0, rows.contains(where: { !$0.startsOnDay }) { rows.removeAll { !$0.startsOnDay } }
            if !rows.isEmpty { result.append((day, rows)) }
        }
        return result
    }

    /// Whether any day of the visible month (greyed days excluded) has a plan.
    public var visibleMonthHasPlans: Bool {
        let index = index(for: layout.span)
        let month = visibleMonth
        return index.plansByDay.keys.contains { $0.yearMonth == month }
    }
}
