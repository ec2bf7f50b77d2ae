import CalendarLibrary
import CalendarModel
import CalendarSync
import CalendarVetting
import FileSafety
import Foundation
import ICalendarReading

/// Reading the user's calendars for a command: a file that cannot be read is bad input.
extension UserCalendarFolder {
    /// Reads one calendar file for listing; a version not read before goes through
    /// `parseGuard`'s child.
    func load(_ path: String, index: Int, parseGuard: ParseGuard, scheduler: LoadScheduler) throws(CLIError)
        -> ICalendarFile {
        var options = ICalendarLoadOptions(id: CalendarID(path), fallbackColor: CalendarPalette.color(index),
                                           timeZone: timeZone, scheduler: scheduler)
        options.parseDelegate = parseGuard
        do {
            return try ICalendarFile.load(path: path, options: options)
        } catch {
            throw .usage(error.description)
        }
    }

    /// The FILEs as given, else the user's calendars and the calendars they subscribe to:
    /// what `list` and `reminders` read.
    static func listed(_ files: [String], context: CLIContext) throws(CLIError) -> [ICalendarFile] {
        let store = UserCalendarFolder(environment: context.environment, timeZone: context.timeZone)
        guard !files.isEmpty else {
            let own = try store.loadAll(parseGuard: context.parseGuard, scheduler: context.loadScheduler)
            let followed = SubscriptionStore(environment: context.environment).localPaths
            return try own + followed.enumerated().map { index, path throws(CLIError) in
                try store.load(path, index: own.count + index, parseGuard: context.parseGuard,
                               scheduler: context.loadScheduler)
            }
        }
        var sources: [ICalendarFile] = []
        for (index, path) in files.enumerated() {
            sources.append(try store.load(path, index: index, parseGuard: context.parseGuard,
                                          scheduler: context.loadScheduler))
        }
        return sources
    }

    /// What reading each file left out or read with a compromise, one stderr line each
    /// ("koyomi list: work.ics: event …").
    static func warnings(of sources: [ICalendarFile], command: String) -> String {
        sources.flatMap { source in
            source.warnings.map { "koyomi \(command): \(source.path ?? source.calendar.name): \($0)\n" }
        }.joined()
    }

    /// Every user calendar, read.
    func loadAll(parseGuard: ParseGuard, scheduler: LoadScheduler) throws(CLIError) -> [ICalendarFile] {
        var files: [ICalendarFile] = []
        for (index, path) in paths.enumerated() {
            files.append(try load(path, index: index, parseGuard: parseGuard, scheduler: scheduler))
        }
        return files
    }

    /// The calendars called `name` (by `X-WR-CALNAME`, else file name; case-insensitive),
    /// or all of them for nil. Unknown names are bad input.
    static func select(_ files: [ICalendarFile], named name: String?) throws(CLIError) -> [ICalendarFile] {
        guard let name else { return files }
        let chosen = files.filter { matches($0, name) }
        guard !chosen.isEmpty else {
            let known = files.map { "“\($0.calendar.name)”" }.joined(separator: ", ")
            // TRANSLATORS: a command's error; %@ is the name asked for.
            let unknown = FormatterStrings.fill(L("no calendar named “%@”"), name)
            // TRANSLATORS: after "no calendar named “Wrok”": %@ lists the calendars (“Work”, “Home”).
            throw .usage(known.isEmpty ? unknown : unknown + FormatterStrings.fill(L(" (there are %@)"), known))
        }
        return chosen
    }

    static func matches(_ file: ICalendarFile, _ name: String) -> Bool {
        let stem = ((file.path ?? "") as NSString).lastPathComponent.replacingOccurrences(of: ".ics", with: "")
        return file.calendar.name.caseInsensitiveCompare(name) == .orderedSame
            || stem.caseInsensitiveCompare(name) == .orderedSame
    }

    /// The file new plans go to: the calendar called `name`, else the first; on first run
    /// (no calendar yet) "Personal" is created, unless another name was asked for.
    func targetPath(named name: String?, parseGuard: ParseGuard, scheduler: LoadScheduler)
        throws(CLIError) -> String {
        if paths.isEmpty {
            // TRANSLATORS: the name of the calendar made at the first start, in the user's language.
            let personal = L("Personal")
            if let name, name.caseInsensitiveCompare(personal) != .orderedSame,
               name.caseInsensitiveCompare(Self.personal.name) != .orderedSame {
                // TRANSLATORS: a command's error: %1$@ is the name asked for, %2$@ the first calendar's ("Personal").
                throw .usage(FormatterStrings.fill(
                    L("no calendar named “%1$@” (there are none yet; leave out --calendar to create “%2$@”)"), name, personal))
            }
            do {
                try ensureFirstRun(name: personal, timeZone: timeZone)
            } catch {
                // TRANSLATORS: a command's error: %1$@ is the calendar, %2$@ its folder, %3$@ why.
                throw .failure(FormatterStrings.fill(L("cannot create “%1$@” in %2$@: %3$@"), personal, folder.path, "\(error)"))
            }
        }
        let paths = self.paths
        guard let first = paths.first else {
            // TRANSLATORS: a command's error; %@ is the calendars' folder.
            throw .failure(FormatterStrings.fill(L("cannot create a calendar in %@"), folder.path))
        }
        guard let name else {
            // A file the user cannot write (mode 0444, another user's) is read-only here as
            // in the window: new plans go to the first one they can write.
            guard let writable = paths.first(where: AtomicFileWriter.canReplace) else {
                // TRANSLATORS: a command's error; %@ is a calendar file.
                throw .usage(FormatterStrings.fill(
                    L("%@: is read-only (you may not write to it), and so is every other calendar; nothing was written"), first))
            }
            return writable
        }
        let all = try loadAll(parseGuard: parseGuard, scheduler: scheduler)
        let chosen = try Self.select(all, named: name).first?.path ?? first
        guard AtomicFileWriter.canReplace(chosen) else {
            // TRANSLATORS: a command's error; %@ is a calendar file.
            throw .usage(FormatterStrings.fill(L("%@: is read-only (you may not write to it); nothing was written"), chosen))
        }
        return chosen
    }
}
