import Foundation

/// The 6 × 7 grid of days a month view shows: the month itself plus the greyed days of its
/// neighbours that fill the first and last rows.
///
/// Always 42 days, so the grid never changes height while paging.
public struct MonthLayout: Equatable, Sendable {
    /// Rows × columns; fixed so the grid keeps its size from month to month.
    public static let dayCount = 42

    public let month: YearMonth
    /// The weekday of the first column: 1 = Sunday … 7 = Saturday.
    public let firstWeekday: Int
    /// Row by row, exactly `dayCount` consecutive days.
    public let days: [CalendarDay]

    /// Row 0 starts on the `firstWeekday` on or before the 1st of `month`.
    /// A `firstWeekday` outside 1…7 is wrapped into that range.
    public init(month: YearMonth, firstWeekday: Int) {
        let weekday = ((firstWeekday - 1) % 7 + 7) % 7 + 1
        let first = month.firstDay
        let lead = (first.weekday - weekday + 7) % 7
        let start = first.adding(days: -lead)
        self.month = month
        self.firstWeekday = weekday
        self.days = (0..<Self.dayCount).map { start.adding(days: $0) }
    }

    /// The 7 weekday numbers (1 = Sunday … 7 = Saturday) in column order.
    public var weekdayOrder: [Int] {
        (0..<7).map { (firstWeekday - 1 + $0) % 7 + 1 }
    }

    /// Whether `day` belongs to `month` (as opposed to a greyed neighbour day).
    public func isInMonth(_ day: CalendarDay) -> Bool {
        day.year == month.year && day.month == month.month
    }

    /// Whether `day` is one of the 42 cells.
    public func contains(_ day: CalendarDay) -> Bool {
        firstDay <= day && day <= lastDay
    }

    /// The top-left cell.
    public var firstDay: CalendarDay { days[0] }

    /// The bottom-right cell.
    public var lastDay: CalendarDay { days[Self.dayCount - 1] }

    /// `[start of firstDay, start of the day after lastDay)` in `calendar`'s time zone:
    /// the range to ask plan sources for.
    public func interval(in calendar: Calendar) -> DateInterval {
        DateInterval(start: firstDay.start(in: calendar),
                     end: lastDay.adding(days: 1).start(in: calendar))
    }

    /// The row (0…5) and column (0…6) of `day`, or nil when it is not in the grid.
    public func position(of day: CalendarDay) -> (row: Int, column: Int)? {
        guard contains(day) else { return nil }
        let index = firstDay.distance(to: day)
        return (index / 7, index % 7)
    }
}
