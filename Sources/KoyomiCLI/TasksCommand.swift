import CalendarLibrary
import CalendarModel
import Foundation
import ICalendarReading

/// `koyomi tasks [--all] [--calendar NAME] [--json] [FILE...]`: the to-dos of the user's
/// calendars (or of the FILEs), open ones by due, earliest first, undated last; with `--all`
/// the checked-off and cancelled ones after them.
struct TasksCommand {
    var all: Bool
    var calendarName: String?
    var json: Bool
    var files: [String]
    let context: CLIContext

    init(arguments: [String], context: CLIContext) throws(CLIError) {
        let parsed = try CLIArguments(arguments, valued: ["--calendar"], flags: ["--all", "--json"])
        self.context = context
        all = parsed.flags.contains("--all")
        json = parsed.flags.contains("--json")
        calendarName = parsed.values["--calendar"]
        files = parsed.positionals
    }

    /// The tasks on stdout; on stderr, what reading a file left out and why (exit 0: the rest is listed).
    func run() throws(CLIError) -> CLIResult {
        // Each file is first read as the window reads it (a version never read before is parsed
        // by a child under limits), then its tasks in this process.
        let sources = try UserCalendarFolder.select(try UserCalendarFolder.listed(files, context: context), named: calendarName)
        var warnings = ""
        var tasks: [CalendarTask] = []
        var names: [CalendarID: String] = [:]
        for source in sources {
            guard let path = source.path else { continue }
            names[source.calendar.id] = source.calendar.name
            do {
                let read = try ICalendarTasks(text: try ICalendarSource.readText(path: path), sourceName: path,
                                              calendarID: source.calendar.id, timeZone: context.timeZone)
                tasks += read.tasks
                warnings += read.warnings.map { "koyomi tasks: \(path): \($0)\n" }.joined()
            } catch {
                throw .usage(error.description)
            }
        }
        let calendar = context.calendar
        let titles = Dictionary(tasks.filter { $0.occurrence == nil }.map { ($0.uid, $0.title) }) { first, _ in first }
        let listed = TaskOrdering.sorted(all ? tasks : tasks.filter(\.isOpen), calendar: calendar)
        let lines = listed.map { task in
            TaskLine(task: task, calendarName: names[task.calendarID] ?? "", parentTitle: task.parent.flatMap { titles[$0] },
                     now: context.now, calendar: calendar)
        }
        let output = json ? try PlanLine.json(lines) : lines.map { $0.text + "\n" }.joined()
        return CLIResult(status: 0, output: output, error: warnings)
    }
}
