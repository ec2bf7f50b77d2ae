import Foundation

/// A to-do (VTODO) as plain values: what the command line and, later, the views work with.
///
/// A repeating task is given as its earliest open occurrence (`occurrence` names it, its
/// `start` and `due` are that occurrence's), and each occurrence checked off by an override
/// as a task of its own with the same UID.
public struct CalendarTask: Hashable, Sendable {
    public var uid: String
    /// For an occurrence of a repeating task: its RECURRENCE-ID key, "20261110" for a date or
    /// the UTC instant "20261110T080000Z" (as `Plan.ID.occurrence`); nil otherwise.
    public var occurrence: String?
    public var calendarID: CalendarID
    public var title: String
    /// DTSTART.
    public var start: TaskTime?
    /// DUE, or DTSTART + DURATION when the task gives a length instead of a due time.
    public var due: TaskTime?
    public var status: TaskStatus
    /// COMPLETED: when it was checked off.
    public var completed: Date?
    /// PERCENT-COMPLETE, 0–100.
    public var percent: Int
    /// PRIORITY, 0 (none) and 1 (highest) to 9 (lowest).
    public var priority: Int
    public var categories: [String]
    /// The UID its RELATED-TO names as its parent (RELTYPE=PARENT, or no RELTYPE): a subtask's.
    public var parent: String?
    /// Whether it belongs to a repeating series (RRULE on its master).
    public var repeats: Bool
    /// Its VALARMs that remind (DISPLAY, AUDIO).
    public var reminders: [TaskReminder]

    public init(uid: String, occurrence: String? = nil, calendarID: CalendarID, title: String,
                start: TaskTime? = nil, due: TaskTime? = nil, status: TaskStatus = .needsAction,
                completed: Date? = nil, percent: Int = 0, priority: Int = 0, categories: [String] = [],
                parent: String? = nil, repeats: Bool = false, reminders: [TaskReminder] = []) {
        self.uid = uid
        self.occurrence = occurrence
        self.calendarID = calendarID
        self.title = title
        self.start = start
        self.due = due
        self.status = status
        self.completed = completed
        self.percent = percent
        self.priority = priority
        self.categories = categories
        self.parent = parent
        self.repeats = repeats
        self.reminders = reminders
    }

    /// Still to do: needs action or in process.
    public var isOpen: Bool { status.isOpen }

    /// Open and due before `now` (a due day: before `now`'s day in `calendar`).
    public func isOverdue(now: Date, calendar: Calendar) -> Bool {
        guard isOpen, let due else { return false }
        switch due {
        case let .day(day): return day < CalendarDay(now, in: calendar)
        case let .instant(instant): return instant < now
        }
    }
}

/// A task's DTSTART or DUE: a day (VALUE=DATE) or an instant (UTC, zoned or floating, read
/// in its zone).
public enum TaskTime: Hashable, Sendable {
    case day(CalendarDay)
    case instant(Date)

    /// Where it falls on a time line: a day counts from its start in `calendar`'s zone.
    public func instant(in calendar: Calendar) -> Date {
        switch self {
        case let .day(day): day.start(in: calendar)
        case let .instant(instant): instant
        }
    }
}

/// STATUS of a VTODO, with the names the command line prints.
public enum TaskStatus: String, Hashable, Sendable, CaseIterable {
    case needsAction = "needs-action"
    case inProcess = "in-process"
    case completed
    case cancelled

    /// From the iCalendar value ("NEEDS-ACTION", "IN-PROCESS", "COMPLETED", "CANCELLED");
    /// nil for anything else.
    public init?(iCalendar value: String) {
        self.init(rawValue: value.lowercased())
    }

    public var iCalendarValue: String { rawValue.uppercased() }

    public var isOpen: Bool { self == .needsAction || self == .inProcess }
}

/// When a task's VALARM reminds.
public enum TaskReminder: Hashable, Sendable {
    /// Seconds from the start (`toDue` false) or the due time (RELATED=END); negative before.
    case relative(seconds: Int, toDue: Bool)
    case absolute(Date)
}
