import CalendarModel
import FileSafety
import Foundation
import GtkKit
import ICalendarReading

/// Koyomi's settings on disk, in `$XDG_CONFIG_HOME/koyomi/settings.ini` (by default
/// `~/.config/koyomi/settings.ini`), a GLib key file:
///
///     [Calendar]
///     first-weekday=2          # 1 = Sunday … 7 = Saturday; absent = from the locale
///     show-week-numbers=true
///     japanese-era=true        # years as 令和8年 (honoured where the language is Japanese)
///     day-colors=false         # Sundays/holidays red, Saturdays blue; absent = from the locale
///     hidden-calendars=/home/u/.local/share/koyomi/calendars/work.ics\n/media/b.ics
///                              # switched-off calendars' paths, one per line (GLib writes \n)
///     shown-calendars=koyomi:holidays/jp
///                              # built-in calendars off by default here that were switched on
///     kept-files=/media/b.ics  # files `koyomi FILE.ics` added to the open window, opened
///                              # again at every start until closed in the calendars list
///     desktop-clock=true       # the calendars registered with Evolution Data Server, so the
///                              # desktop's clock lists their plans (files koyomi-*.source in
///                              # $XDG_CONFIG_HOME/evolution/sources); false removes them
///     [Window]
///     width=720
///     height=760
///     maximized=false
///     panel=half               # tip, half or full; absent = the default (half)
///     [Reminders]
///     snooze-minutes=10        # how long Snooze puts a reminder off (1…1440)
///     calendar-defaults=15,60 /home/u/.local/share/koyomi/calendars/work.ics
///                              # reminders a calendar's new plans get (minutes before), one
///                              # calendar per line: the minutes, a space, the calendar's path
///
/// The store is the truth for `Settings`: `update` changes the value, saves at once and tells
/// observers. A missing file gives the defaults quietly (a first run); an unreadable or
/// malformed one gives the defaults and a message in `problems`, and before anything is written
/// over it the old file is copied to `settings.ini.broken`, so a user's hand edits are never lost.
/// Comments and unknown keys in the file are kept. Not thread-safe: use it from the main thread.
final class SettingsStore {
    /// A registration made by `observe(_:)`; cancels itself when released.
    final class Observation {
        private weak var store: SettingsStore?
        private let id: Int

        fileprivate init(store: SettingsStore, id: Int) {
            self.store = store
            self.id = id
        }

        /// Stops further calls; safe to call more than once, and from inside the handler.
        func cancel() {
            store?.observers.removeAll { $0.id == id }
            store = nil
        }

        deinit { cancel() }
    }

    /// The settings file.
    let path: String
    /// Where an unreadable settings file is kept before new settings replace it.
    var brokenCopyPath: String { path + ".broken" }
    private(set) var settings: Settings
    /// What went wrong while reading or saving, oldest first, as sentences for the user
    /// (the error strip, stderr). Empty when all is well.
    private(set) var problems: [String] = []

    /// The file as read, kept so that saving preserves its comments and unknown keys.
    private var keyFile: KeyFile
    /// Set when a file exists that could not be read: it is copied aside before the first save.
    private var mustKeepBrokenCopy = false
    private var observers: [(id: Int, handler: (Settings) -> Void)] = []
    private var nextObserverID = 0

