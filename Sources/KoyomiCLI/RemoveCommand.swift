import CalendarEditing
import CalendarLibrary
import CalendarModel
import Foundation
import ICalendarReading

/// `koyomi remove UID [--calendar NAME]`: removes that event with all its occurrences and
/// overrides from the user calendar holding it, and says what it removed.
struct RemoveCommand {
    var uid: String
    var calendarName: String?
    let context: CLIContext

    init(arguments: [String], context: CLIContext) throws(CLIError) {
        let parsed = try CLIArguments(arguments, valued: ["--calendar"], flags: [])
        self.context = context
        guard let uid = parsed.positionals.first, !uid.isEmpty else {
            throw .usage("which plan? give its UID (see koyomi list --json)")
        }
        if parsed.positionals.count > 1 { throw .usage("unexpected argument “\(parsed.positionals[1])”") }
        self.uid = uid
        calendarName = parsed.values["--calendar"]
    }

    func run() throws(CLIError) -> String {
        let store = UserCalendarFolder(environment: context.environment, timeZone: context.timeZone)
        let all = try store.loadAll(parseGuard: context.parseGuard, scheduler: context.loadScheduler)
        let files = try UserCalendarFolder.select(all, named: calendarName)
        var found: [(file: ICalendarFile, calendar: CalendarFile)] = []
        for file in files {
            guard let path = file.path else { continue }
            let calendar = try context.openCalendar(path)
            if calendar.document.eventUIDs.contains(uid) { found.append((file, calendar)) }
        }
        guard let match = found.first else {
            // TRANSLATORS: `koyomi remove`'s error; %@ is the UID given.
            let unknown = FormatterStrings.fill(L("no plan with UID “%@”"), uid)
            // TRANSLATORS: after "no plan with UID “…”": %@ is the calendar asked for.
            throw .usage(unknown + (calendarName.map { FormatterStrings.fill(L(" in “%@”"), $0) } ?? ""))
        }
        if found.count > 1 {
            let names = found.map { "“\($0.file.calendar.name)”" }.joined(separator: ", ")
            // TRANSLATORS: `koyomi remove`'s error: %1$@ is the UID, %2$@ the calendars (“Work”, “Home”).
            throw .usage(FormatterStrings.fill(L("UID “%1$@” is in several calendars (%2$@); choose one with --calendar"), uid, names))
        }
        // The series' own title rather than a changed occurrence's: search entries list single
        // plans and overrides first and each series' master after them.
        let entries = match.file.searchEntries(near: context.now).filter { $0.plan.id.uid == uid }
        let title = (entries.first { $0.plan.id.occurrence == nil } ?? entries.last)?.plan.title
        try context.modify(match.calendar) { document in try document.deleteEvent(uid: uid) }
        // TRANSLATORS: what `koyomi remove` prints: %1$@ is the plan's title, %2$@ its UID, %3$@ its calendar.
        return FormatterStrings.fill(L("Removed “%1$@” (%2$@) from %3$@"), title ?? uid, uid, match.file.calendar.name) + "\n"
    }
}
