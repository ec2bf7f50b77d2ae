import Foundation

/// Which reminders to show, and when: the pure half of Koyomi's reminders (the app owns the
/// timer and the notifications; the files say what is due).
///
/// It holds each calendar's reminders over a stretch of days around now, what was already
/// shown (kept across restarts, so nothing is shown twice) and the snoozes still to come back.
/// A reminder is shown once it is due and not yet shown, as long as its plan has not ended:
/// one that came due while Koyomi was not running, or while the machine slept, is shown as
/// soon as Koyomi looks again.
public struct ReminderSchedule: Sendable {
    /// One reminder of one plan (or occurrence) at one moment; the same across restarts.
    public struct Key: Hashable, Codable, Sendable, Comparable {
        public var calendar: String
        public var plan: String
        public var due: Date

        public init(calendar: String, plan: String, due: Date) {
            self.calendar = calendar
            self.plan = plan
            self.due = due
        }

        public init(_ reminder: Reminder) {
            self.init(calendar: reminder.plan.calendarID.rawValue, plan: reminder.plan.id.description, due: reminder.due)
        }

        public static func < (a: Key, b: Key) -> Bool {
            (a.due, a.calendar, a.plan) < (b.due, b.calendar, b.plan)
        }
    }

    /// How far back a missed reminder is looked for, and how far ahead the schedule is worked
    /// out at a time (it is worked out again at least at every local midnight).
    public static let lookBack: TimeInterval = 7 * 86_400
    public static let lookAhead: TimeInterval = 7 * 86_400

    private var byCalendar: [String: [Reminder]] = [:]
    /// Shown reminders, with when they were shown.
    public private(set) var shown: [Key: Date]
    /// Snoozed reminders (the key they were shown with) and when they come back.
    public private(set) var snoozed: [Key: Date]

    public init(shown: [Key: Date] = [:], snoozed: [Key: Date] = [:]) {
        self.shown = shown
        self.snoozed = snoozed
        rebuild()
    }

    /// The range to ask the calendars for, around `now`.
    public static func range(around now: Date) -> DateInterval {
        DateInterval(start: now.addingTimeInterval(-lookBack), end: now.addingTimeInterval(lookAhead))
    }

    /// A calendar's reminders over `range(around:)`, replacing what it had.
    public mutating func replace(_ reminders: [Reminder], of calendar: CalendarID) {
        byCalendar[calendar.rawValue] = reminders
        rebuild()
    }

    public mutating func remove(_ calendar: CalendarID) {
        byCalendar[calendar.rawValue] = nil
        rebuild()
    }

    /// The calendars with reminders in the schedule.
    public var calendars: [CalendarID] { byCalendar.keys.map(CalendarID.init(rawValue:)) }

    /// Every reminder known, snoozes included (a snooze written to the file and the one kept
    /// here are the same reminder, said once), in order; rebuilt on every change.
    public private(set) var all: [Reminder] = []
    private var keys: Set<Key> = []

    private mutating func rebuild() {
        var seen = Set<Key>()
        var result: [Reminder] = []
        var plans: [String: Plan] = [:]
        for reminders in byCalendar.values {
            for reminder in reminders {
                plans[reminder.plan.calendarID.rawValue + "\u{0}" + reminder.plan.id.description] = reminder.plan
                if seen.insert(Key(reminder)).inserted { result.append(reminder) }
            }
        }
        for (key, until) in snoozed {
            // The plan as its calendar has it now: a snooze never brings back a deleted plan.
            guard let plan = plans[key.calendar + "\u{0}" + key.plan] else { continue }
            let reminder = Reminder(plan: plan, due: until, isSnoozed: true)
            if seen.insert(Key(reminder)).inserted { result.append(reminder) }
        }
        all = result.sorted(by: Reminder.ordered)
        keys = seen
    }

    /// What to show at `now`: due and not yet shown. A reminder that came due before its plan
    /// ended is shown only while the plan has not ended; one set for after the end (RELATED=END
    /// with a positive offset) only within a day of its time.
    public func due(at now: Date, calendar: Calendar) -> [Reminder] {
        all.prefix { $0.due <= now }.filter { reminder in
            guard shown[Key(reminder)] == nil else { return false }
            let end = reminder.plan.interval(in: calendar).end
            return end > now || (reminder.due >= end && now.timeIntervalSince(reminder.due) < Self.lateAfterEnd)
        }
    }

    /// How late a reminder set for after its plan's end may still be shown.
    public static let lateAfterEnd: TimeInterval = 86_400

    /// The next moment after `now` a reminder comes due, if one does in the schedule.
    public func nextDue(after now: Date) -> Date? {
        all.first { $0.due > now }?.due
    }

    /// Whether the reminder `key` is still in the calendars (its plan was not deleted or moved
    /// and its alarm not removed or dealt with elsewhere).
    public func contains(_ key: Key) -> Bool { keys.contains(key) }

    public mutating func markShown(_ keys: [Key], at now: Date) {
        for key in keys { shown[key] = now }
    }

    /// The reminder comes back at `until` (and is shown then as a reminder of its own).
    public mutating func snooze(_ key: Key, until: Date) {
        snoozed[key] = until
        rebuild()
    }

    /// Forgets what is older than the look-back: it will never be due again.
    public mutating func prune(before date: Date) {
        shown = shown.filter { $0.key.due >= date }
        snoozed = snoozed.filter { $0.value >= date }
        rebuild()
    }
}
