import CalendarEditing
import CalendarLibrary
import CalendarModel
import FileSafety
import Foundation

/// `koyomi export [--calendar NAME] [-o FILE]`: the user's calendars (or one) as one .ics,
/// on stdout or saved atomically to FILE. Components keep their original text; one calendar
/// is exported byte for byte.
struct ExportCommand {
    var calendarName: String?
    var outputPath: String?
    let context: CLIContext

    init(arguments: [String], context: CLIContext) throws(CLIError) {
        let parsed = try CLIArguments(arguments, valued: ["--calendar", "--output"], flags: [],
                                      aliases: ["-o": "--output"])
        self.context = context
        if let extra = parsed.positionals.first {
            // TRANSLATORS: a command's error; %@ is the extra word typed.
            throw .usage(FormatterStrings.fill(L("unexpected argument “%@”"), extra))
        }
        calendarName = parsed.values["--calendar"]
        outputPath = parsed.values["--output"]
        // TRANSLATORS: `koyomi export`'s error; the option stays as written.
        if outputPath?.isEmpty == true { throw .usage(L("-o needs a file name")) }
    }

    func run() throws(CLIError) -> String {
        let folder = UserCalendarFolder(environment: context.environment, timeZone: context.timeZone)
        let all = try folder.loadAll(parseGuard: context.parseGuard, scheduler: context.loadScheduler)
        let files = try UserCalendarFolder.select(all, named: calendarName)
        guard !files.isEmpty else {
            // TRANSLATORS: `koyomi export`'s error; %@ is the calendars' folder.
            throw .usage(FormatterStrings.fill(L("you have no calendars yet (%@ is empty)"), folder.folder.path))
        }
        var documents: [CalendarDocument] = []
        for path in files.compactMap(\.path) {
            do {
                documents.append(try CalendarDocument.load(path: path, timeZone: context.timeZone).document)
            } catch {
                throw .usage("\(error)")
            }
        }
        let exported = CalendarDocument.export(documents, name: nil)
        guard let outputPath else { return exported.text }

        let target = URL(fileURLWithPath: outputPath).resolvingSymlinksInPath()
        let calendars = folder.folder.resolvingSymlinksInPath().standardizedFileURL.path
        // Every .ics there is read as a calendar: an export there would show each plan twice.
        guard target.deletingLastPathComponent().resolvingSymlinksInPath().standardizedFileURL.path != calendars else {
            // TRANSLATORS: `koyomi export`'s error; %@ is the calendars' folder.
            throw .usage(FormatterStrings.fill(L("will not write into your calendars folder (%@); choose another place"), calendars))
        }
        do {
            try context.writer.write(exported.data, to: target.path, expecting: FileIdentity.of(path: target.path))
        } catch {
            throw .saving(error)
        }
        let count = exported.eventUIDs.count
        // TRANSLATORS: how many plans `koyomi export` wrote, in "Exported %1$@ from %2$@ to %3$@".
        let plans = String(format: L("%d plan", "%d plans", count: count), count)
        // TRANSLATORS: how many calendars `koyomi export` read, in "Exported %1$@ from %2$@ to %3$@".
        let calendarCount = String(format: L("%d calendar", "%d calendars", count: files.count), files.count)
        // TRANSLATORS: what `koyomi export` prints: %1$@ is "2 plans", %2$@ "1 calendar", %3$@ the file.
        return FormatterStrings.fill(L("Exported %1$@ from %2$@ to %3$@"), plans, calendarCount, outputPath) + "\n"
    }
}
