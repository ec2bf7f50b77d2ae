import CalendarModel

/// Daily and finer rules skip what their BY parts refuse: the rest of a day, whole months
/// whose shape held no matching day, and (after a whole Gregorian cycle) everything.
extension RuleExpansion {
    /// What one walk has learnt: month shapes (see `monthShape`) in which no day passes the
    /// day-level parts, so a daily or finer rule skips such months unread.
    struct WalkMemo {
        var emptyMonths = Set<Int>()
    }

    /// `gather`'s answer when no later day can ever match (none in a whole Gregorian cycle).
    static let noMorePeriods = -1

    /// The first day after `facts` that passes the day-level parts (as a julian offset), or nil
    /// when none does within a Gregorian cycle. Months whose shape held no such day are skipped
    /// without looking at their days.
    func nextMatchingDay(after facts: DayFacts, memo: inout WalkMemo) -> Int? {
        var day = facts
        day.advance()
        while day.day != 1 {
            if matches(day) { return day.julian }
            day.advance()
        }
        for _ in 0...(400 * 12) {
            if day.year > Self.lastYear { return nil }
            if monthAllowed(day.month) {
                let shape = monthShape(day)
                if !memo.emptyMonths.contains(shape) {
                    var scan = day
                    for _ in 0..<day.daysInMonth {
                        if matches(scan) { return scan.julian }
                        scan.advance()
                    }
                    memo.emptyMonths.insert(shape)
                }
            }
            day = DayFacts(CalendarDay(julianOffset: day.julian + day.daysInMonth))
        }
        return nil
    }

    /// What decides which of a month's days pass the day-level parts: the month, the weekday
    /// of its 1st, and whether this, the previous and the next year are leap years (week
    /// numbers near the turn of the year depend on those).
    private func monthShape(_ first: DayFacts) -> Int {
        func leap(_ year: Int) -> Int { CalendarDay.days(inMonth: 2, year: year) == 29 ? 1 : 0 }
        return (((first.month * 8 + first.weekday) * 2 + leap(first.year)) * 2 + leap(first.year - 1)) * 2
            + leap(first.year + 1)
    }
}
