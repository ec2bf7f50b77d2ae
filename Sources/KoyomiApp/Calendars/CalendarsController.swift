import Accounts
import CalendarModel
import Foundation
import GtkKit
import ICalendar

/// Turns what the calendars list reports into changes: visibility in the store (remembered
/// in the settings), new calendars in the user's folder, names and colours written into the
/// calendar's own file, removal with a backup kept. The list re-renders from the store.
@MainActor
final class CalendarsController: CalendarsListDelegate {
    private unowned let owner: WindowController
    let popover: CalendarsPopover
    private var observation: StoreObservation?

    init(owner: WindowController, popover: CalendarsPopover) {
        self.owner = owner
        self.popover = popover
        popover.delegate = self
        observation = owner.store.observe { [weak self] change in
            if change.contains(.calendars) { self?.render() }
        }
        render()
    }

    func render() {
        popover.render(owner.store.calendars, hidden: owner.store.hiddenCalendars)
    }

    func calendarsList(_ list: CalendarsPopover, setVisible visible: Bool, for id: CalendarID) {
        owner.store.setCalendar(id, visible: visible)
        owner.mainWindow.grid.reloadDecorationsNow()
        owner.rememberHiddenCalendars()
    }

    func calendarsList(_ list: CalendarsPopover, create name: String, color: String) {
        do {
            let path = try owner.storage.userFolder.createCalendar(name: name, color: color,
                                                                   timeZone: owner.store.calendar.timeZone)
            owner.open(paths: [path])
        } catch {
            report(error)
        }
    }

    func calendarsList(_ list: CalendarsPopover, rename id: CalendarID, to name: String) {
        change(id) { document in try document.setCalendarName(name) }
    }

    func calendarsList(_ list: CalendarsPopover, recolor id: CalendarID, to color: String) {
        change(id) { document in try document.setCalendarColor(color) }
    }

    /// One of the user's own calendars is removed (its last version stays in the backups
    /// folder); any other file is only closed, never deleted.
    func calendarsList(_ list: CalendarsPopover, remove id: CalendarID) {
        let path = id.rawValue
        if owner.storage.isUserCalendar(path) {
            do {
                try owner.storage.userFolder.removeCalendar(path: path, backups: owner.storage.backups)
                try stopSyncing(fileName: (path as NSString).lastPathComponent)
            } catch {
                return report(error)
            }
        }
        owner.close(id)
    }

    /// A synced calendar removed here stops being synced (it stays on the server): otherwise
    /// the next sync would bring its file back.
    private func stopSyncing(fileName: String) throws {
        let store = owner.storage.accounts
        for var account in try store.load() where account.calendars.contains(where: { $0.localFile == fileName }) {
            account.calendars.removeAll { $0.localFile == fileName }
            try store.update(account)
        }
    }

    private func change(_ id: CalendarID, _ body: (inout CalendarDocument) throws -> Void) {
        do {
            try owner.editing.files.modify(id, body)
        } catch {
            report(error)
        }
        owner.reload(id)
    }

    private func report(_ error: any Error) {
        // TRANSLATORS: %@ says what went wrong with a calendar's file.
        owner.mainWindow.errors.show([FormatterStrings.fill(L("The calendar could not be changed: %@"), "\(error)")])
    }
}