    /// Reads the settings file named by `environment` (injected so tests use a scratch folder).
    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let path = Self.path(environment: environment)
        var problems: [String] = []
        let file: KeyFile
        do {
            file = try KeyFile(contentsOfFile: path)
        } catch {
            file = KeyFile()
            // No file (or no folder) is a first run; anything else is a file we must not lose.
            if error.kind != .notFound, FileManager.default.fileExists(atPath: path) {
                mustKeepBrokenCopy = true
                // KeyFile's message names the file.
                // TRANSLATORS: %1$@ says why (it names the file), %2$@ is where the old file will be kept.
                problems.append(FormatterStrings.fill(
                    L("The settings could not be read, so the defaults are used (%1$@). The file will be kept as %2$@."),
                    error.message, path + ".broken"))
            }
        }
        var ignored: [String] = []
        settings = Self.read(file, ignored: &ignored)
        self.path = path
        self.keyFile = file
        // TRANSLATORS: %1$@ is a setting and its value ("first-weekday=9 (not 1…7)"), %2$@ the file.
        self.problems = problems + ignored.map { FormatterStrings.fill(L("Ignored %1$@ in %2$@."), $0, path) }
    }

    /// `$XDG_CONFIG_HOME/koyomi/settings.ini`, or `$HOME/.config/koyomi/settings.ini` when
    /// XDG_CONFIG_HOME is unset, empty or relative (the XDG spec says to ignore a relative one).
    static func path(environment: [String: String]) -> String {
        Folders.configHome(environment: environment).appendingPathComponent("koyomi/settings.ini").path
    }

    // MARK: Changing

    /// Changes the settings; when the value really changed, saves the file at once and then
    /// calls every observer. Returns false when saving failed (the reason is in `problems`);
    /// the new value still holds for this run.
    @discardableResult
    func update(_ change: (inout Settings) -> Void) -> Bool {
        var new = settings
        change(&new)
        guard new != settings else { return true }
        settings = new
        let saved = save()
        notify()
        return saved
    }

    /// Calls `handler` with the new settings after every change. Keep the returned observation
    /// for as long as you want to be called: it cancels itself when released.
    func observe(_ handler: @escaping (Settings) -> Void) -> Observation {
        let id = nextObserverID
        nextObserverID += 1
        observers.append((id, handler))
        return Observation(store: self, id: id)
    }

    /// Observers may cancel themselves or others while being called; each is looked up again.
    private func notify() {
        for id in observers.map(\.id) {
            observers.first { $0.id == id }?.handler(settings)
        }
    }

    // MARK: Disk

    /// Told about every problem that arises after start-up (a failed save), so the window can
    /// show it; the ones found while reading are in `problems` from the start.
    var onProblem: ((String) -> Void)?

    private func report(_ problem: String) {
        problems.append(problem)
        onProblem?(problem)
    }

    private func save() -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            // 0700, as the XDG spec asks for folders it creates.
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            report(FormatterStrings.fill(L("Could not create the folder %1$@ for the settings: %2$@"),
                                         folder, error.localizedDescription))
            return false
        }
        if mustKeepBrokenCopy {
            guard keepBrokenCopy() else { return false }
        }
        write(settings, into: keyFile)
        do {
            try keyFile.save(to: path)
        } catch {
            report(FormatterStrings.fill(L("Could not save the settings: %@"), error.message))
            return false
        }
        return true
    }

    /// Copies the unreadable file aside, replacing an older copy (but never a folder someone
    /// put there). When that fails nothing is written: the file is never overwritten silently.
    private func keepBrokenCopy() -> Bool {
        let files = FileManager.default
        guard files.fileExists(atPath: path) else {
            mustKeepBrokenCopy = false // gone meanwhile: nothing left to lose
            return true
        }
        var reason: String?
        var isFolder: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            reason = L("it is a folder")
        } else if files.fileExists(atPath: brokenCopyPath, isDirectory: &isFolder), isFolder.boolValue {
            reason = L("a folder has that name")
        } else {
            do {
                if files.fileExists(atPath: brokenCopyPath) { try files.removeItem(atPath: brokenCopyPath) }
                try files.copyItem(atPath: path, toPath: brokenCopyPath)
            } catch {
                reason = error.localizedDescription
            }
        }
        if let reason {
            // TRANSLATORS: %1$@ is the unreadable settings file, %2$@ the copy, %3$@ why it failed.
            report(FormatterStrings.fill(
                L("The settings were not saved: the unreadable file %1$@ could not be copied to %2$@ first (%3$@)."),
                path, brokenCopyPath, reason))
            return false
        }
        mustKeepBrokenCopy = false
        return true
    }
}
