import Accounts
import CalendarEditing
import CalendarModel
import Foundation
import GtkKit

/// Turns what the calendars list reports into changes: visibility in the store (remembered
/// in the settings), new calendars in the user's folder, names and colours written into the
/// calendar's own file, removal with a backup kept. The list re-renders from the store.
@MainActor
final class CalendarsController: CalendarsListDelegate, CalendarRemoving {
    private let store: CalendarStore
    private let window: MainWindow
    private let settings: SettingsStore
    private let storage: StorageContext
    private let editing: EditingController
    private unowned let files: any CalendarFileActions
    let popover: CalendarsPopover
    private var observation: StoreObservation?

    init(popover: CalendarsPopover, store: CalendarStore, window: MainWindow, settings: SettingsStore,
         storage: StorageContext, editing: EditingController, files: any CalendarFileActions) {
        self.popover = popover
        self.store = store
        self.window = window
        self.settings = settings
        self.storage = storage
        self.editing = editing
        self.files = files
        popover.delegate = self
        popover.defaultReminders = { [settings] id in settings.settings.defaultReminders[id] ?? [] }
        observation = store.observe { [weak self] change in
            if change.contains(.calendars) { self?.render() }
        }
        render()
    }

    func render() {
        popover.render(store.calendars, hidden: store.hiddenCalendars)
    }

    func calendarsList(_ list: CalendarsPopover, setVisible visible: Bool, for id: CalendarID) {
        store.setCalendar(id, visible: visible)
        window.grid.reloadDecorationsNow()
        files.rememberHiddenCalendars()
    }

    func calendarsList(_ list: CalendarsPopover, create name: String, color: String) {
        guard create(name: name, color: color) != nil else { return }
        // TRANSLATORS: a toast after a new calendar was made; %@ is its name.
        window.showToast(FormatterStrings.fill(L("“%@” created"), name))
    }

    /// Makes a calendar in the user's folder and opens it at once; nil (the problem said)
    /// when it could not be made. Also what an import into a new calendar uses.
    func create(name: String, color: String) -> CalendarID? {
        do {
            let path = try storage.userFolder.createCalendar(name: name, color: color, timeZone: store.calendar.timeZone,
                                                             trust: storage.parseGuard.trust)
            // Trusted as written: it opens at once, without a parsing child.
            files.open(paths: [path], readOnly: false)
            return CalendarLoader.id(for: path)
        } catch {
            report(error)
            return nil
        }
    }

    func calendarsList(_ list: CalendarsPopover, setDefaultReminders minutes: [Int], for id: CalendarID) {
        settings.update { $0.defaultReminders[id] = minutes }
    }

    func calendarsList(_ list: CalendarsPopover, rename id: CalendarID, to name: String) {
        change(id) { document in try document.setCalendarName(name) }
    }

    func calendarsList(_ list: CalendarsPopover, recolor id: CalendarID, to color: String) {
        change(id) { document in try document.setCalendarColor(color) }
    }

    /// One of the user's own calendars is removed (its last version stays in the backups
    /// folder); any other file is only closed, never deleted. Ctrl+Z brings either back.
    func calendarsList(_ list: CalendarsPopover, remove id: CalendarID) {
        let name = store.calendars.first { $0.id == id }?.name ?? id.rawValue
        guard let removed = remove(id.rawValue) else { return }
        // TRANSLATORS: a toast after a calendar was removed; %@ is its name.
        editing.calendarRemoved(removed, summary: FormatterStrings.fill(L("“%@” removed"), name))
    }

    // MARK: CalendarRemoving

    func remove(_ path: String) -> UndoHistory.RemovedCalendar? {
        let id = CalendarID(path)
        var removed = UndoHistory.RemovedCalendar(
            path: path, data: nil, syncedBy: [],
            wasReadOnly: store.calendars.first { $0.id == id }?.isReadOnly ?? false,
            wasHidden: store.hiddenCalendars.contains(id))
        if storage.isUserCalendar(path) {
            do {
                removed.data = try storage.userFolder.removeCalendar(path: path, backups: storage.backups)
                removed.syncedBy = try stopSyncing(fileName: (path as NSString).lastPathComponent)
            } catch {
                report(error)
                return nil
            }
        }
        files.close(id, undoable: true)
        return removed
    }

    func restore(_ removed: UndoHistory.RemovedCalendar) throws {
        if let data = removed.data {
            // Never over a file that is there again (another program, or a new calendar).
            guard !FileManager.default.fileExists(atPath: removed.path) else {
                throw CalendarRestoreError(path: removed.path)
            }
            try storage.writer.write(data, to: removed.path, expecting: nil)
            try resumeSyncing(removed.syncedBy)
        }
        files.openInBackground(paths: [removed.path], readOnly: removed.wasReadOnly)
        if removed.wasHidden { calendarsList(popover, setVisible: false, for: CalendarID(removed.path)) }
    }

    /// A synced calendar removed here stops being synced (it stays on the server): otherwise
    /// the next sync would bring its file back. Returns what each account synced it as.
    private func stopSyncing(fileName: String) throws -> [(accountID: String, calendar: AccountCalendar)] {
        let accounts = storage.accounts
        var stopped: [(accountID: String, calendar: AccountCalendar)] = []
        for var account in try accounts.load() where account.calendars.contains(where: { $0.localFile == fileName }) {
            stopped += account.calendars.filter { $0.localFile == fileName }.map { (account.id, $0) }
            account.calendars.removeAll { $0.localFile == fileName }
            try accounts.update(account)
        }
        return stopped
    }

    /// A calendar brought back is synced again by the accounts that synced it.
    private func resumeSyncing(_ entries: [(accountID: String, calendar: AccountCalendar)]) throws {
        guard !entries.isEmpty else { return }
        let accounts = storage.accounts
        for var account in try accounts.load() {
            let mine = entries.filter { $0.accountID == account.id && !account.calendars.contains($0.calendar) }
            guard !mine.isEmpty else { continue }
            account.calendars += mine.map(\.calendar)
            try accounts.update(account)
        }
    }

    /// Saved on the editing's save queue, after the plan edits before it; read back once saved.
    private func change(_ id: CalendarID, _ body: @escaping @Sendable (inout CalendarDocument) throws -> Void) {
        editing.change(id, body) { [weak self] error in
            guard let self else { return }
            if let error { self.report(error) }
            self.files.reload(id)
        }
    }

    private func report(_ error: any Error) {
        // TRANSLATORS: %@ says what went wrong with a calendar's file.
        window.errors.show([FormatterStrings.fill(L("The calendar could not be changed: %@"), "\(error)")])
    }
}

/// Removing and restoring whole calendars, for undo and redo (`EditingController`).
@MainActor
protocol CalendarRemoving: AnyObject {
    /// Removes the calendar at `path` as the calendars list does; nil (the problem said) if it could not.
    func remove(_ path: String) -> UndoHistory.RemovedCalendar?
    /// Writes a removed calendar's file back and opens it again.
    func restore(_ removed: UndoHistory.RemovedCalendar) throws
}

/// A removed calendar's file is there again: Koyomi does not overwrite it.
struct CalendarRestoreError: Error, CustomStringConvertible {
    var path: String
    var description: String {
        // TRANSLATORS: undoing the removal of a calendar whose file exists again; %@ is the path.
        FormatterStrings.fill(L("%@ exists again, so the removed calendar was not put back over it"), path)
    }
}
