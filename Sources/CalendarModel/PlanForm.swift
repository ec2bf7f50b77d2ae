import Foundation

/// What the plan editor's fields hold, exactly as the user typed them.
///
/// Dates and times stay text ("2026-11-29", "09:30") so that a half-typed or impossible value
/// can be shown back unchanged with a specific message (`validate`), instead of being
/// silently corrected the way libical corrects "20260230". Only a valid form turns into a
/// `PlanTiming` (`timing`).
public struct PlanForm: Hashable, Sendable {
    /// The editor's fields, as keys for validation messages and change tracking.
    public enum Field: Hashable, Sendable, CaseIterable {
        case title, isAllDay, startDate, startTime, endDate, endTime, timeZone
        case calendar, location, notes, repeatRule, repeatEnd, reminders
    }

    /// When a repeating plan stops.
    public enum RepeatEnd: Hashable, Sendable {
        case never
        /// After the given day ("YYYY-MM-DD" as typed), inclusive.
        case onDate(String)
        /// After this many occurrences.
        case afterCount(Int)
    }

    public var title: String
    public var isAllDay: Bool
    /// "YYYY-MM-DD". For all-day plans the end is the last day (inclusive), as users think of it.
    public var startDateText: String
    public var endDateText: String
    /// "HH:MM", 24-hour; ignored for all-day plans.
    public var startTimeText: String
    public var endTimeText: String
    /// The IANA zone the times are in (the user's for new plans, the plan's own `TZID` otherwise).
    public var timeZoneID: String
    public var calendarID: CalendarID
    public var location: String
    public var notes: String
    /// How the plan repeats (nil: it does not), in the simple terms the editor offers
    /// (`RecurrenceRule.simplified`): without its end, which is `repeatEnd` (its day as typed). `writtenRepeatRule` joins them.
    public var repeatRule: RecurrenceRule?
    public var repeatEnd: RepeatEnd
    /// False when the stored rule says more than the editor can show (BYSETPOS, hourly…):
    /// the editor then shows the repeat fields read-only, so saving cannot flatten the rule.
    public var repeatIsEditable: Bool
    /// Reminders, in minutes before the start (0: at the start), earliest first. Alarms the
    /// editor cannot show (absolute, after the end, e-mail…) are not here and stay as written.
    public var reminders: [Int] {
        didSet { reminders = Self.normalized(reminders) }
    }

    public static func normalized(_ reminders: [Int]) -> [Int] {
        Array(Set(reminders.filter { $0 >= 0 })).sorted(by: >)
    }

    public init(title: String = "", isAllDay: Bool = false, startDateText: String, endDateText: String,
                startTimeText: String = "09:00", endTimeText: String = "10:00", timeZoneID: String,
                calendarID: CalendarID, location: String = "", notes: String = "",
                repeatRule: RecurrenceRule? = nil, repeatEnd: RepeatEnd = .never, repeatIsEditable: Bool = true,
                reminders: [Int] = []) {
        self.title = title
        self.isAllDay = isAllDay
        self.startDateText = startDateText
        self.endDateText = endDateText
        self.startTimeText = startTimeText
        self.endTimeText = endTimeText
        self.timeZoneID = timeZoneID
        self.calendarID = calendarID
        self.location = location
        self.notes = notes
        self.repeatRule = repeatRule?.withoutEnd
        self.repeatEnd = repeatEnd
        self.repeatIsEditable = repeatIsEditable
        self.reminders = Self.normalized(reminders)
    }

    /// A new one-hour plan on `day` in `calendar`'s time zone (the user's): 09:00–10:00, or on
    /// today (per `now`) the next whole hour, so a plan made in the afternoon does not start in the past.
    public init(newOn day: CalendarDay, now: Date, calendar: Calendar, calendarID: CalendarID) {
        var startHour = 9
        if CalendarDay(now, in: calendar) == day {
            // The hour after now; at 23:xx there is no next hour today, so keep 23:00.
            startHour = min(calendar.component(.hour, from: now) + 1, 23)
        }
        let endDay = startHour == 23 ? day.adding(days: 1) : day
        self.init(startDateText: day.description, endDateText: endDay.description,
                  startTimeText: PlanForm.timeText(hour: startHour, minute: 0, calendar: calendar),
                  endTimeText: PlanForm.timeText(hour: (startHour + 1) % 24, minute: 0, calendar: calendar),
                  timeZoneID: calendar.timeZone.identifier, calendarID: calendarID)
    }

