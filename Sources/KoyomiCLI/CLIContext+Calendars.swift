import CalendarEditing
import CalendarLibrary
import CalendarModel
import FileSafety
import Foundation
import ICalendarReading

/// Opening and changing a user's calendar file from a command, with the command line's
/// exit statuses: a file that cannot be read is bad input (2), a refused save a failure (1).
extension CLIContext {
    func openCalendar(_ path: String) throws(CLIError) -> CalendarFile {
        do {
            return try CalendarFile(path: path, timeZone: timeZone, writer: writer, trust: parseGuard.trust)
        } catch {
            throw .usage("\(error)")
        }
    }

    /// `CalendarFile.modify`: another program's change is kept and the edit applied to it.
    @discardableResult
    func modify<T>(_ file: CalendarFile, _ body: (inout CalendarDocument) throws -> T) throws(CLIError) -> T {
        do {
            return try file.modify(body)
        } catch let error as SaveError {
            throw .saving(error)
        } catch {
            throw .failure("\(error)")
        }
    }

    /// The user's calendars (those named `calendarName`, or all) whose document holds `uid`
    /// among the UIDs `uids` reads: `remove` looks among plans, `done` among tasks. Several
    /// holding it is bad input, for the user to choose one with --calendar.
    func calendarsHolding(_ uid: String, named calendarName: String?,
                          among uids: (CalendarDocument) -> [String]) throws(CLIError) -> (file: ICalendarFile, calendar: CalendarFile)? {
        let store = UserCalendarFolder(environment: environment, timeZone: timeZone)
        let all = try store.loadAll(parseGuard: parseGuard, scheduler: loadScheduler)
        var found: [(file: ICalendarFile, calendar: CalendarFile)] = []
        for file in try UserCalendarFolder.select(all, named: calendarName) {
            guard let path = file.path else { continue }
            let calendar = try openCalendar(path)
            if uids(calendar.document).contains(uid) { found.append((file, calendar)) }
        }
        if found.count > 1 {
            let names = found.map { "“\($0.file.calendar.name)”" }.joined(separator: ", ")
            // TRANSLATORS: `koyomi remove` or `done`'s error: %1$@ is the UID, %2$@ the calendars (“Work”, “Home”).
            throw .usage(FormatterStrings.fill(L("UID “%1$@” is in several calendars (%2$@); choose one with --calendar"), uid, names))
        }
        return found.first
    }
}
