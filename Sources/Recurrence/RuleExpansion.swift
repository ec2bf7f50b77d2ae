import CalendarModel

/// One RRULE made ready for its DTSTART: the parts the rule leaves out are filled in from
/// DTSTART (RFC 5545 §3.3.10: a monthly rule repeats on DTSTART's day of the month, a weekly
/// one on its weekday, every rule at its time of day), and each BY part is kept in the form
/// its test needs.
///
/// Expansion walks the rule's periods (a year, a month, a week, a day, an hour…) from the
/// one holding DTSTART, every INTERVAL-th, and in each gathers the days and times that pass
/// every BY part; BYSETPOS then picks among that period's sorted set. Expand-or-limit in
/// the RFC's table comes out of this by itself: a part that "expands" names several days of
/// a longer period, one that "limits" filters a shorter one, and both are the same test.
public struct RuleExpansion: Sendable {
    public let rule: RecurrenceRule
    public let start: RuleTime
    /// A date series: one occurrence per day, no times of day.
    public let isDate: Bool
    /// The last start UNTIL allows, on DTSTART's clock (the caller turns a UTC UNTIL into it).
    public let until: RuleTime?

    let frequency: RecurrenceRule.Frequency
    let interval: Int
    let weeks: WeekNumbering
    /// Bit `m` set for each allowed month; 0 when every month is.
    let monthMask: Int
    let monthDays: [Int]
    let yearDays: [Int]
    let weekNumbers: [Int]
    let weekdays: [RecurrenceRule.WeekdayNumber]
    /// Whether a BYDAY ordinal counts within the month (MONTHLY, or YEARLY with BYMONTH)
    /// or the year; other frequencies read "1MO" as every Monday.
    let ordinalFrame: OrdinalFrame
    /// Times of day each matching day expands to (seconds after midnight, sorted); for
    /// sub-daily rules, only the parts below the frequency expand.
    let hours: [Int]
    let minutes: [Int]
    let seconds: [Int]
    /// Bits of allowed hours / minutes / seconds, for the parts a sub-daily frequency limits.
    let hourMask: UInt64
    let minuteMask: UInt64
    let secondMask: UInt64
    let setPositions: [Int]
    /// Period 0: DTSTART's year (or week-numbering year), month index (year × 12 + month − 1),
    /// week's first day or day (as julian offsets), or second truncated to the frequency's unit.
    let base: Int
    /// Set by `checked()` for a rule no calendar has a day for: every walk ends at once.
    public internal(set) var neverRepeats = false

    enum OrdinalFrame { case month, year, none }

