import CalendarModel

/// Week numbers as RFC 5545 counts them for BYWEEKNO: weeks begin on WKST, and week 1 is the
/// first week with at least four days in the year (ISO 8601 when WKST is Monday). A year has
/// 52 or 53 such weeks; days at either end of December and January may belong to the
/// neighbouring year's weeks.
struct WeekNumbering: Hashable, Sendable {
    /// 1 = Sunday … 7 = Saturday.
    let weekStart: Int

    /// The first day of week 1 of `year`: the week that holds January 4th.
    func firstDay(ofWeekYear year: Int) -> CalendarDay {
        let january4 = CalendarDay(year: year, month: 1, day: 4) ?? CalendarDay(julianOffset: 0)
        return january4.adding(days: -daysIntoWeek(january4))
    }

    /// Days since the start of the week holding `day` (0 … 6).
    func daysIntoWeek(_ day: CalendarDay) -> Int {
        (day.weekday - weekStart + 7) % 7
    }

    /// The week-numbering year holding `day`.
    func weekYear(of day: CalendarDay) -> Int {
        if day >= firstDay(ofWeekYear: day.year + 1) { return day.year + 1 }
        if day < firstDay(ofWeekYear: day.year) { return day.year - 1 }
        return day.year
    }

    /// Weeks in a week-numbering year: 52 or 53.
    func weeks(inWeekYear year: Int) -> Int {
        firstDay(ofWeekYear: year).distance(to: firstDay(ofWeekYear: year + 1)) / 7
    }

    /// Whether `day` lies in one of the weeks `numbers` names (negative: from the year's end).
    func contains(_ day: CalendarDay, weeks numbers: [Int]) -> Bool {
        let year = weekYear(of: day)
        let week = firstDay(ofWeekYear: year).distance(to: day) / 7 + 1
        let total = weeks(inWeekYear: year)
        return numbers.contains { $0 == week || $0 == week - total - 1 }
    }
}

extension CalendarDay {
    var isInLeapYear: Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }
    var daysInYear: Int { isInLeapYear ? 366 : 365 }
    var daysInMonth: Int { Self.days(inMonth: month, year: year) }
    /// 1 … 366.
    var dayOfYear: Int { (CalendarDay(year: year, month: 1, day: 1) ?? self).distance(to: self) + 1 }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
