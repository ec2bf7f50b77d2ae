import CalendarModel
import Foundation
import Recurrence

/// The tasks of one UID (a single task, or a repeating one's master and its overrides) made
/// into what is listed: a repeating task as its earliest open occurrence, and each occurrence
/// checked off or cancelled by an override as a closed task of its own.
struct TaskSeries {
    var master: TaskRecord?
    var overrides: [TaskRecord] = []

    /// The occurrence to check off next: its key and its anchor (DTSTART, else DUE) as written
    /// for the master; nil when the series is not repeating or has no open occurrence left.
    func openOccurrence(zones: TimeZoneTable) -> (key: String, anchor: EventTime)? {
        guard let master, master.repeats, master.status.isOpen, let anchor = master.anchor else { return nil }
        var closed = Set<String>()
        for override in overrides where !override.status.isOpen {
            if let id = override.recurrenceID { closed.formUnion(id.recurrenceIDKeys(zones: zones)) }
        }
        let excluded = Set(master.exdates.map { $0.occurrenceKey(zones: zones) })
        let excludedDays = Set(master.exdates.filter(\.wall.isDate).map(\.wall.date))
        // The open one is among the first (closed + excluded + 1) occurrences of the union of rules.
        let wanted = closed.count + excluded.count + excludedDays.count + 1
        var walls = Set<WallTime>()
        for rule in master.rules {
            let expansion = RuleExpansion(rule: rule, start: anchor.wall.ruleTime, isDate: anchor.wall.isDate,
                                          until: until(rule, anchor: anchor, zones: zones)).checked()
            let far = RuleTime(day: CalendarDay(year: 9999, month: 12, day: 31) ?? anchor.wall.date, secondOfDay: 0)
            let found = expansion.occurrences(from: anchor.wall.ruleTime, through: far, limit: wanted)
            walls.formUnion(found.times.map { WallTime($0, isDate: anchor.wall.isDate) })
        }
        for wall in walls.sorted(by: { $0.ruleTime < $1.ruleTime }) {
            let time = EventTime(wall: wall, zone: anchor.zone)
            let key = time.occurrenceKey(zones: zones)
            if excluded.contains(key) || closed.contains(key) { continue }
            if !wall.isDate && excludedDays.contains(wall.date) { continue }
            return (key, time)
        }
        return nil
    }

    /// What is listed for this UID.
    func tasks(calendarID: CalendarID, zones: TimeZoneTable) -> [CalendarTask] {
        let repeats = master?.repeats ?? false
        var result: [CalendarTask] = []
        for override in overrides {
            let key = override.recurrenceID.map { overrideKey($0, zones: zones) }
            if !override.status.isOpen || master == nil {
                var task = override.task(calendarID: calendarID, zones: zones, repeats: repeats)
                task.occurrence = key
                result.append(task)
            }
        }
        guard let master else { return result }
        guard repeats, master.status.isOpen else {
            result.append(master.task(calendarID: calendarID, zones: zones, repeats: repeats))
            return result
        }
        guard let open = openOccurrence(zones: zones) else {
            // Every occurrence is checked off (or the rule has ended): the series is done.
            var done = master.task(calendarID: calendarID, zones: zones, repeats: true)
            done.status = .completed
            done.percent = 100
            done.completed = overrides.compactMap(\.completed).max()
            result.append(done)
            return result
        }
        // An occurrence changed by an open override (in process, another due) is listed as it says.
        if let override = overrides.first(where: { override in
            override.status.isOpen && override.recurrenceID.map { $0.recurrenceIDKeys(zones: zones).contains(open.key) } == true
        }) {
            var task = override.task(calendarID: calendarID, zones: zones, repeats: true)
            task.occurrence = open.key
            result.append(task)
        } else {
            result.append(master.task(calendarID: calendarID, zones: zones, occurrence: open, repeats: true))
        }
        return result
    }

    /// An override's occurrence named as the series names it: by the day for a date series.
    private func overrideKey(_ id: EventTime, zones: TimeZoneTable) -> String {
        let keys = id.recurrenceIDKeys(zones: zones)
        return master?.anchor?.wall.isDate == true ? keys[keys.count - 1] : keys[0]
    }

    /// UNTIL on the anchor's clock (a UTC UNTIL against a zoned anchor is moved to its zone).
    private func until(_ rule: RecurrenceRule, anchor: EventTime, zones: TimeZoneTable) -> RuleTime? {
        guard let until = rule.until else { return nil }
        if anchor.wall.isDate { return RuleTime(day: until.time.day, secondOfDay: 0) }
        if until.isDate { return RuleTime(day: until.time.day, secondOfDay: 86_399) }
        guard until.isUTC else { return until.time }
        let instant = zones.instant(of: EventTime(wall: WallTime(until.time, isDate: false), zone: .utc))
        return zones.wallTime(of: instant, in: anchor.zone).ruleTime
    }
}