    public init(rule: RecurrenceRule, start: RuleTime, isDate: Bool, until: RuleTime?) {
        self.rule = rule
        self.start = start
        self.isDate = isDate
        self.until = until
        frequency = rule.frequency
        interval = max(1, rule.interval)
        weeks = WeekNumbering(weekStart: rule.weekStart)
        var months = rule.byMonth
        var monthDays = rule.byMonthDay
        var weekdays = rule.byDay
        let noDayParts = rule.byWeekNo.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty
            && rule.byDay.isEmpty
        if noDayParts {
            switch rule.frequency {
            case .yearly:
                if months.isEmpty { months = [start.day.month] }
                monthDays = [start.day.day]
            case .monthly: monthDays = [start.day.day]
            case .weekly: weekdays = [.init(weekday: start.day.weekday)]
            default: break
            }
        } else if rule.frequency == .yearly && rule.byYearDay.isEmpty {
            // What a yearly rule leaves out comes from DTSTART too (§3.3.10: "FREQ=YEARLY;
            // BYMONTH=1" repeats on DTSTART's day): the 29th of DTSTART's month, the week's
            // DTSTART weekday. libical and ical.js read it so; dateutil takes every month.
            if !rule.byMonthDay.isEmpty && rule.byMonth.isEmpty && rule.byWeekNo.isEmpty && rule.byDay.isEmpty {
                months = [start.day.month]
            }
            if !rule.byWeekNo.isEmpty && rule.byDay.isEmpty && rule.byMonthDay.isEmpty {
                weekdays = [.init(weekday: start.day.weekday)]
            }
        }
        monthMask = months.reduce(0) { $0 | 1 << $1 }
        self.monthDays = monthDays
        yearDays = rule.byYearDay
        weekNumbers = rule.byWeekNo
        switch rule.frequency {
        case .monthly: ordinalFrame = .month
        case .yearly where !rule.byWeekNo.isEmpty: ordinalFrame = .none
        case .yearly: ordinalFrame = months.isEmpty ? .year : .month
        default: ordinalFrame = .none
        }
        self.weekdays = ordinalFrame == .none
            ? weekdays.map { .init(weekday: $0.weekday) }.uniqued()
            : weekdays
        func values(_ listed: [Int], _ own: Int, expands: Bool) -> [Int] {
            guard expands else { return [own] }
            return listed.isEmpty ? [own] : Array(Set(listed.map { min($0, 59) })).sorted()
        }
        let level = rule.frequency.rawValue
        // A part expands when it is finer than the frequency, and limits otherwise.
        hours = values(rule.byHour, start.hour, expands: level > RecurrenceRule.Frequency.hourly.rawValue)
        minutes = values(rule.byMinute, start.minute, expands: level > RecurrenceRule.Frequency.minutely.rawValue)
        seconds = values(rule.bySecond, start.second, expands: level > RecurrenceRule.Frequency.secondly.rawValue)
        func mask(_ listed: [Int], limits: Bool) -> UInt64 {
            guard limits else { return 0 }
            return listed.reduce(0) { $0 | 1 << UInt64(min($1, 59)) }
        }
        hourMask = mask(rule.byHour, limits: level <= RecurrenceRule.Frequency.hourly.rawValue)
        minuteMask = mask(rule.byMinute, limits: level <= RecurrenceRule.Frequency.minutely.rawValue)
        secondMask = mask(rule.bySecond, limits: level <= RecurrenceRule.Frequency.secondly.rawValue)
        setPositions = rule.bySetPos
        switch rule.frequency {
        case .yearly: base = rule.byWeekNo.isEmpty ? start.day.year : weeks.weekYear(of: start.day)
        case .monthly: base = start.day.year * 12 + start.day.month - 1
        case .weekly: base = start.day.adding(days: -weeks.daysIntoWeek(start.day)).julianOffset
        case .daily: base = start.day.julianOffset
        case .hourly, .minutely, .secondly:
            let unit = rule.frequency.unitSeconds ?? 1
            base = start.absoluteSeconds.floorDivided(by: unit) * unit
        }
    }

    // MARK: - Tests on one day

    func monthAllowed(_ month: Int) -> Bool { monthMask == 0 || monthMask & (1 << month) != 0 }

    /// Whether `day` passes every day-level part (BYMONTH … BYDAY).
    func matches(_ day: DayFacts) -> Bool {
        guard monthAllowed(day.month) else { return false }
        if !monthDays.isEmpty,
           !monthDays.contains(where: { $0 == day.day || $0 == day.day - day.daysInMonth - 1 }) { return false }
        if !yearDays.isEmpty,
           !yearDays.contains(where: { $0 == day.dayOfYear || $0 == day.dayOfYear - day.daysInYear - 1 }) {
            return false
        }
        if !weekdays.isEmpty, !weekdays.contains(where: { matches(day, $0) }) { return false }
        if !weekNumbers.isEmpty, frequency != .yearly,
           !weeks.contains(day.calendarDay, weeks: weekNumbers) { return false }
        return true
    }

    private func matches(_ day: DayFacts, _ entry: RecurrenceRule.WeekdayNumber) -> Bool {
        guard entry.weekday == day.weekday else { return false }
        guard entry.ordinal != 0 else { return true }
        let (position, length) = ordinalFrame == .month ? (day.day, day.daysInMonth) : (day.dayOfYear, day.daysInYear)
        return entry.ordinal > 0
            ? (position - 1) / 7 + 1 == entry.ordinal
            : -((length - position) / 7 + 1) == entry.ordinal
    }

    /// Whether the time of day passes the parts a sub-daily frequency limits.
    func timeAllowed(_ secondOfDay: Int) -> Bool {
        (hourMask == 0 || hourMask & (1 << UInt64(secondOfDay / 3600)) != 0)
            && (minuteMask == 0 || minuteMask & (1 << UInt64(secondOfDay / 60 % 60)) != 0)
            && (secondMask == 0 || secondMask & (1 << UInt64(secondOfDay % 60)) != 0)
    }
}

extension Int {
    func floorDivided(by divisor: Int) -> Int {
        self >= 0 ? self / divisor : -((-self + divisor - 1) / divisor)
    }

    func ceilDivided(by divisor: Int) -> Int {
        -(-self).floorDivided(by: divisor)
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
