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
                                      flags: ["--all-day"])
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
        draft = PlanDraft(title: title, timing: timing, timeZone: UserTimeZone.writtenZone(context.timeZone))
        calendarName = parsed.values["--calendar"]
    }

    func run() throws(CLIError) -> String {
        let store = UserCalendars(environment: context.environment, timeZone: context.timeZone)
        let target = try targetPath(store)
        var document: CalendarDocument
        let identity: FileIdentity?
        if FileManager.default.fileExists(atPath: target) {
            do {
                (document, identity) = try CalendarDocument.load(path: target, timeZone: context.timeZone)
            } catch {
                throw .usage("\(error)")
            }
        } else {
            do {
                let personal = UserCalendars.personal
                document = try CalendarDocument.empty(name: personal.name, color: personal.color, timeZone: context.timeZone)
            } catch {
                throw .failure(error.description)
            }
            identity = nil
        }
        let id: Plan.ID
        do {
            id = try document.addEvent(draft, now: context.now)
        } catch {
            throw .failure(error.description)
        }
        do {
            try FileManager.default.createDirectory(at: store.folder, withIntermediateDirectories: true)
        } catch {
            throw .failure("cannot create \(store.folder.path): \(error.localizedDescription)")
        }
        do {
            try document.save(to: target, expecting: identity, writer: context.writer)
        } catch {
            throw .saving(error)
        }
        return id.uid + "\n"
    }

    /// The file to add to: the named calendar, else the first; "Personal" (not yet written)
    /// when the folder holds no calendar.
    private func targetPath(_ store: UserCalendars) throws(CLIError) -> String {
        let paths = store.paths
        guard !paths.isEmpty else {
            let personal = UserCalendars.personal
            if let calendarName, calendarName.caseInsensitiveCompare(personal.name) != .orderedSame {
                throw .usage("no calendar named “\(calendarName)” (there are none yet; "
                             + "leave out --calendar to create “\(personal.name)”)")
            }
            return store.folder.appendingPathComponent(personal.file).path
        }
        guard let calendarName else { return paths[0] }
        let files = try UserCalendars.select(try store.loadAll(), named: calendarName)
        return files.first?.path ?? paths[0]
    }
}
