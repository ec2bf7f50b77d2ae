/// The rules people make by hand — daily, weekly on some days, monthly, yearly, every few of
/// them, ending never, on a day or after a count — as the plan editor, quick add and
/// `koyomi add` make and show them. Plain `RecurrenceRule`s, not a type of their own: what is
/// written is what the expander reads.
extension RecurrenceRule {
    /// Monday first, as RFC 5545's default week start: the order BYDAY is written in.
    private static let mondayFirst = [2, 3, 4, 5, 6, 7, 1]

    /// A rule every `interval` days, weeks, months or years, on `weekdays` (1 = Sunday … 7 =
    /// Saturday, written Monday first), ending after `count` or on `until` (inclusive).
    public static func simple(_ frequency: Frequency, interval: Int = 1, weekdays: Set<Int> = [],
                              count: Int? = nil, until: CalendarDay? = nil) -> RecurrenceRule {
        var rule = RecurrenceRule(frequency: frequency)
        rule.interval = max(1, interval)
        rule.byDay = mondayFirst.filter(weekdays.contains).map { WeekdayNumber(weekday: $0) }
        rule.count = count
        rule.until = until.map(Until.init(day:))
        return rule
    }

    /// Monday to Friday, weekly.
    public static let everyWeekday = simple(.weekly, weekdays: [2, 3, 4, 5, 6])

    /// The weekdays of BYDAY (1 = Sunday … 7 = Saturday), whatever their ordinal.
    public var weekdays: Set<Int> { Set(byDay.map(\.weekday)) }

    /// Weekly on Monday to Friday, every week ("every weekday", the editor's "Weekdays").
    public var isEveryWeekday: Bool {
        frequency == .weekly && interval == 1 && byDay == Self.everyWeekday.byDay
    }

    /// The last day an occurrence may start on, for an UNTIL that is a date.
    public var untilDay: CalendarDay? { until.flatMap { $0.isDate ? $0.time.day : nil } }

    /// This rule without its end (COUNT, UNTIL): how it repeats, not how long.
    public var withoutEnd: RecurrenceRule {
        var rule = self
        rule.count = nil
        rule.until = nil
        return rule
    }

    /// The same rule in the simple terms above, for a plan starting on `start`, or nil when
    /// it says more than they can (BYSETPOS, "the 2nd Tuesday", BYMONTHDAY lists, an hourly
    /// rule, both COUNT and UNTIL, a week start that matters, parts Koyomi does not know…), so
    /// that whoever shows it leaves it as written. An UNTIL must already be a date (the caller
    /// turns a time into the plan's own last day). What changes nothing is dropped: BYMONTHDAY
    /// and BYMONTH naming the start's own day and month; every day filtered to some weekdays,
    /// at interval 1, becomes weekly on those days; BYDAY is put Monday first.
    public func simplified(startingOn start: CalendarDay) -> RecurrenceRule? {
        guard [.daily, .weekly, .monthly, .yearly].contains(frequency), ignoredParts.isEmpty,
              bySecond.isEmpty, byMinute.isEmpty, byHour.isEmpty, byYearDay.isEmpty, byWeekNo.isEmpty,
              bySetPos.isEmpty, count == nil || until == nil, until?.isDate ?? true,
              byDay.allSatisfy({ $0.ordinal == 0 }) else { return nil }
        var rule = self
        if !byDay.isEmpty {
            if rule.frequency == .daily, interval == 1 { rule.frequency = .weekly }
            guard rule.frequency == .weekly else { return nil }
        }
        // The week start only matters for weekly rules skipping weeks on several days.
        if weekStart != 2 {
            guard interval == 1 || byDay.count < 2 else { return nil }
            rule.weekStart = 2
        }
        if !byMonthDay.isEmpty {
            guard [.monthly, .yearly].contains(rule.frequency), byMonthDay == [start.day] else { return nil }
            rule.byMonthDay = []
        }
        if !byMonth.isEmpty {
            guard rule.frequency == .yearly, byMonth == [start.month] else { return nil }
            rule.byMonth = []
        }
        return .simple(rule.frequency, interval: interval, weekdays: weekdays, count: count, until: untilDay)
    }
}

extension RecurrenceRule.Until {
    /// UNTIL as a date: the last day an occurrence may start on.
    public init(day: CalendarDay) {
        self.init(time: RuleTime(day: day), isDate: true, isUTC: false)
    }
}
