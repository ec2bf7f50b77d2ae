import CalendarModel
import Foundation
import GtkKit

/// Files that `koyomi FILE.ics` added to the open window, from outside the calendars folder,
/// are kept: they open again at every start (`Settings.keptFiles`) until the user closes them
/// in the calendars list. Only while the window shows the user's own calendars; a window
/// started on named files or the samples remembers nothing.
extension WindowController {
    /// Remembers the opened `files` that are not in the calendars folder.
    func keep(_ files: [String]) {
        let outside = files.filter { !storage.isUserCalendar($0) }.map { CalendarID($0) }
        guard !outside.isEmpty else { return }
        settings.update { $0.keptFiles.formUnion(outside) }
    }

    /// Forgets `id` (the user closed it).
    func stopKeeping(_ id: CalendarID) {
        guard settings.settings.keptFiles.contains(id) else { return }
        settings.update { $0.keptFiles.remove(id) }
    }

    /// The kept files to open at start. One that is gone is forgotten, and the returned
    /// problems say so (a file that is there but unreadable stays kept: its error is shown
    /// when it is opened, like any calendar's).
    func keptFilesToOpen() -> (paths: [String], problems: [String]) {
        let kept = settings.settings.keptFiles.map(\.rawValue).sorted()
        let gone = kept.filter { !FileManager.default.fileExists(atPath: $0) }
        if !gone.isEmpty { settings.update { $0.keptFiles.subtract(gone.map { CalendarID($0) }) } }
        // TRANSLATORS: at start, about a file another launch had added to the window; %@ is its path.
        let problems = gone.map { FormatterStrings.fill(L("%@ is no longer there; Koyomi stopped opening it"), $0) }
        return (kept.filter { !gone.contains($0) }, problems)
    }
}
