import CICal
import CalendarModel
import Foundation

/// Expands one repeating master for one interval, on demand.
///
/// Simple rules (`SimpleRecurrence`) are computed by arithmetic, straight at the interval;
/// the libical iterator below handles the rest and is the reference the arithmetic is
/// tested against.
///
/// The iterator runs from DTSTART (COUNT counts from there; `icalrecur_iterator_set_start`
/// cannot be used with COUNT), in the DTSTART's wall time with no zone attached (RFC 5545
/// repeats in local time), and each occurrence is converted to an instant afterwards.
/// Rules without COUNT jump close to the interval first; rules with COUNT step from DTSTART
/// and skip early occurrences by cheap wall-time comparison. Iteration stops past the
/// interval's end or after `iterationLimit` steps.
struct RecurrenceExpander {
    let zones: TimeZoneTable
    let userCalendar: Calendar
    let calendarID: CalendarID
    /// Bounds pathological rules (FREQ=SECONDLY, a COUNT rule far from the interval): about
    /// 68 years of daily steps, far more than any month view needs.
    static let iterationLimit = 25_000
    /// Simple rules are expanded by `SimpleRecurrence`; false forces libical (for tests
    /// that compare the two).
    var usesArithmetic = true

    /// Occurrences of `master` overlapping `interval`, except those named in `replaced`
    /// (occurrence keys of RECURRENCE-ID overrides).
    func plans(of master: EventRecord, overlapping interval: DateInterval, replaced: Set<String>) -> [Plan] {
        var plans: [Plan] = []
        appendPlans(of: master, overlapping: interval, replaced: replaced, allDays: nil, to: &plans)
        return plans
    }

    /// The same, appended to `plans` (a range query gathers many masters' occurrences in one
    /// array instead of copying each master's array into it).
    func appendPlans(of master: EventRecord, overlapping interval: DateInterval, replaced: Set<String>,
                     allDays: AllDayWindow?, to plans: inout [Plan]) {
        var allDays = allDays
        let excluded = Set(master.exdates.map { $0.occurrenceKey(zones: zones) })
        let excludedDays = Set(master.exdates.filter { $0.wall.isDate }.map { $0.wall.date })
        var seen = Set<String>()
        func consider(_ start: EventTime) {
            let key = start.occurrenceKey(zones: zones)
            guard !excluded.contains(key), !replaced.contains(key), seen.insert(key).inserted else { return }
            // A DATE EXDATE on a timed event removes that day's occurrence (lenient reading).
            if !start.wall.isDate && excludedDays.contains(start.wall.date) { return }
            let plan = master.plan(calendarID: calendarID, occurrence: key, start: start, zones: zones)
            let overlaps: Bool
            if case let .allDay(first, end) = plan.timing {
                let window = allDays ?? AllDayWindow(interval, calendar: userCalendar)
                allDays = window
                overlaps = window.overlaps(start: first, end: end)
            } else {
                overlaps = Plan.span(plan.interval(in: userCalendar), overlaps: interval)
            }
            if overlaps { plans.append(plan) }
        }
        if let rule = master.rule {
            for wall in ruleOccurrences(of: master, rule: rule, around: interval) {
                consider(EventTime(wall: wall, zone: master.start.zone))
            }
        } else {
            consider(master.start)
        }
        for rdate in master.rdates {
            // An RDATE of the other value type than DTSTART is read in DTSTART's kind.
            if master.start.wall.isDate && !rdate.wall.isDate {
                consider(EventTime(wall: WallTime(date: rdate.wall.date, isDate: true), zone: .floating))
            } else {
                consider(rdate)
            }
        }
    }

