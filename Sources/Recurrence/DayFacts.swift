import CalendarModel

/// What the BY parts ask of one day, worked out once while a period's days are walked in
/// order (so no day is turned back into year, month and day for each test).
struct DayFacts {
    var julian: Int
    var year: Int
    var month: Int
    var day: Int
    /// 1 = Sunday … 7 = Saturday.
    var weekday: Int
    var dayOfYear: Int
    var daysInMonth: Int
    var daysInYear: Int

    init(_ date: CalendarDay) {
        julian = date.julianOffset
        year = date.year
        month = date.month
        day = date.day
        weekday = date.weekday
        dayOfYear = date.dayOfYear
        daysInMonth = date.daysInMonth
        daysInYear = date.daysInYear
    }

    var calendarDay: CalendarDay { CalendarDay(julianOffset: julian) }

    /// The next day, by arithmetic on the facts.
    mutating func advance() {
        julian += 1
        weekday = weekday == 7 ? 1 : weekday + 1
        if day < daysInMonth {
            day += 1
            dayOfYear += 1
        } else if month < 12 {
            month += 1
            day = 1
            dayOfYear += 1
            daysInMonth = CalendarDay.days(inMonth: month, year: year)
        } else {
            year += 1
            month = 1
            day = 1
            dayOfYear = 1
            daysInMonth = 31
            daysInYear = CalendarDay(year: year, month: 1, day: 1)?.daysInYear ?? 365
        }
    }
}
