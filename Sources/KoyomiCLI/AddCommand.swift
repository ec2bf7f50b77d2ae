import CalendarModel
import Foundation
import ICalendar

/// `koyomi add --title T --start YYYY-MM-DD[THH:MM] [--end …] [--all-day] [--calendar NAME]`:
/// adds one plan to a user calendar (the first by file name by default; on first run
/// "Personal" is created) with an atomic save and a backup, and prints its UID.
struct AddCommand {
    var draft: PlanDraft
    var calendarName: String?
    let context: CLIContext

    init(arguments: [String], context: CLIContext) throws(CLIError) {
        let parsed = try CLIArguments(arguments, valued: ["--title", "--start", "--end", "--calendar"],
                                      repeated: ["--remind"], flags: ["--all-day"])
        self.context = context
        if let extra = parsed.positionals.first { throw .usage("unexpected argument “\(extra)”") }
        guard let title = parsed.values["--title"] else { throw .usage("--title is required") }
        guard !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .usage("--title must not be empty")
        }
        guard let startText = parsed.values["--start"] else { throw .usage("--start is required") }
        let start = try PlanTimeInput(startText, option: "--start")
        let end = try parsed.values["--end"].map { text throws(CLIError) in try PlanTimeInput(text, option: "--end") }
        let timing = try PlanTimeInput.timing(start: start, end: end, allDay: parsed.flags.contains("--all-day"),
                                              calendar: context.calendar)
        draft = PlanDraft(title: title, timing: timing, timeZone: UserTimeZone.writtenZone(context.timeZone),
                          remindersBefore: try (parsed.lists["--remind"] ?? []).map(Self.minutes))
        calendarName = parsed.values["--calendar"]
    }

    /// "15m", "1h", "2d", "1w" or "0" (at the start), before the start; at most four weeks.
    static func minutes(_ text: String) throws(CLIError) -> Int {
        let units = ["m": 1, "h": 60, "d": 1440, "w": 10_080]
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let unit = trimmed.last.map(String.init).flatMap { units[$0] }
        let number = Int(unit == nil ? trimmed : String(trimmed.dropLast()))
        guard let number, number >= 0, (number == 0 || unit != nil), number * (unit ?? 1) <= 4 * 10_080 else {
            throw .usage("--remind expects how long before the start, such as 15m, 1h, 1d or 0 (at the start), "
                + "at most four weeks; got “\(text)”")
        }
        return number * (unit ?? 1)
    }

    func run() throws(CLIError) -> String {
        let folder = UserCalendarFolder(environment: context.environment, timeZone: context.timeZone)
        let calendar = try context.openCalendar(try folder.targetPath(named: calendarName))
        let id = try context.modify(calendar) { document in try document.addEvent(draft, now: context.now) }
        return id.uid + "\n"
    }
}
