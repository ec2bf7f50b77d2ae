import CalendarModel
import Foundation
import ICalendarReading

/// A plan as the editor fills it in, for `CalendarDocument.addEvent`.
public struct PlanDraft: Hashable, Sendable {
    public var title: String
    /// All-day (exclusive end) or timed instants.
    public var timing: PlanTiming
    /// The zone a timed plan is written in (`TZID` plus its `VTIMEZONE`); nil writes UTC.
    /// Ignored for all-day plans.
    public var timeZone: TimeZone?
    public var location: String?
    public var notes: String?
    public var color: String?
    public var categories: [String]
    /// Written as RRULE; an UNTIL day becomes what DTSTART needs (a date, or the UTC end of that day).
    public var repeatRule: RecurrenceRule?
    /// Reminders, as minutes before the start (0: at the start), each written as a VALARM.
    public var remindersBefore: [Int]

    public init(title: String, timing: PlanTiming, timeZone: TimeZone? = nil, location: String? = nil,
                notes: String? = nil, color: String? = nil, categories: [String] = [],
                repeatRule: RecurrenceRule? = nil, remindersBefore: [Int] = []) {
        self.title = title
        self.timing = timing
        self.timeZone = timeZone
        self.location = location
        self.notes = notes
        self.color = color
        self.categories = categories
        self.repeatRule = repeatRule
        self.remindersBefore = remindersBefore
    }

    /// A draft prefilled from a plan the user is about to edit (it carries no repeat rule:
    /// send `.repeatRule` only when the user changes it, so an RRULE Koyomi cannot show stays).
    public init(plan: Plan, timeZone: TimeZone?) {
        self.init(title: plan.title, timing: plan.timing, timeZone: timeZone, location: plan.location,
                  notes: plan.notes, color: plan.color, categories: plan.categories)
    }

    /// The changes that turn an empty event into this draft.
    var changes: [PlanChange] {
        [.title(title), .timing(timing, timeZone: timeZone), .location(location), .notes(notes),
         .color(color), .categories(categories), .repeatRule(repeatRule)]
    }
}

/// One field of an event to change; the editor sends only the fields the user changed, so
/// everything else (including RRULE parts Koyomi cannot show) stays as written.
public enum PlanChange: Hashable, Sendable {
    case title(String)
    case location(String?)
    case notes(String?)
    /// RFC 7986 COLOR (CSS name or #rrggbb); nil removes it.
    case color(String?)
    case categories([String])
    /// New start and end; a timed plan is written in `timeZone` (nil: UTC).
    case timing(PlanTiming, timeZone: TimeZone?)
    /// nil stops repeating.
    case repeatRule(RecurrenceRule?)
    /// The reminders the editor shows, in minutes before the start: alarms of other kinds stay.
    case reminders([Int])

    /// RFC 5545 §3.8.7.4: SEQUENCE goes up when times or rules change.
    var changesSchedule: Bool {
        switch self {
        case .timing, .repeatRule: true
        default: false
        }
    }
}
