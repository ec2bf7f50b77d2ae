import CICal
import CalendarModel
import Foundation

/// How `ReopenCache` writes a `ParsedCalendar`: plans and masters field by field, zones
/// by name (VTIMEZONEs by TZID, rebuilt from their text), rules as RRULE text.
extension CacheWriter {
    /// False when something cannot be written faithfully (then no cache is written).
    mutating func parsed(_ parsed: ParsedCalendar) -> Bool {
        optional(parsed.name)
        optional(parsed.color)
        optional(parsed.kind)
        strings(parsed.zoneTexts)
        strings(parsed.warnings)
        unsigned(UInt64(parsed.fixed.count))
        for (plan, span) in parsed.fixed {
            self.plan(plan)
            double(span.start.timeIntervalSinceReferenceDate)
            double(span.duration)
        }
        unsigned(UInt64(parsed.masters.count))
        for master in parsed.masters {
            guard record(master) else { return false }
        }
        unsigned(UInt64(parsed.replaced.count))
        for (uid, keys) in parsed.replaced.sorted(by: { $0.key < $1.key }) {
            string(uid)
            strings(keys.sorted())
        }
        unsigned(UInt64(parsed.alarms.count))
        for (id, alarms) in parsed.alarms.sorted(by: { $0.key.description < $1.key.description }) {
            string(id.uid)
            optional(id.occurrence)
            self.alarms(alarms)
        }
        return true
    }

    private mutating func plan(_ plan: Plan) {
        string(plan.id.uid)
        optional(plan.id.occurrence)
        string(plan.title)
        optional(plan.location)
        optional(plan.notes)
        optional(plan.color)
        strings(plan.categories)
        optional(plan.status?.rawValue)
        switch plan.timing {
        case let .allDay(start, end):
            bool(false)
            int(start.julianOffset)
            int(end.julianOffset)
        case let .timed(start, end):
            bool(true)
            double(start.timeIntervalSinceReferenceDate)
            double(end.timeIntervalSinceReferenceDate)
        }
    }

    private mutating func record(_ record: EventRecord) -> Bool {
        // Overrides, RDATE periods and several RRULEs are rare enough to read from the file each time.
        guard record.recurrenceID == nil, record.rdateLengths.isEmpty, record.laterChanges.isEmpty,
              record.moreRules.isEmpty else { return false }
        string(record.uid)
        string(record.title)
        optional(record.location)
        optional(record.notes)
        optional(record.color)
        strings(record.categories)
        optional(record.status?.rawValue)
        guard time(record.start) else { return false }
        switch record.length {
        case let .days(days): unsigned(0); int(days)
        case let .seconds(seconds): unsigned(1); int(seconds)
        case let .nominal(days, seconds): unsigned(2); int(days); int(seconds)
        }
        if let rule = record.rule {
            optional(rule.text)
        } else {
            optional(nil)
        }
        bool(record.until != nil)
        if let until = record.until, !time(until) { return false }
        for list in [record.rdates, record.exdates] {
            unsigned(UInt64(list.count))
            for item in list where !time(item) { return false }
        }
        alarms(record.alarms)
        return true
    }

    private mutating func time(_ time: EventTime) -> Bool {
        int(time.wall.date.julianOffset)
        int(time.wall.secondOfDay)
        bool(time.wall.isDate)
        switch time.zone {
        case .utc: unsigned(0)
        case .floating: unsigned(1)
        case let .system(zone): unsigned(2); string(zone.identifier)
        case let .vtimezone(pointer):
            guard let tzid = LibicalText.string(icaltimezone_get_tzid(pointer)) else { return false }
            unsigned(3)
            string(tzid)
        }
        return true
    }
}
