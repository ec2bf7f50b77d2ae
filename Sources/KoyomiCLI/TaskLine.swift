import CalendarModel
import Foundation

/// One listed task, as a text line ("due 2026-11-12 17:00  Submit tax return  [Work]") or a
/// JSON object with the keys `tasks --json` promises.
struct TaskLine: Encodable, Equatable {
    var uid: String
    var title: String
    /// "2026-11-12" for a day; ISO 8601 with the user's offset for a time; nil for none.
    var due: String?
    var start: String?
    /// "needs-action", "in-process", "completed", "cancelled".
    var status: String
    var completed: String?
    var percent: Int
    var priority: Int
    var calendar: String
    var parent: String?
    /// The text line.
    var text: String

    init(task: CalendarTask, calendarName: String, parentTitle: String?, now: Date, calendar: Calendar) {
        uid = task.uid
        title = task.title
        due = task.due.map { Self.value($0, calendar: calendar) }
        start = task.start.map { Self.value($0, calendar: calendar) }
        status = task.status.rawValue
        completed = task.completed.map { PlanLine.iso($0, calendar: calendar) }
        percent = task.percent
        priority = task.priority
        self.calendar = calendarName
        parent = task.parent
        text = Self.text(task, calendarName: calendarName, parentTitle: parentTitle, now: now, calendar: calendar)
    }

    private static func value(_ time: TaskTime, calendar: Calendar) -> String {
        switch time {
        case let .day(day): day.description
        case let .instant(instant): PlanLine.iso(instant, calendar: calendar)
        }
    }

    /// "2026-11-12" or "2026-11-12 17:00", in the user's zone.
    private static func words(_ time: TaskTime, calendar: Calendar) -> String {
        switch time {
        case let .day(day): day.description
        case let .instant(instant): "\(CalendarDay(instant, in: calendar)) \(PlanLine.clock(instant, calendar))"
        }
    }

    private static func text(_ task: CalendarTask, calendarName: String, parentTitle: String?, now: Date,
                             calendar: Calendar) -> String {
        let when: String
        switch task.status {
        case .completed:
            when = task.completed.map {
                // TRANSLATORS: `koyomi tasks`'s first column for a task checked off: %@ is when (2026-11-03 16:42).
                FormatterStrings.fill(L("done %@"), words(.instant($0), calendar: calendar))
            // TRANSLATORS: `koyomi tasks`'s first column for a task checked off at an unknown time.
            } ?? L("done")
        // TRANSLATORS: `koyomi tasks`'s first column for a cancelled task.
        case .cancelled: when = L("cancelled")
        case .needsAction, .inProcess:
            if let due = task.due {
                when = task.isOverdue(now: now, calendar: calendar)
                    // TRANSLATORS: `koyomi tasks`'s first column for a task past its due time: %@ is it (2026-11-08).
                    ? FormatterStrings.fill(L("overdue, due %@"), words(due, calendar: calendar))
                    // TRANSLATORS: `koyomi tasks`'s first column: %@ is when the task is due (2026-11-12 17:00).
                    : FormatterStrings.fill(L("due %@"), words(due, calendar: calendar))
            } else {
                // TRANSLATORS: `koyomi tasks`'s first column for a task with no due date.
                when = L("no due date")
            }
        }
        var notes: [String] = []
        if task.status == .inProcess {
            // TRANSLATORS: after a task's title in `koyomi tasks`: %@ is how much is done (40).
            notes.append(FormatterStrings.fill(L("in progress, %@%% done"), String(task.percent)))
        }
        // TRANSLATORS: after a task's title in `koyomi tasks`: it repeats.
        if task.repeats { notes.append(L("repeats")) }
        if let parentTitle {
            // TRANSLATORS: after a task's title in `koyomi tasks`: %@ is the task it is part of (“Move house”).
            notes.append(FormatterStrings.fill(L("part of “%@”"), parentTitle))
        }
        let title = notes.isEmpty ? task.title : "\(task.title) (\(notes.joined(separator: "; ")))"
        return "\(when)  \(title)  [\(calendarName)]"
    }

    private enum Key: String, CodingKey {
        case uid, title, due, start, status, completed, percent, priority, calendar, parent
    }

    /// Every key is always present (null when empty), so scripts can rely on the shape.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(uid, forKey: .uid)
        try container.encode(title, forKey: .title)
        try container.encode(due, forKey: .due)
        try container.encode(start, forKey: .start)
        try container.encode(status, forKey: .status)
        try container.encode(completed, forKey: .completed)
        try container.encode(percent, forKey: .percent)
        try container.encode(priority, forKey: .priority)
        try container.encode(calendar, forKey: .calendar)
        try container.encode(parent, forKey: .parent)
    }
}