    /// The fields of an existing plan. A timed plan's wall times are shown in `zone` (its own
    /// `TZID`; nil: `calendar`'s zone, the user's). The repeat rule is not part of `Plan`, so
    /// the caller passes what the stored event says, its end included, in the simple terms the
    /// editor shows (`RecurrenceRule.simplified`; `repeatIsEditable`: see the property).
    public init(plan: Plan, repeatRule: RecurrenceRule? = nil, repeatIsEditable: Bool = true,
                zone: TimeZone? = nil, calendar: Calendar) {
        var local = calendar
        local.timeZone = zone ?? calendar.timeZone
        let dates: (start: String, end: String, startTime: String, endTime: String)
        let firstDay: CalendarDay
        switch plan.timing {
        case let .allDay(start, end):
            // Stored ends are exclusive; the form shows the last day.
            dates = (start.description, max(start, end.adding(days: -1)).description,
                     PlanForm.timeText(hour: 9, minute: 0, calendar: calendar),
                     PlanForm.timeText(hour: 10, minute: 0, calendar: calendar))
            firstDay = start
        case let .timed(start, end):
            firstDay = CalendarDay(start, in: local)
            dates = (firstDay.description, CalendarDay(end, in: local).description,
                     PlanForm.timeText(of: start, in: local), PlanForm.timeText(of: end, in: local))
        }
        var repeatRule = repeatRule
        if var weekly = repeatRule, weekly.frequency == .weekly, weekly.byDay.isEmpty {
            // A weekly rule without BYDAY repeats on its first day's weekday (in the plan's own
            // zone, as DTSTART is): the editor shows that day's toggle on.
            weekly.byDay = [.init(weekday: firstDay.weekday)]
            repeatRule = weekly
        }
        self.init(title: plan.title, isAllDay: plan.isAllDay, startDateText: dates.start,
                  endDateText: dates.end, startTimeText: dates.startTime, endTimeText: dates.endTime,
                  timeZoneID: local.timeZone.identifier, calendarID: plan.calendarID,
                  location: plan.location ?? "", notes: plan.notes ?? "",
                  repeatRule: repeatRule, repeatEnd: repeatRule.map(RepeatEnd.init) ?? .never,
                  repeatIsEditable: repeatIsEditable)
    }

    /// The fields whose values differ from `original`, so a save touches only what the user
    /// changed. Times and zone do not count while both versions are all-day (they are hidden).
    public func changedFields(from original: PlanForm) -> Set<Field> {
        var changed: Set<Field> = []
        func note(_ field: Field, _ differs: Bool) { if differs { changed.insert(field) } }
        note(.title, title != original.title)
        note(.isAllDay, isAllDay != original.isAllDay)
        note(.startDate, startDateText != original.startDateText)
        note(.endDate, endDateText != original.endDateText)
        let timesMatter = !(isAllDay && original.isAllDay)
        note(.startTime, timesMatter && startTimeText != original.startTimeText)
        note(.endTime, timesMatter && endTimeText != original.endTimeText)
        note(.timeZone, timesMatter && timeZoneID != original.timeZoneID)
        note(.calendar, calendarID != original.calendarID)
        note(.location, location != original.location)
        note(.notes, notes != original.notes)
        note(.repeatRule, repeatRule != original.repeatRule)
        note(.repeatEnd, repeatEnd != original.repeatEnd)
        note(.reminders, reminders != original.reminders)
        return changed
    }

    // MARK: Text forms

    /// A time as the editor shows it, on the clock the plan list uses in `calendar`'s locale:
    /// "9:05 AM" where the locale counts 12 hours (en_US), "09:05" elsewhere (en_GB, ja). A plain
    /// space before the AM/PM mark, which people can type back.
    public static func timeText(hour: Int, minute: Int, calendar: Calendar) -> String {
        guard uses12HourClock(calendar) else { return String(format: "%02d:%02d", hour, minute) }
        let mark = hour < 12 ? calendar.amSymbol : calendar.pmSymbol
        return String(format: "%d:%02d ", (hour + 11) % 12 + 1, minute) + mark
    }

    /// Whether `calendar`'s locale writes times on a 12-hour clock: its preferred hour ("j" in
    /// CLDR, what the plan list's "jmm" format resolves) is `h` or `K`.
    public static func uses12HourClock(_ calendar: Calendar) -> Bool {
        guard let locale = calendar.locale, !locale.identifier.isEmpty,
              let pattern = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: locale) else { return false }
        return pattern.contains("h") || pattern.contains("K")
    }

    static func timeText(of date: Date, in calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return timeText(hour: parts.hour ?? 0, minute: parts.minute ?? 0, calendar: calendar)
    }

    /// Parses exactly "HH:MM" or "H:MM" (24-hour); nil for anything else, including "25:61"
    /// and "24:00". For machine-written times; the editor's fields take more (`parseTime`).
    public static func parseClockTime(_ text: String) -> (hour: Int, minute: Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
              let hour = Int(parts[0]), let minute = Int(parts[1]),
              (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        return (hour, minute)
    }

    /// Parses "YYYY-MM-DD" (surrounding spaces allowed); nil when malformed or impossible.
    public static func parseDate(_ text: String) -> CalendarDay? {
        CalendarDay(parsing: text.trimmingCharacters(in: .whitespaces))
    }
}
