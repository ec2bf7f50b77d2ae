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
    /// The slice of `span` for a view that shows it (a week, the month's grid, a day, any run
    /// of days), read from an index that holds it (the grid's, when built) or from one built
    /// for the span alone, one query per source: a week paged into another month never waits
    /// for that month's whole index.
    public func slice(of span: DaySpan) -> DaySlice {
        DaySlice(span: span, index: index(for: span), calendars: calendarsByID)
    }
}
