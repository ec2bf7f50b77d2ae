import CalendarEditing
import CalendarLibrary
import CalendarModel
import CalendarVetting
import Foundation

/// `koyomi import FILE [--calendar NAME]`: merges the events of an .ics file into one of
/// the user's calendars (the named one, else the first; "Personal" on first run).
///
/// The file is untrusted: it is read in a child process under limits (`UntrustedCalendar`),
/// and components libical cannot read are left out and listed on stderr. An event whose
/// UID is already there is updated only when the incoming copy is newer.
struct ImportCommand {
    var file: String
    var calendarName: String?
    let context: CLIContext

    init(arguments: [String], context: CLIContext) throws(CLIError) {
        let parsed = try CLIArguments(arguments, valued: ["--calendar"], flags: [])
        self.context = context
        // TRANSLATORS: `koyomi import`'s error.
        guard let file = parsed.positionals.first else { throw .usage(L("which file? give the .ics file to import")) }
        if parsed.positionals.count > 1 {
            // TRANSLATORS: a command's error; %@ is the extra word typed.
            throw .usage(FormatterStrings.fill(L("unexpected argument “%@”"), parsed.positionals[1]))
        }
        self.file = file
        calendarName = parsed.values["--calendar"]
    }

    func run() throws(CLIError) -> CLIResult {
        let vetted: VettedCalendar
        do {
            vetted = try UntrustedCalendar.read(path: file, childExecutable: context.childExecutable,
                                                limits: context.vetLimits)
        } catch {
            throw .usage(error.description)
        }
        let report = vetted.problems.map { "  \($0)\n" }.joined()
        if !vetted.problems.isEmpty, !vetted.document.componentKinds.contains(where: { $0 != "VTIMEZONE" }) {
            // TRANSLATORS: `koyomi import`'s error, before the list of what could not be read; %@ is the file.
            throw CLIError(status: 2, message: FormatterStrings.fill(L("%@: no event could be read:"), file) + "\n" + report.dropLast())
        }
        let folder = UserCalendarFolder(environment: context.environment, timeZone: context.timeZone)
        let target = try context.openCalendar(try folder.targetPath(named: calendarName, parseGuard: context.parseGuard,
                                                                    scheduler: context.loadScheduler))
        let summary = try context.modify(target) { document in
            document.importEvents(from: vetted.document, now: context.now)
        }
        let name = target.document.calendarName
            ?? UserCalendarFolder.shortName(target.path)
        // TRANSLATORS: how `koyomi import` went: %1$@ plans added, %2$@ updated, %3$@ skipped.
        let counts = FormatterStrings.fill(L("%1$@ added, %2$@ updated, %3$@ skipped"),
                                           String(summary.added), String(summary.updated), String(summary.skipped.count))
        // TRANSLATORS: what `koyomi import` prints: %1$@ is the calendar, %2$@ the counts ("3 added, 1 updated, 0 skipped").
        var output = FormatterStrings.fill(L("Imported into %1$@: %2$@"), name, counts) + "\n"
        if !summary.carried.isEmpty {
            let kinds = summary.carried.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            // TRANSLATORS: a line of `koyomi import`'s report: %@ counts what is not a plan ("5 VTODO, 3 VJOURNAL").
            output += "  " + FormatterStrings.fill(L("among them, kept as written though not shown as plans: %@"), kinds) + "\n"
        }
        output += summary.skipped.map { "  " + Self.explanation($0) + "\n" }.joined()
        output += summary.notes.map { "  \($0)\n" }.joined()
        let count = vetted.problems.count
        let error = vetted.problems.isEmpty ? ""
            // TRANSLATORS: `koyomi import`, after the file's name and before the list of what it left out.
            : "koyomi import: \(file): " + String(format: L("%d part could not be read and was left out:",
                                                             "%d parts could not be read and were left out:", count: count),
                                                   count) + "\n" + report
        return CLIResult(status: 0, output: output, error: error)
    }

    /// "skipped “Tea” (abc@example.com): your copy is newer", in the user's language.
    private static func explanation(_ skip: ImportSkip) -> String {
        let reason = switch skip.kind {
        // TRANSLATORS: why an imported plan was skipped: the calendar has this very version.
        case .upToDate: L("already up to date")
        // TRANSLATORS: why an imported plan was skipped: the calendar's copy is a later version.
        case .yoursIsNewer: L("your copy is newer")
        // TRANSLATORS: why something in an imported file was skipped; %@ is e.g. VTODO (a task).
        case let .notAnEvent(kind): FormatterStrings.fill(L("not an event (%@)"), kind)
        case let .other(text): text
        }
        // TRANSLATORS: a line of `koyomi import`'s report: %1$@ names the plan, %2$@ says why it was skipped.
        return FormatterStrings.fill(L("skipped %1$@: %2$@"), skip.subject, reason)
    }
}
