import CalendarModel
import Foundation
import ICalendar

/// The user's own calendars: one `.ics` per calendar in `$XDG_DATA_HOME/koyomi/calendars/`
/// (default `~/.local/share/koyomi/calendars/`).
///
/// Only calendar files belong in that folder: every `.ics` there is read as a calendar.
/// Backups live in `koyomi/backups/` (`BackupStore.standard`), and a later CalDAV sync is to
/// keep per-plan server data (URL, ETag, offline queue) in `koyomi/sync/`, keyed by file name
/// and UID, so neither ever needs the calendars moved or rewritten.
struct UserCalendars {
    /// The calendar created on first run.
    static let personal = (name: "Personal", file: "personal.ics", color: "#3584e4")

    let folder: URL
    let timeZone: TimeZone

    init(environment: [String: String], timeZone: TimeZone) {
        let home = environment["HOME"] ?? NSHomeDirectory()
        // The XDG spec ignores relative values; so does BackupStore, so both agree.
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        folder = URL(fileURLWithPath: data).appendingPathComponent("koyomi/calendars")
        self.timeZone = timeZone
    }

    /// The calendar files, by file name (the first is the default for `add`).
    var paths: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".ics") && !$0.hasPrefix(".") }.sorted()
            .map { folder.appendingPathComponent($0).path }
    }

    /// Reads one calendar file for listing; a file that cannot be read is bad input.
    func load(_ path: String, index: Int) throws(CLIError) -> ICalendarFile {
        let palette = ["#3584e4", "#e66100", "#2ec27e", "#9141ac", "#e5a50a", "#c01c28", "#865e3c", "#1c71d8"]
        let options = ICalendarLoadOptions(id: CalendarID(path), fallbackColor: palette[index % palette.count],
                                           timeZone: timeZone)
        do {
            return try ICalendarFile.load(path: path, options: options)
        } catch {
            throw .usage(error.description)
        }
    }

    /// Every user calendar, read.
    func loadAll() throws(CLIError) -> [ICalendarFile] {
        var files: [ICalendarFile] = []
        for (index, path) in paths.enumerated() {
            files.append(try load(path, index: index))
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
            throw .usage("no calendar named “\(name)”" + (known.isEmpty ? "" : " (there are \(known))"))
        }
        return chosen
    }

    static func matches(_ file: ICalendarFile, _ name: String) -> Bool {
        let stem = ((file.path ?? "") as NSString).lastPathComponent.replacingOccurrences(of: ".ics", with: "")
        return file.calendar.name.caseInsensitiveCompare(name) == .orderedSame
            || stem.caseInsensitiveCompare(name) == .orderedSame
    }

}
