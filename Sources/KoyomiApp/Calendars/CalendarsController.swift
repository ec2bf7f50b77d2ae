import Accounts
import CalendarEditing
import CalendarModel
import Foundation
import GtkKit

/// Turns what the calendars list reports into changes: visibility in the store (remembered
/// in the settings), new calendars in the user's folder, names and colours written into the
/// calendar's own file, removal with a backup kept. The list re-renders from the store.
@MainActor
final class CalendarsController: CalendarsListDelegate {
    private let store: CalendarStore
    private let feedback: WindowFeedback
    private let settings: SettingsStore
    private let storage: StorageContext
    private let editing: EditingController
    private let removal: CalendarRemoving
    /// Draws the shown view's plans at once (a calendar shown or hidden is in the next frame).
    private let drawPlansNow: @MainActor () -> Void
    private unowned let files: any CalendarFileActions
    let popover: CalendarsPopover
    private var observation: StoreObservation?

    init(popover: CalendarsPopover, store: CalendarStore, feedback: WindowFeedback, settings: SettingsStore,
         storage: StorageContext, editing: EditingController, removal: CalendarRemoving, files: any CalendarFileActions,
         drawPlansNow: @escaping @MainActor () -> Void) {
        self.popover = popover
        self.store = store
        self.feedback = feedback
        self.settings = settings
        self.storage = storage
        self.editing = editing
        self.removal = removal
        self.drawPlansNow = drawPlansNow
        self.files = files
        popover.delegate = self
        popover.defaultReminders = { [settings] id in settings.settings.defaultReminders[id] ?? [] }
        observation = store.observe { [weak self] change in
            if change.contains(.calendars) { self?.render() }
        }
        render()
    }

    /// Each GNOME Online Accounts calendar's account, by `PresentationIdentity` (the account's
    /// display name), for the list to show under the calendar's name.
    private func onlineAccountNames() -> [CalendarID: String] {
        var names: [CalendarID: String] = [:]
        let folder = storage.userFolder.folder
        for account in (try? storage.accounts.load()) ?? [] where account.onlineAccount != nil {
            for calendar in account.calendars {
                names[CalendarID(folder.appendingPathComponent(calendar.localFile).path)] = account.displayName
            }
        }
        return names
    }

    func render() {
        popover.render(store.calendars, hidden: store.hiddenCalendars, accounts: onlineAccountNames())
    }

    func calendarsList(_ list: CalendarsPopover, setVisible visible: Bool, for id: CalendarID) {
        store.setCalendar(id, visible: visible)
        drawPlansNow()
        files.rememberHiddenCalendars()
    }

    func calendarsList(_ list: CalendarsPopover, create name: String, color: String) {
        guard create(name: name, color: color) != nil else { return }
        // TRANSLATORS: a toast after a new calendar was made; %@ is its name.
        feedback.showToast(FormatterStrings.fill(L("“%@” created"), name))
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
        guard let removed = removal.remove(id.rawValue) else { return }
        // TRANSLATORS: a toast after a calendar was removed; %@ is its name.
        editing.calendarRemoved(removed, summary: FormatterStrings.fill(L("“%@” removed"), name))
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
        feedback.showProblems([FormatterStrings.fill(L("The calendar could not be changed: %@"), "\(error)")])
    }
}


/// A removed calendar's file is there again: Koyomi does not overwrite it.
struct CalendarRestoreError: Error, CustomStringConvertible {
    var path: String
    var description: String {
        // TRANSLATORS: undoing the removal of a calendar whose file exists again; %@ is the path.
        FormatterStrings.fill(L("%@ exists again, so the removed calendar was not put back over it"), path)
    }
}
