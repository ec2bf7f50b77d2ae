import CICal
import CalendarModel
import Foundation

/// Search entries of an iCalendar file: every single event and override as it is, and each
/// repeating master once, shown by its occurrence nearest to the date asked for.
///
/// `ICalendarFile` keeps its storage private; its `searchEntries(near:)` hands that storage to
/// `entries(fixed:masters:bounds:replaced:expander:near:)` below. Expanding needs the file's
/// zone table, which is not thread-safe: call it on the thread that owns the file.
enum ICalendarSearchEntries {
    /// Windows tried around the date, in days either side, until one holds an occurrence: the
    /// first spans about one period of the rule (a week for a weekly one), so it usually holds
    /// one; each next is eight times wider, up to a century.
    static func reaches(for master: EventRecord) -> [Int] {
        var period = 1
        if let rule = master.rule {
            let interval = max(1, rule.interval)
            switch rule.frequency {
            case .weekly: period = 7 * interval
            case .monthly: period = 31 * interval
            case .yearly: period = 366 * interval
            case .daily: period = interval
            case .hourly, .minutely, .secondly: period = 1
            }
        }
        var reach = min(period + 1, 40_000)
        var result = [reach]
        while reach < 40_000 {
            reach = min(reach * 8, 40_000)
            result.append(reach)
        }
        return result
    }

    /// - Parameter bounds: per master, the instants all its occurrences lie within (as
    ///   `RecurrenceExpander.bounds(of:)` gives), if known: a series that ended or has not
    ///   begun is then looked for at its end or start instead of in ever wider windows.
    static func entries(fixed: [Plan], masters: [EventRecord], bounds: [(earliest: Date, latest: Date?)]? = nil,
                        replaced: [String: Set<String>], expander: RecurrenceExpander,
                        near date: Date) -> [SearchablePlan] {
        var result = fixed.map { SearchablePlan(plan: $0, repeats: $0.id.occurrence != nil) }
        result.reserveCapacity(fixed.count + masters.count)
        for (position, master) in masters.enumerated() {
            let skip = replaced[master.uid] ?? []
            let bound = bounds.flatMap { $0.indices.contains(position) ? $0[position] : nil }
            if let plan = nearestOccurrence(of: master, replaced: skip, expander: expander, near: date, within: bound) {
                result.append(SearchablePlan(plan: plan, repeats: true))
            }
        }
        return result
    }

    /// The occurrence of `master` nearest to `date`; nil when every occurrence is excluded.
    static func nearestOccurrence(of master: EventRecord, replaced: Set<String>, expander: RecurrenceExpander,
                                  near date: Date, within bound: (earliest: Date, latest: Date?)? = nil) -> Plan? {
        // Every occurrence lies within the bounds, so the one nearest to `date` is also the
        // one nearest to `date` clamped into them: start looking there.
        var probe = date
        if let bound {
            probe = max(probe, bound.earliest)
            if let latest = bound.latest { probe = min(probe, latest) }
        }
        for days in reaches(for: master) {
            let reach = TimeInterval(days) * 86_400
            let window = DateInterval(start: probe.addingTimeInterval(-reach), end: probe.addingTimeInterval(reach))
            let plans = expander.plans(of: master, overlapping: window, replaced: replaced)
            if let nearest = plans.min(by: { SearchablePlan.distance(of: $0, from: date) < SearchablePlan.distance(of: $1, from: date) }) {
                return nearest
            }
        }
        // Beyond a century either way: the series as it first happens.
        let key = master.start.occurrenceKey(zones: expander.zones)
        guard !replaced.contains(key) else { return nil }
        return master.plan(calendarID: expander.calendarID, occurrence: key, start: master.start, zones: expander.zones)
    }
}
