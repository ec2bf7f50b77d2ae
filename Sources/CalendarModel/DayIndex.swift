import Foundation

/// A layout's plans filed by day, built from one `plans(overlapping:)` call per source.
///
/// A class so the store can fill in decorations lazily without copying the index.
final class DayIndex {
    let layout: MonthLayout
    /// Only days that have plans; each list already in `PlanOrdering` order.
    let plansByDay: [CalendarDay: [PlanOnDay]]
    /// Distinct plans that touch at least one day of the layout.
    let planCount: Int
    private var decorations: [CalendarDay: DayDecoration] = [:]

    init(layout: MonthLayout, sources: [any PlanSource], calendar: Calendar) {
        let interval = layout.interval(in: calendar)
        var byDay: [CalendarDay: [PlanOnDay]] = [:]
        var count = 0
        for source in sources {
            for plan in source.plans(overlapping: interval) {
                let span = plan.days(in: calendar)
                // Clamp to the grid; a source may hand out a little more than asked.
                let first = max(span.lowerBound, layout.firstDay)
                let last = min(span.upperBound, layout.lastDay)
                guard first <= last else { continue }
                count += 1
                for offset in 0...first.distance(to: last) {
                    let day = first.adding(days: offset)
                    let row = PlanOnDay(plan: plan, day: day, startsOnDay: day == span.lowerBound)
                    byDay[day, default: []].append(row)
                }
            }
        }
        for (day, rows) in byDay where rows.count > 1 {
            byDay[day] = PlanOrdering.sorted(rows, by: \.plan)
        }
        self.layout = layout
        self.plansByDay = byDay
        self.planCount = count
    }

    func plans(on day: CalendarDay) -> [PlanOnDay] {
        plansByDay[day] ?? []
    }

    func decoration(for day: CalendarDay, calendars: [CalendarID: CalendarInfo]) -> DayDecoration {
        if let cached = decorations[day] { return cached }
        let rows = plans(on: day)
        let made = rows.isEmpty ? .none : DayDecoration.make(for: rows.map(\.plan), calendars: calendars)
        decorations[day] = made
        return made
    }
}
