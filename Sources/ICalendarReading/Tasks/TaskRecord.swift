import CICal
import CalendarModel
import Foundation
import Recurrence

/// One VTODO kept after reading (the libical tree is freed): a single task, the master of a
/// repeating one, or the override of one occurrence (`recurrenceID` set).
struct TaskRecord {
    var uid: String
    var title: String
    var start: EventTime?
    var due: EventTime?
    /// DURATION, when there is no DUE: the due time is that long after the start.
    var duration: NominalDuration?
    var status: TaskStatus
    var completed: Date?
    var percent: Int
    var priority: Int
    var categories: [String]
    var parent: String?
    var rules: [RecurrenceRule]
    var exdates: [EventTime]
    var recurrenceID: EventTime?
    var reminders: [TaskReminder]

    /// The time its occurrences are counted from: DTSTART, else DUE (as Thunderbird and
    /// tasks.org read a task that has only a due time).
    var anchor: EventTime? { start ?? due }

    var repeats: Bool { !rules.isEmpty && anchor != nil && recurrenceID == nil }

    /// The task as plain values, moved to the occurrence at `occurrence` (an anchor of the
    /// series) when one is given.
    func task(calendarID: CalendarID, zones: TimeZoneTable, occurrence: (key: String, anchor: EventTime)? = nil,
              repeats: Bool) -> CalendarTask {
        var start = self.start
        var due = self.due
        if let occurrence, let anchor {
            let shift = { (time: EventTime) -> EventTime in Self.shifted(time, from: anchor, to: occurrence.anchor, zones: zones) }
            start = start.map(shift)
            due = due.map(shift)
        }
        if due == nil, let start, let duration {
            due = Self.adding(duration, to: start, zones: zones)
        }
        let time = { (value: EventTime) -> TaskTime in
            value.wall.isDate ? .day(value.wall.date) : .instant(zones.instant(of: value))
        }
        return CalendarTask(uid: uid, occurrence: occurrence?.key, calendarID: calendarID, title: title,
                            start: start.map(time), due: due.map(time), status: status, completed: completed,
                            percent: status == .completed ? 100 : percent, priority: priority, categories: categories,
                            parent: parent, repeats: repeats, reminders: reminders)
    }

    /// `time` moved by as much as the series moves from `anchor` to `newAnchor`: whole days for
    /// dates, the same wall-clock shift otherwise (a DUE a day after DTSTART stays a day after).
    static func shifted(_ time: EventTime, from anchor: EventTime, to newAnchor: EventTime, zones: TimeZoneTable) -> EventTime {
        let days = anchor.wall.date.distance(to: newAnchor.wall.date)
        let seconds = newAnchor.wall.secondOfDay - anchor.wall.secondOfDay
        let wall = WallTime(date: time.wall.date.adding(days: days), secondOfDay: time.wall.secondOfDay, isDate: time.wall.isDate)
        return EventTime(wall: time.wall.isDate ? wall : wall.adding(seconds: seconds), zone: time.zone)
    }

    private static func adding(_ duration: NominalDuration, to start: EventTime, zones: TimeZoneTable) -> EventTime {
        let days = duration.days + (start.wall.isDate ? (duration.seconds + 86_399) / 86_400 : 0)
        let moved = WallTime(date: start.wall.date.adding(days: days), secondOfDay: start.wall.secondOfDay,
                             isDate: start.wall.isDate)
        return EventTime(wall: start.wall.isDate ? moved : moved.adding(seconds: duration.seconds), zone: start.zone)
    }
}