    private func ruleOccurrences(of master: EventRecord, rule: icalrecurrencetype,
                                 around interval: DateInterval) -> [WallTime] {
        let start = master.start
        var rule = rule
        rule.until = untilInStartFrame(master)
        // Generous wall-time bounds (a day of slack covers any zone offset); the exact
        // overlap test happens on the plans.
        let lengthSeconds = master.length.approximateSeconds
        let frame = start.wall.isDate ? ZoneRef.floating : start.zone
        let lower = zones.wallTime(of: interval.start, in: frame).adding(seconds: -lengthSeconds - 2 * 86_400)
        let upper = zones.wallTime(of: interval.end, in: frame).adding(seconds: 2 * 86_400)
        if usesArithmetic, let simple = master.ruleBox?.simple,
           let walls = simple.occurrences(start: start.wall, until: WallTime(rule.until), lower: lower,
                                          upper: upper, limit: rule.count > 0 ? Self.iterationLimit : Int.max) {
            return walls
        }
        // Without COUNT, start close to the interval instead of stepping there from DTSTART:
        // sub-daily rules from a later DTSTART on their own rhythm, longer ones by
        // icalrecur_iterator_set_start (which shifts a sub-daily rule's phase in libical 3.0).
        let mayJump = rule.count == 0 && lower > start.wall
        let restart = mayJump ? subDailyRestart(rule: rule, start: start.wall, lower: lower) : nil
        guard let iterator = icalrecur_iterator_new(rule, (restart ?? start.wall).icalTime) else { return [start.wall] }
        defer { icalrecur_iterator_free(iterator) }
        if mayJump && restart == nil && Self.isDailyOrLonger(rule) {
            let jump = start.wall.isDate ? WallTime(date: lower.date, isDate: true) : lower
            _ = icalrecur_iterator_set_start(iterator, jump.icalTime)
        }
        var result: [WallTime] = []
        for _ in 0..<Self.iterationLimit {
            let next = icalrecur_iterator_next(iterator)
            guard !icaltime_is_null_time(next).isTrue, let wall = WallTime(next) else { break }
            if wall > upper { break }
            if wall >= lower { result.append(wall) }
        }
        return result
    }

    static func isDailyOrLonger(_ rule: icalrecurrencetype) -> Bool {
        [ICAL_DAILY_RECURRENCE, ICAL_WEEKLY_RECURRENCE, ICAL_MONTHLY_RECURRENCE, ICAL_YEARLY_RECURRENCE]
            .contains(rule.freq)
    }

    /// For sub-daily rules, a later DTSTART with the same rhythm: DTSTART plus whole intervals.
    private func subDailyRestart(rule: icalrecurrencetype, start: WallTime, lower: WallTime) -> WallTime? {
        let unit: Int
        switch rule.freq {
        case ICAL_SECONDLY_RECURRENCE: unit = 1
        case ICAL_MINUTELY_RECURRENCE: unit = 60
        case ICAL_HOURLY_RECURRENCE: unit = 3600
        default: return nil
        }
        let step = unit * max(1, Int(rule.interval))
        return start.adding(seconds: lower.seconds(since: start) / step * step)
    }

    /// UNTIL as the iterator compares it: in DTSTART's wall time (libical would otherwise
    /// compare a zoned DTSTART's wall time against a UTC UNTIL as if both were UTC).
    private func untilInStartFrame(_ master: EventRecord) -> icaltimetype {
        guard let until = master.until else { return icaltime_null_time() }
        if master.start.wall.isDate {
            let day = until.wall.isDate || until.zone != .utc
                ? until.wall.date
                : zones.wallTime(of: zones.instant(of: until), in: .floating).date
            return WallTime(date: day, isDate: true).icalTime
        }
        if until.wall.isDate {
            // A DATE UNTIL on a timed event: through the end of that day.
            return WallTime(date: until.wall.date, secondOfDay: 86_399, isDate: false).icalTime
        }
        let zone = until.zone == .utc ? until.zone : master.start.zone
        let instant = zones.instant(of: EventTime(wall: until.wall, zone: zone))
        return zones.wallTime(of: instant, in: master.start.zone).icalTime
    }
}

/// An interval as the days an all-day plan must touch to overlap it, worked out once per query,
/// so placing an all-day occurrence compares days instead of asking Foundation for two
/// midnights (the same answer as `Plan.span(plan.interval(in:), overlaps:)`, since a day's
/// start grows with the day).
struct AllDayWindow {
    /// The day containing the interval's start: the last day starting at or before it.
    let startDay: CalendarDay
    /// The first day starting at or after the interval's end.
    let endDay: CalendarDay

    init(_ interval: DateInterval, calendar: Calendar) {
        startDay = CalendarDay(interval.start, in: calendar)
        let last = CalendarDay(interval.end, in: calendar)
        endDay = last.start(in: calendar) >= interval.end ? last : last.adding(days: 1)
    }

    /// Whether the all-day plan `start ..< end` (at least its first day) overlaps.
    func overlaps(start: CalendarDay, end: CalendarDay) -> Bool {
        start < endDay && max(start.adding(days: 1), end) > startDay
    }
}
