import CalendarModel
import Foundation

/// A new task, for `CalendarDocument.addTask`.
public struct TaskDraft: Hashable, Sendable {
    public var title: String
    /// DUE: a day, or an instant written in `timeZone`; nil for a task with no date.
    public var due: TaskTime?
    /// The zone a due time is written in (`TZID` plus its `VTIMEZONE`); nil writes UTC.
    public var timeZone: TimeZone?
    /// Written as RRULE, with a DTSTART equal to DUE (RFC 5545 counts occurrences from DTSTART).
    public var repeatRule: RecurrenceRule?

    public init(title: String, due: TaskTime? = nil, timeZone: TimeZone? = nil, repeatRule: RecurrenceRule? = nil) {
        self.title = title
        self.due = due
        self.timeZone = timeZone
        self.repeatRule = repeatRule
    }
}

/// What `CalendarDocument.completeTask` did.
public enum TaskCompletion: Hashable, Sendable {
    /// The task (`occurrence` nil) or one occurrence of a repeating task (its RECURRENCE-ID
    /// key) is checked off.
    case completed(occurrence: String?)
    /// It was checked off already: nothing was written.
    case alreadyDone
}
