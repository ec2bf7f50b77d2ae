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
        guard let match = try context.calendarsHolding(uid, named: calendarName, among: \.eventUIDs) else {
            // TRANSLATORS: `koyomi remove`'s error; %@ is the UID given.
            let unknown = FormatterStrings.fill(L("no plan with UID “%@”"), uid)
            // TRANSLATORS: after "no plan with UID “…”": %@ is the calendar asked for.
            throw .usage(unknown + (calendarName.map { FormatterStrings.fill(L(" in “%@”"), $0) } ?? ""))
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
