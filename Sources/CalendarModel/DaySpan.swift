import Foundation

/// A run of consecutive days a view shows: a month's 42-day grid, a week's 7, any other run.
/// Views state the span they show and are handed its slice (`CalendarStore.slice(of:)`).
public struct DaySpan: Hashable, Sendable {
    public let first: CalendarDay
    /// How many days, at least one.
    public let count: Int

    public init(first: CalendarDay, count: Int) {
        self.first = first
        self.count = max(1, count)
    }

    /// The 7 days of the week that holds `day`, starting on `firstWeekday` (1 = Sunday … 7).
    public static func week(containing day: CalendarDay, firstWeekday: Int) -> DaySpan {
        let weekday = ((firstWeekday - 1) % 7 + 7) % 7 + 1
        return DaySpan(first: day.adding(days: -((day.weekday - weekday + 7) % 7)), count: 7)
    }

    public var last: CalendarDay { first.adding(days: count - 1) }
    public var days: [CalendarDay] { (0..<count).map { first.adding(days: $0) } }

    public func contains(_ day: CalendarDay) -> Bool { first <= day && day <= last }

    /// Whether every day of `other` is one of these.
    public func contains(_ other: DaySpan) -> Bool { contains(other.first) && contains(other.last) }

    /// `[start of first, start of the day after last)` in `calendar`'s time zone: the range
    /// to ask plan sources for.
    public func interval(in calendar: Calendar) -> DateInterval {
        DateInterval(start: first.start(in: calendar), end: last.adding(days: 1).start(in: calendar))
    }
}

extension MonthLayout {
    /// The grid's 42 days as a span.
    public var span: DaySpan { DaySpan(first: firstDay, count: days.count) }
}
