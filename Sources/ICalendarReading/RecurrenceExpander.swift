import CalendarModel
import Foundation
import Recurrence

/// Expands one repeating master for one interval, on demand.
///
/// The RRULE is expanded by Koyomi's own `RuleExpansion` (RFC 5545 §3.3.10 in pure Swift;
/// libical 3.0's iterator is wrong for BYWEEKNO, some BYSETPOS and negative BYMONTHDAY
/// rules), in DTSTART's wall time with no zone attached (RFC 5545 repeats in local time);
/// each occurrence becomes an instant afterwards, through the zone's gap and fold rules.
struct RecurrenceExpander {
    let zones: TimeZoneTable
    let userCalendar: Calendar
    let calendarID: CalendarID

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
        func consider(_ start: EventTime, length: EventRecord.Length? = nil) {
            let key = start.occurrenceKey(zones: zones)
            guard !excluded.contains(key), !replaced.contains(key), seen.insert(key).inserted else { return }
            // A DATE EXDATE on a timed event removes that day's occurrence (lenient reading).
            if !start.wall.isDate && excludedDays.contains(start.wall.date) { return }
            let plan = laterChange(of: master, at: start).map { change, moved in
                change.plan(calendarID: calendarID, occurrence: key, start: moved, zones: zones)
            } ?? master.plan(calendarID: calendarID, occurrence: key, start: start, zones: zones, length: length)
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
        if master.ruleBox != nil {
            for wall in ruleOccurrences(of: master, around: interval) {
                consider(EventTime(wall: wall, zone: master.start.zone))
            }
        } else {
            consider(master.start)
        }
        for (index, rdate) in master.rdates.enumerated() {
            // An RDATE of the other value type than DTSTART is read in DTSTART's kind.
            if master.start.wall.isDate && !rdate.wall.isDate {
                consider(EventTime(wall: WallTime(date: rdate.wall.date, isDate: true), zone: .floating),
                         length: master.rdateLengths[index])
            } else {
                consider(rdate, length: master.rdateLengths[index])
            }
        }
    }

    /// The starts every RRULE gives around `interval`, rule by rule (a start two rules give
    /// comes twice; `consider` keeps it once).
    private func ruleOccurrences(of master: EventRecord, around interval: DateInterval) -> [WallTime] {
        let expansions = expansions(of: master)
        guard !expansions.isEmpty else { return [master.start.wall] }
        let start = master.start
        // Generous wall-time bounds (a day of slack covers any zone offset); the exact
        // overlap test happens on the plans.
        let lengthSeconds = max(master.length.approximateSeconds, Self.laterChangeReach(of: master))
        let frame = start.wall.isDate ? ZoneRef.floating : start.zone
        let lowest = zones.wallTime(of: interval.start, in: frame)
        let highest = zones.wallTime(of: interval.end, in: frame)
        return expansions.flatMap { expansion in
            // Wall time in DTSTART's own zone is exact but for a fold's hour; a day either side
            // is cheap for daily and longer rules, while finer ones (whose occurrences are capped
            // per query) must not spend the cap outside the interval.
            let slack = expansion.rule.frequency.rawValue < RecurrenceRule.Frequency.daily.rawValue ? 3600 : 2 * 86_400
            let lower = lowest.adding(seconds: -lengthSeconds - slack)
            let upper = highest.adding(seconds: slack + Self.laterChangeReach(of: master))
            return expansion.occurrences(from: lower.ruleTime, through: upper.ruleTime).times.map {
                WallTime($0, isDate: start.wall.isDate)
            }
        }
    }

    /// Every rule of the master made ready for its DTSTART, each with its own UNTIL (memoized
    /// in the rules' boxes).
    func expansions(of master: EventRecord) -> [RuleExpansion] {
        master.allRules.map { $0.box.expansion(start: master.start.wall, until: untilInStartFrame($0.until, of: master)) }
    }

    /// UNTIL as the expansion compares it: on DTSTART's clock (a UTC UNTIL would otherwise
    /// be compared with a zoned DTSTART's wall time as if both were UTC).
    private func untilInStartFrame(_ until: EventTime?, of master: EventRecord) -> RuleTime? {
        guard let until else { return nil }
        if master.start.wall.isDate {
            let day = until.wall.isDate || until.zone != .utc
                ? until.wall.date
                : zones.wallTime(of: zones.instant(of: until), in: .floating).date
            return WallTime(date: day, isDate: true).ruleTime
        }
        if until.wall.isDate {
            // A DATE UNTIL on a timed event: through the end of that day.
            return WallTime(date: until.wall.date, secondOfDay: 86_399, isDate: false).ruleTime
        }
        let zone = until.zone == .utc ? until.zone : master.start.zone
        let instant = zones.instant(of: EventTime(wall: until.wall, zone: zone))
        return zones.wallTime(of: instant, in: master.start.zone).ruleTime
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
