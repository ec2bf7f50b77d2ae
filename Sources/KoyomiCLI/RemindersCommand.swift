import CalendarLibrary
import CalendarModel
import Foundation
import ICalendarReading

/// `koyomi reminders [--days N] [--calendar NAME] [--json] [FILE...]`: the reminders coming
/// due from now, in order ("2026-12-02 08:45  Dentist  2026-12-02 09:00–10:00  [Personal]").
struct RemindersCommand {
    var days: Int
    var calendarName: String?
    var json: Bool
    var files: [String]
    let context: CLIContext

    /// More days than a year would only list the same series again and again.
    static let mostDays = 366

    init(arguments: [String], context: CLIContext) throws(CLIError) {
        let parsed = try CLIArguments(arguments, valued: ["--days", "--calendar"], flags: ["--json"])
        self.context = context
        if let text = parsed.values["--days"] {
            guard let number = Int(text), (1...Self.mostDays).contains(number) else {
                // TRANSLATORS: `koyomi reminders`' error: %1$@ is the most days, %2$@ what was typed.
                throw .usage(FormatterStrings.fill(L("--days expects a whole number of days from 1 to %1$@, got “%2$@”"),
                                                   String(Self.mostDays), text))
            }
            days = number
        } else {
            days = 7
        }
        calendarName = parsed.values["--calendar"]
        json = parsed.flags.contains("--json")
        files = parsed.positionals
    }

    func run() throws(CLIError) -> CLIResult {
        let sources = try UserCalendarFolder.select(try UserCalendarFolder.listed(files, context: context), named: calendarName)
        let warnings = UserCalendarFolder.warnings(of: sources, command: "reminders")
        let range = DateInterval(start: context.now, end: context.now.addingTimeInterval(TimeInterval(days) * 86_400))
        var names: [CalendarID: String] = [:]
        var reminders: [Reminder] = []
        for source in sources {
            names[source.calendar.id] = source.calendar.name
            reminders += source.reminders(in: range)
        }
        reminders.sort(by: Reminder.ordered)
        let calendar = context.calendar
        let lines = reminders.map { reminder in
            ReminderLine(reminder: reminder, calendarName: names[reminder.plan.calendarID] ?? "", calendar: calendar)
        }
        let output = json ? try PlanLine.json(lines) : lines.map { $0.text + "\n" }.joined()
        return CLIResult(status: 0, output: output, error: warnings)
    }
}

/// One listed reminder: when it is due, then the plan as `list` shows it.
struct ReminderLine: Encodable {
    var due: String
    var dueText: String
    var plan: PlanLine
    var snoozed: Bool

    init(reminder: Reminder, calendarName: String, calendar: Calendar) {
        due = PlanLine.iso(reminder.due, calendar: calendar)
        let day = CalendarDay(reminder.due, in: calendar)
        dueText = "\(day) \(PlanLine.clock(reminder.due, calendar))"
        plan = PlanLine(plan: reminder.plan, day: reminder.plan.days(in: calendar).lowerBound,
                        calendarName: calendarName, calendar: calendar)
        snoozed = reminder.isSnoozed
    }

    var text: String {
        // TRANSLATORS: `koyomi reminders` after a reminder put off with Snooze.
        "\(dueText)  \(plan.title)  \(plan.day) \(plan.when)  [\(plan.calendarName)]" + (snoozed ? "  " + L("(snoozed)") : "")
    }

    private enum Key: String, CodingKey { case due, snoozed, plan }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(due, forKey: .due)
        try container.encode(snoozed, forKey: .snoozed)
        try container.encode(plan, forKey: .plan)
    }
}
