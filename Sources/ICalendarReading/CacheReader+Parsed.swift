import CICal
import CalendarModel
import Foundation
import Recurrence

/// Reading back what `CacheWriter.parsed(_:)` wrote. Any value out of place gives nil.
extension CacheReader {
    /// The parsed calendar, with its zone table rebuilt from the stored VTIMEZONEs.
    mutating func parsed(calendarID: CalendarID, userZone: TimeZone) -> (ParsedCalendar, TimeZoneTable)? {
        guard let name = optional(), let color = optional(), let kind = optional(),
              let zoneTexts = strings(), let warnings = strings() else { return nil }
        let zones = TimeZoneTable(userZone: userZone)
        var parser = ComponentParser()
        for var text in zoneTexts {
            text.withUTF8 { bytes in
                parser.withComponent(bytes, pieces: [0..<bytes.count], kind: ICAL_VTIMEZONE_COMPONENT) { zone in
                    if let zone { zones.add(vtimezone: zone) }
                }
            }
        }
        guard let fixedCount = count() else { return nil }
        var fixed: [(plan: Plan, span: DateInterval)] = []
        fixed.reserveCapacity(fixedCount)
        for _ in 0..<fixedCount {
            guard let plan = plan(calendarID: calendarID), let start = double(), let duration = double(),
                  duration >= 0 else { return nil }
            fixed.append((plan, DateInterval(start: Date(timeIntervalSinceReferenceDate: start), duration: duration)))
        }
        guard let masterCount = count() else { return nil }
        var masters: [EventRecord] = []
        masters.reserveCapacity(masterCount)
        // Series repeat the same few rules ("FREQ=WEEKLY"): each text is read once.
        var rules: [String: RecurrenceRule] = [:]
        for _ in 0..<masterCount {
            guard let master = record(zones: zones, rules: &rules) else { return nil }
            masters.append(master)
        }
        guard let replacedCount = count() else { return nil }
        var replaced: [String: Set<String>] = [:]
        for _ in 0..<replacedCount {
            guard let uid = string(), let keys = strings() else { return nil }
            replaced[uid] = Set(keys)
        }
        guard let alarmCount = count() else { return nil }
        var alarms: [Plan.ID: EventAlarms] = [:]
        for _ in 0..<alarmCount {
            guard let uid = string(), let occurrence = optional(), let read = self.alarms(), let read else { return nil }
            alarms[Plan.ID(uid: uid, occurrence: occurrence)] = read
        }
        let parsed = ParsedCalendar(name: name, color: color, kind: kind, zoneTexts: zoneTexts, fixed: fixed,
                                    masters: masters, replaced: replaced, alarms: alarms, warnings: warnings)
        return (parsed, zones)
    }

    private mutating func status() -> PlanStatus?? {
        guard let raw = optional() else { return nil }
        guard let raw else { return .some(nil) }
        return PlanStatus(rawValue: raw).map { .some($0) }
    }

    private mutating func plan(calendarID: CalendarID) -> Plan? {
        guard let uid = string(), let occurrence = optional(), let title = string(), let location = optional(),
              let notes = optional(), let color = optional(), let categories = strings(),
              let status = status(), let timed = bool() else { return nil }
        let timing: PlanTiming
        if timed {
            guard let start = double(), let end = double() else { return nil }
            timing = .timed(start: Date(timeIntervalSinceReferenceDate: start), end: Date(timeIntervalSinceReferenceDate: end))
        } else {
            guard let start = int(), let end = int() else { return nil }
            timing = .allDay(start: CalendarDay(julianOffset: start), end: CalendarDay(julianOffset: end))
        }
        return Plan(id: Plan.ID(uid: uid, occurrence: occurrence), calendarID: calendarID, title: title,
                    location: location, notes: notes, color: color, categories: categories, status: status,
                    timing: timing)
    }

    private mutating func record(zones: TimeZoneTable, rules: inout [String: RecurrenceRule]) -> EventRecord? {
        guard let uid = string(), let title = string(), let location = optional(), let notes = optional(),
              let color = optional(), let categories = strings(), let status = status(),
              let start = time(zones: zones), let lengthKind = unsigned() else { return nil }
        let length: EventRecord.Length
        switch lengthKind {
        case 0: guard let days = int() else { return nil }; length = .days(days)
        case 1: guard let seconds = int() else { return nil }; length = .seconds(seconds)
        case 2:
            guard let days = int(), let seconds = int() else { return nil }
            length = .nominal(days: days, seconds: seconds)
        default: return nil
        }
        guard let ruleText = optional() else { return nil }
        var record = EventRecord(uid: uid, title: title, location: location, notes: notes, color: color,
                                 categories: categories, status: status, start: start, length: length)
        if let ruleText {
            if let known = rules[ruleText] {
                record.rule = known
            } else {
                guard let rule = try? RecurrenceRule(parsing: ruleText) else { return nil }
                rules[ruleText] = rule
                record.rule = rule
            }
        }
        guard let hasUntil = bool() else { return nil }
        if hasUntil {
            guard let until = time(zones: zones) else { return nil }
            record.until = until
        }
        guard let rdates = times(zones: zones), let exdates = times(zones: zones) else { return nil }
        record.rdates = rdates
        record.exdates = exdates
        guard let alarms = alarms() else { return nil }
        record.alarms = alarms
        return record
    }

    private mutating func times(zones: TimeZoneTable) -> [EventTime]? {
        guard let count = count() else { return nil }
        var result: [EventTime] = []
        for _ in 0..<count {
            guard let time = time(zones: zones) else { return nil }
            result.append(time)
        }
        return result
    }

    private mutating func time(zones: TimeZoneTable) -> EventTime? {
        guard let julian = int(), let second = int(), (0..<86_400).contains(second), let isDate = bool(),
              abs(julian) < 10_000_000, let kind = unsigned() else { return nil }
        let wall = WallTime(date: CalendarDay(julianOffset: julian), secondOfDay: second, isDate: isDate)
        switch kind {
        case 0: return EventTime(wall: wall, zone: .utc)
        case 1: return EventTime(wall: wall, zone: .floating)
        case 2:
            guard let identifier = string(), let zone = TimeZone(identifier: identifier) else { return nil }
            return EventTime(wall: wall, zone: .system(zone))
        case 3:
            guard let tzid = string(), case let .vtimezone(pointer)? = zones.zone(forTZID: tzid) else { return nil }
            return EventTime(wall: wall, zone: .vtimezone(pointer))
        default: return nil
        }
    }
}
