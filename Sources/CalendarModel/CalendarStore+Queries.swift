import Foundation

/// Plain values for the views, read from the cached day index of the visible layout.
extension CalendarStore {
    /// The plan-list rows of `day`, in `PlanOrdering` order.
    ///
    /// Days of the visible grid come from the day index; any other day asks the sources for
    /// that day alone (nothing is cached for it).
    public func plans(on day: CalendarDay) -> [PlanOnDay] {
        if layout.contains(day) {
            // A week view's own index answers too, so paging weeks into another month does
            // not build the whole month's index in that frame.
            if builtCurrentIndex() == nil, let week = spanIndexes.last(where: { $0.span.contains(day) }) {
                return week.plans(on: day)
            }
            return currentIndex().plans(on: day)
        }
        let interval = day.interval(in: calendar)
        var rows: [PlanOnDay] = []
        for source in visibleSources {
            for plan in source.plans(overlapping: interval) {
                let span = plan.days(in: calendar)
                guard span.contains(day) else { continue }
                rows.append(PlanOnDay(plan: plan, day: day, startsOnDay: span.lowerBound == day))
            }
        }
        return PlanOrdering.sorted(rows, by: \.plan, titles: titles)
    }

    /// The dots, label and "+N" of `day`'s cell.
    public func decoration(for day: CalendarDay) -> DayDecoration {
        if layout.contains(day) {
            return currentIndex().decoration(for: day, calendars: calendarsByID)
        }
        let rows = plans(on: day)
        return rows.isEmpty ? .none : DayDecoration.make(for: rows, calendars: calendarsByID)
    }

    /// The visible month's plans, each once, under its first day in the month (1st to last,
    /// no greyed days): a plan of several days is listed on the day it starts, or on the 1st
    /// when it began before (`startsOnDay` false), so the rows are plans and their number is
    /// the month's plan count. Days with no plan starting are left out.
    public func agenda() -> [(day: CalendarDay, plans: [PlanOnDay])] {
        let index = currentIndex()
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

    /// Distinct plans touching at least one of the 42 days (a multi-day plan counts once).
    public var totalPlanCountInLayout: Int {
        currentIndex().planCount
    }

    /// Whether any day of the visible month (greyed days excluded) has a plan.
    public var visibleMonthHasPlans: Bool {
        let index = currentIndex()
        let month = visibleMonth
        return index.plansByDay.keys.contains { $0.yearMonth == month }
    }
}
