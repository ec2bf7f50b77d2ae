import CalendarEditing
import CalendarModel
import FileSafety
import Foundation
import ICalendarReading

/// The user's own calendars: one `.ics` per calendar in `$XDG_DATA_HOME/koyomi/calendars/`
/// (default `~/.local/share/koyomi/calendars/`), shared by the window and the command line.
///
/// Only calendar files belong in that folder: every `.ics` there is read as a calendar.
/// Storage layout (the calendars themselves are never moved or rewritten for sync):
/// - `koyomi/calendars/` — the calendars, one file each, nothing else (synced ones too);
/// - `koyomi/backups/` — the last versions of each saved file (`BackupStore.standard`);
/// - `koyomi/sync/` — `accounts.json` and `subscriptions.json`, and per synced calendar
///   `<account id>/<file>.json`: each plan's server href, ETag and fingerprint at the last
///   sync (offline changes are found by comparing the calendar with it, `SyncState`);
/// - `koyomi/subscriptions/` — read-only local copies of followed calendars, one `<id>.ics` each.
public struct UserCalendarFolder: Sendable {
    /// The calendar created on first run.
    public static let personal = (name: "Personal", file: "personal.ics", color: CalendarPalette.first)

    public let folder: URL
    /// A calendar file's name without ".ics" ("work" for …/work.ics): how commands and quick
    /// add's "/work" may name a calendar.
    public static func shortName(_ path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// The user's zone, for reading the calendars and for new ones.
    public let timeZone: TimeZone

    /// The folder under `XDG_DATA_HOME` (absolute values only, as the XDG spec says; the
    /// same rule as `BackupStore.standard`), else `HOME/.local/share`.
    public init(environment: [String: String], timeZone: TimeZone) {
        self.init(folder: Folders.data(environment: environment).appendingPathComponent("calendars"), timeZone: timeZone)
    }

    public init(folder: URL, timeZone: TimeZone) {
        self.folder = folder
        self.timeZone = timeZone
    }

    /// The calendar files, by file name (the first is the default for new plans).
    public var paths: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".ics") && !$0.hasPrefix(".") }.sorted()
            .map { folder.appendingPathComponent($0).path }
    }

    /// Creates "Personal" when the folder holds no calendar yet (creating the folder too),
    /// named `name`: the caller's translation of "Personal", in the user's language when it
    /// is made (a calendar once made keeps its name).
    /// - Returns: the calendar paths afterwards.
    @discardableResult
    public func ensureFirstRun(name: String = personal.name, timeZone: TimeZone) throws -> [String] {
        let existing = paths
        guard existing.isEmpty else { return existing }
        let personal = Self.personal
        let document = try CalendarDocument.empty(name: name, color: personal.color, timeZone: timeZone)
        try createFolder()
        let path = folder.appendingPathComponent(personal.file).path
        do {
            try AtomicFileWriter().write(document.data, to: path, expecting: nil)
        } catch SaveError.changedOnDisk {
            // Another Koyomi created it at the same moment: theirs is as good as ours.
        }
        return paths
    }

    /// Writes a new empty calendar atomically; its file name comes from `name` (lower-case
    /// letters, digits and dashes; "-2", "-3"… when taken), and an existing file is never
    /// overwritten. Koyomi wrote every byte of it, so `trust` stamps that version as safe to
    /// parse in-process. - Returns: the new file's path.
    public func createCalendar(name: String, color: String, timeZone: TimeZone,
                               trust: (any TrustedVersions)? = nil) throws -> String {
        let document = try CalendarDocument.empty(name: name, color: color, timeZone: timeZone)
        try createFolder()
        let stem = Self.slug(name)
        for number in 1...1000 {
            let path = folder.appendingPathComponent(number == 1 ? "\(stem).ics" : "\(stem)-\(number).ics").path
            guard FileIdentity.of(path: path) == nil else { continue }
            do {
                // Expecting no file: a file created meanwhile is refused, not overwritten.
                let written = try AtomicFileWriter().write(document.data, to: path, expecting: nil)
                trust?.trust(path: path, ifStill: written)
                return path
            } catch SaveError.changedOnDisk {
                continue
            }
        }
        throw ICalendarError(path: folder.path, problem: "has no free file name for the calendar “\(name)”")
    }

    /// Removes a calendar file, after keeping a copy of it in `backups` (so nothing is lost:
    /// the copy stays in `koyomi/backups/`, see `BackupStore.backups(of:)`).
    /// Returns the bytes the file had (so the removal can be undone).
    @discardableResult
    public func removeCalendar(path: String, backups: BackupStore) throws -> Data {
        let (data, _) = try AtomicFileWriter.read(path: path)
        try backups.keep(data, of: path)
        guard unlink(path) == 0 else { throw SaveError.system(path: path, operation: "remove", errno: errno) }
        let folderFD = open((path as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            // The removal survives a crash too.
            fsync(folderFD)
            close(folderFD)
        }
        return data
    }

    /// "Work & Play" → "work-play"; names with no such letters (e.g. "仕事") become "calendar".
    static func slug(_ name: String) -> String {
        var result = ""
        for scalar in name.lowercased().unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if !result.isEmpty, !result.hasSuffix("-") {
                result += "-"
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result.isEmpty ? "calendar" : String(result.prefix(60))
    }

    private func createFolder() throws {
        try Folders.create(folder)
    }
}
