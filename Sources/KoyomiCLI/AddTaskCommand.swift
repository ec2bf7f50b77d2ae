import CalendarEditing
import CalendarLibrary
import CalendarModel
import Foundation

/// `koyomi add --task --title T [--due YYYY-MM-DD[THH:MM]] [--calendar NAME]` and
/// `koyomi add --task "WORDS"`: adds one VTODO (STATUS:NEEDS-ACTION) to a user calendar, with
/// an atomic save and a backup, and prints its UID. The words are read as quick add reads a
/// plan's: the day (and time) they name is the due one, a repeat makes a repeating task.
struct AddTaskCommand {
    var draft: TaskDraft
    var calendarName: String?
    let context: CLIContext

    init(arguments: [String], context: CLIContext) throws(CLIError) {
        let parsed = try CLIArguments(arguments, valued: ["--title", "--due", "--calendar", "--start", "--end"],
                                      repeated: ["--remind"], flags: ["--task", "--all-day", "--dry-run"])
        self.context = context
        for option in ["--start", "--end", "--remind", "--all-day", "--dry-run"]
        where parsed.values[option] != nil || parsed.lists[option] != nil || parsed.flags.contains(option) {
            // TRANSLATORS: `koyomi add --task`'s error: %@ is an option of plans (--start) that tasks do not take.
            throw .usage(FormatterStrings.fill(L("%@ is not for tasks: a task takes --title, --due and --calendar"), option))
        }
        let quick = try AddCommand.quick(parsed.positionals, context)
        guard let title = parsed.values["--title"] ?? quick?.title else {
            // TRANSLATORS: `koyomi add --task`'s error; the option and the command stay as written.
            throw .usage(L("--title is required (or say the task in words, e.g. koyomi add --task \"Buy milk tomorrow\")"))
        }
        guard !title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .usage(L("--title must not be empty"))
        }
        var due: TaskTime?
        var rule: RecurrenceRule?
        if let text = parsed.values["--due"] {
            switch try PlanTimeInput(text, option: "--due") {
            case let .day(day): due = .day(day)
            case let time: due = .instant(try time.instant(in: context.calendar, option: "--due"))
            }
        } else if let quick, quick.saysWhen {
            switch quick.timing {
            case let .allDay(start, _): due = .day(start)
            case let .timed(start, _): due = .instant(start)
            }
            rule = quick.simpleRepeatRule(in: context.calendar)
        }
        draft = TaskDraft(title: title, due: due, timeZone: UserTimeZone.writtenZone(context.timeZone), repeatRule: rule)
        calendarName = parsed.values["--calendar"] ?? quick?.calendarName
    }

    func run() throws(CLIError) -> String {
        let folder = UserCalendarFolder(environment: context.environment, timeZone: context.timeZone)
        let calendar = try context.openCalendar(try folder.targetPath(named: calendarName, parseGuard: context.parseGuard,
                                                                      scheduler: context.loadScheduler))
        let uid = try context.modify(calendar) { document in try document.addTask(draft, now: context.now) }
        return uid + "\n"
    }
}
