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
    /// The ISO 8601 week number of each of the six rows, as GtkCalendar and Thunderbird show
    /// them: the week of the row's Monday (with Sunday-first rows, Monday to Saturday fall in
    /// that ISO week; only the Sunday belongs to the previous one).
    public var isoWeekNumbers: [Int] {
        (0..<6).map { row in
            let week = days[(row * 7)..<(row * 7 + 7)]
            return Self.isoWeekNumber(of: week.first { $0.weekday == 2 } ?? week[week.startIndex])
        }
    }

    /// ISO 8601: weeks start on Monday, and week 1 is the week with the year's first Thursday.
    public static func isoWeekNumber(of day: CalendarDay) -> Int {
        let isoWeekday = (day.weekday + 5) % 7 + 1            // Monday = 1 … Sunday = 7
        let thursday = day.adding(days: 4 - isoWeekday)       // decides the week's year
        let january1 = CalendarDay(year: thursday.year, month: 1, day: 1)!
        return january1.distance(to: thursday) / 7 + 1
    }

    public func position(of day: CalendarDay) -> (row: Int, column: Int)? {
        guard contains(day) else { return nil }
        let index = firstDay.distance(to: day)
        return (index / 7, index % 7)
    }
}
