import CalendarVetting
import Foundation
import ICalendar

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
        guard let file = parsed.positionals.first else { throw .usage("which file? give the .ics file to import") }
        if parsed.positionals.count > 1 { throw .usage("unexpected argument “\(parsed.positionals[1])”") }
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
        if !vetted.problems.isEmpty, !vetted.document.componentKinds.contains("VEVENT") {
            throw CLIError(status: 2, message: "\(file): no event could be read:\n" + report.dropLast())
        }
        let folder = UserCalendarFolder(environment: context.environment, timeZone: context.timeZone)
        let target = try context.openCalendar(try folder.targetPath(named: calendarName, parseGuard: context.parseGuard))
        let summary = try context.modify(target) { document in
            document.importEvents(from: vetted.document, now: context.now)
        }
        let name = target.document.calendarName
            ?? UserCalendarFolder.shortName(target.path)
        var output = "Imported into \(name): \(summary)\n"
        output += summary.skipped.map { "  skipped \($0)\n" }.joined()
        output += summary.notes.map { "  \($0)\n" }.joined()
        let count = vetted.problems.count
        let error = vetted.problems.isEmpty ? ""
            : "koyomi import: \(file): " + (count == 1 ? "1 part could not be read and was left out:\n"
                                                        : "\(count) parts could not be read and were left out:\n") + report
        return CLIResult(status: 0, output: output, error: error)
    }
}
