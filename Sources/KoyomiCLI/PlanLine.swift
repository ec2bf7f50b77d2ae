import CalendarModel
import Foundation

/// One listed plan, as a text line ("2026-11-10  09:30–09:45  Standup  [Work]") or a JSON
/// object with stable keys.
struct PlanLine: Encodable, Equatable {
    var day: CalendarDay
    var uid: String
    var occurrence: String?
    var calendarName: String
    var title: String
    /// "2026-11-10" for all-day plans; ISO 8601 with the user's offset for timed ones.
    var start: String
    /// All-day plans: the exclusive end day, as in iCalendar.
    var end: String
    var allDay: Bool
    var location: String?
    /// "09:30–09:45", "all day" (translated), …: the time column of the text line.
    var when: String

    init(plan: Plan, day: CalendarDay, calendarName: String, calendar: Calendar) {
        self.day = day
        uid = plan.id.uid
        occurrence = plan.id.occurrence
        self.calendarName = calendarName
        title = plan.title
        location = plan.location
        switch plan.timing {
        case let .allDay(first, end):
            allDay = true
            start = first.description
            self.end = end.description
            let last = max(first, end.adding(days: -1))
            // TRANSLATORS: `koyomi list`'s time column for a plan of one whole day.
            when = last == first ? L("all day")
                // TRANSLATORS: `koyomi list`'s time column for a plan of whole days: %1$@ is its first
                // day, %2$@ its last (2026-11-10, 2026-11-12).
                : FormatterStrings.fill(L("all day, %1$@–%2$@"), first.description, last.description)
        case let .timed(from, to):
            allDay = false
            start = Self.iso(from, calendar: calendar)
            end = Self.iso(to, calendar: calendar)
            let startDay = CalendarDay(from, in: calendar)
            let endDay = plan.days(in: calendar).upperBound
            let startText = startDay == day ? Self.clock(from, calendar) : "\(startDay) \(Self.clock(from, calendar))"
            let endText = endDay == startDay ? Self.clock(to, calendar) : "\(CalendarDay(to, in: calendar)) \(Self.clock(to, calendar))"
            // A plan with no length (a deadline, a reminder-like entry) is one moment.
            when = to <= from ? startText : "\(startText)–\(endText)"
        }
    }

    var text: String {
        "\(day)  \(when)  \(title)  [\(calendarName)]"
    }

    private enum Key: String, CodingKey {
        case uid, occurrence, calendar, title, start, end, allDay, location
    }

    /// Every key is always present (null when empty), so scripts can rely on the shape.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(uid, forKey: .uid)
        try container.encode(occurrence, forKey: .occurrence)
        try container.encode(calendarName, forKey: .calendar)
        try container.encode(title, forKey: .title)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try container.encode(allDay, forKey: .allDay)
        try container.encode(location, forKey: .location)
    }

    /// A JSON array of `lines` (plans, reminders), pretty-printed with sorted keys.
    static func json<Line: Encodable>(_ lines: [Line]) throws(CLIError) -> String {
        // The pretty printer would write an empty array over three lines.
        guard !lines.isEmpty else { return "[]\n" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(lines), as: UTF8.self) + "\n"
        } catch {
            throw .failure("could not write JSON: \(error)")
        }
    }

    static func clock(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    static func iso(_ date: Date, calendar: Calendar) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = calendar.timeZone
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
