/// What a view showing a span of days is handed: each day's plans (in `PlanOrdering` order,
/// hidden calendars left out) and each day's decoration. A snapshot: when the store notifies
/// `.plans` or `.calendars`, the view asks for its slice again.
public struct DaySlice {
    public let span: DaySpan
    private let index: DayIndex
    private let calendars: [CalendarID: CalendarInfo]

    init(span: DaySpan, index: DayIndex, calendars: [CalendarID: CalendarInfo]) {
        self.span = span
        self.index = index
        self.calendars = calendars
    }

    /// The plan-list rows of `day`; none for a day outside the span.
    public func plans(on day: CalendarDay) -> [PlanOnDay] {
        span.contains(day) ? index.plans(on: day) : []
    }

    /// The dots, label and "+N" of `day`; none for a day outside the span.
    public func decoration(for day: CalendarDay) -> DayDecoration {
        span.contains(day) ? index.decoration(for: day, calendars: calendars) : .none
    }

    /// Distinct plans touching at least one day of the span (a multi-day plan counts once).
    public var planCount: Int {
        guard index.span != span else { return index.planCount }
        return Set(span.days.flatMap { index.plans(on: $0).map(\.plan.id) }).count
    }
}

extension CalendarStore {
    /// The slice of `span` for a view that shows it (a week, the month's grid, any run of
    /// days). Inside the visible month's grid it is read from the grid's own index when that is
    /// built (or the span is the grid); another span gets an index of its own, one query per
    /// source, kept until the plans change: a week paged into another month never waits for
    /// that month's whole index.
    public func slice(of span: DaySpan) -> DaySlice {
        if let grid = span == layout.span ? currentIndex() : builtCurrentIndex(), grid.span.contains(span) {
            return DaySlice(span: span, index: grid, calendars: calendarsByID)
        }
        if let at = spanIndexes.firstIndex(where: { $0.span == span }) {
            let index = spanIndexes.remove(at: at)
            spanIndexes.append(index)
            return DaySlice(span: span, index: index, calendars: calendarsByID)
        }
        let index = DayIndex(span: span, sources: visibleSources, calendar: calendar, titles: titles)
        spanIndexes.append(index)
        if spanIndexes.count > Self.spanIndexLimit { DayIndex.release([spanIndexes.removeFirst()], through: background) }
        return DaySlice(span: span, index: index, calendars: calendarsByID)
    }
}
