import CICal
import CalendarModel
import Foundation

/// Reads one VTODO component into a `TaskRecord`.
struct TaskReader {
    let zones: TimeZoneTable
    let sourceName: String

    func read(_ component: OpaquePointer, ordinal: Int, warnings: inout [String]) -> TaskRecord {
        var fields = TaskFields()
        var property = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
        while let current = property {
            fields.take(current)
            property = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
        }
        let name = fields.summary.map { "\"\($0)\"" } ?? fields.uid.map { "with UID \($0)" } ?? "#\(ordinal)"
        func time(_ raw: RawTime) -> EventTime {
            if raw.isUTC { return EventTime(wall: raw.wall, zone: .utc) }
            guard let tzid = raw.tzid else { return EventTime(wall: raw.wall, zone: .floating) }
            if let zone = zones.zone(forTZID: tzid) { return EventTime(wall: raw.wall, zone: zone) }
            let warning = "task \(name): unknown time zone \"\(tzid)\"; its times are read in \(zones.userZone.identifier)"
            if !warnings.contains(warning) { warnings.append(warning) }
            return EventTime(wall: raw.wall, zone: .floating)
        }
        var rules: [RecurrenceRule] = []
        for text in fields.rules {
            do {
                rules.append(try RecurrenceRule(parsing: text))
            } catch {
                warnings.append("task \(name): its repeat rule “\(text)” cannot be used: \(error)")
            }
        }
        // STATUS first; a task with a COMPLETED time and no STATUS was checked off by an older client.
        let status = fields.status.flatMap(TaskStatus.init(iCalendar:))
            ?? (fields.completed != nil ? .completed : .needsAction)
        if let written = fields.status, TaskStatus(iCalendar: written) == nil {
            warnings.append("task \(name): STATUS “\(written)” is not a task's status; it is read as \(status.rawValue)")
        }
        var alarms = EventAlarms()
        AlarmReader.read(component, into: &alarms, warnings: &warnings, name: name)
        let reminders: [TaskReminder] = alarms.alarms.filter(\.reminds).map { alarm in
            switch alarm.trigger {
            case let .relative(seconds, toEnd): .relative(seconds: seconds, toDue: toEnd)
            case let .absolute(date): .absolute(date)
            }
        }
        return TaskRecord(uid: fields.uid ?? "koyomi-\(sourceName)-task-\(ordinal)", title: fields.summary ?? "Untitled",
                          start: fields.dtstart.map(time), due: fields.due.map(time), duration: fields.duration,
                          status: status, completed: fields.completed, percent: fields.percent ?? 0,
                          priority: fields.priority ?? 0, categories: fields.categories, parent: fields.parent,
                          rules: rules, exdates: fields.exdates.map(time), recurrenceID: fields.recurrenceID.map(time),
                          reminders: reminders)
    }
}
