import CICal
import CalendarModel
import Foundation

/// One VEVENT kept compactly after loading (the libical tree is freed): a master, a
/// single event, or an override of one occurrence (`recurrenceID` set).
struct EventRecord {
    enum Length: Hashable {
        /// All-day plans: whole days.
        case days(Int)
        /// Timed plans with a DTEND, or a DURATION of hours, minutes and seconds only.
        case seconds(Int)
        /// Timed plans with a DURATION of days or weeks: that many days on the clock, then seconds.
        case nominal(days: Int, seconds: Int)

        /// An upper bound in seconds, for widening search windows.
        var approximateSeconds: Int {
            switch self {
            case let .days(days): days * 86_400
            case let .seconds(seconds): seconds
            case let .nominal(days, seconds): days * 86_400 + 3600 + seconds
            }
        }
    }

    var uid: String
    var title: String
    var location: String?
    var notes: String?
    var color: String?
    var categories: [String] = []
    var status: PlanStatus?
    var start: EventTime
    var length: Length
    /// The RRULE with its UNTIL moved to `until` (so no pointer into the freed tree remains).
    /// Boxed: libical's struct takes 2.9 KB, and most records do not repeat.
    var rule: icalrecurrencetype? {
        get { ruleBox?.value }
        set { ruleBox = newValue.map(RuleBox.init) }
    }
    var ruleBox: RuleBox? = nil
    var until: EventTime?
    var rdates: [EventTime] = []
    var exdates: [EventTime] = []
    var recurrenceID: EventTime?

    var repeats: Bool { rule != nil || !rdates.isEmpty }

    /// A plan for one occurrence starting at `start` (the master's own fields and length).
    func plan(calendarID: CalendarID, occurrence: String?, start: EventTime, zones: TimeZoneTable) -> Plan {
        let timing: PlanTiming
        switch (start.wall.isDate, length) {
        case let (true, .days(days)):
            timing = .allDay(start: start.wall.date, end: start.wall.date.adding(days: max(1, days)))
        case let (true, .seconds(seconds)):
            timing = .allDay(start: start.wall.date,
                             end: start.wall.date.adding(days: max(1, (seconds + 86_399) / 86_400)))
        case let (true, .nominal(days, seconds)):
            timing = .allDay(start: start.wall.date,
                             end: start.wall.date.adding(days: max(1, days + (seconds + 86_399) / 86_400)))
        case let (false, .nominal(days, seconds)):
            let later = WallTime(date: start.wall.date.adding(days: days), secondOfDay: start.wall.secondOfDay, isDate: false)
            let end = zones.instant(of: EventTime(wall: later, zone: start.zone)).addingTimeInterval(TimeInterval(seconds))
            timing = .timed(start: zones.instant(of: start), end: end)
        case let (false, .days(days)):
            let begin = zones.instant(of: start)
            timing = .timed(start: begin, end: begin.addingTimeInterval(TimeInterval(days * 86_400)))
        case let (false, .seconds(seconds)):
            let begin = zones.instant(of: start)
            timing = .timed(start: begin, end: begin.addingTimeInterval(TimeInterval(max(0, seconds))))
        }
        return Plan(id: Plan.ID(uid: uid, occurrence: occurrence), calendarID: calendarID, title: title,
                    location: location, notes: notes, color: color, categories: categories,
                    status: status, timing: timing)
    }
}

extension EventTime {
    /// How an occurrence is named in `Plan.ID.occurrence` and matched against EXDATE and
    /// RECURRENCE-ID: "20261110" for dates, the UTC instant "20261110T080000Z" otherwise.
    func occurrenceKey(zones: TimeZoneTable) -> String {
        wall.isDate ? wall.icalText : WallTime(utcOf: zones.instant(of: self)).icalText + "Z"
    }
}

/// An RRULE kept out of line (see `EventRecord.rule`).
final class RuleBox: @unchecked Sendable {
    let value: icalrecurrencetype
    /// The rule's arithmetic form when it has one, worked out once per record.
    let simple: SimpleRecurrence?
    init(_ value: icalrecurrencetype) {
        self.value = value
        simple = SimpleRecurrence(value)
    }
}
