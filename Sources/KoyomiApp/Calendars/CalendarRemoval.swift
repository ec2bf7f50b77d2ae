import Accounts
import CalendarModel
import Foundation

/// Removing and restoring whole calendars, for undo and redo (`EditingController`).
@MainActor
protocol CalendarRemoving: AnyObject {
    /// Removes the calendar at `path` as the calendars list does; nil (the problem said) if it could not.
    func remove(_ path: String) -> UndoHistory.RemovedCalendar?
    /// Writes a removed calendar's file back and opens it again.
    func restore(_ removed: UndoHistory.RemovedCalendar) throws
}

/// Removes a calendar: one of the user's own is deleted from their folder (its last version
/// kept in the backups folder) and stops being synced; any other file is only closed. What
/// it removed is enough to put it back. The calendars list removes with it, and editing
/// undoes and redoes with it: made before both, so neither needs the other.
@MainActor
final class CalendarRemoval: CalendarRemoving {
    private let store: CalendarStore
    private let storage: StorageContext
    private unowned let files: any CalendarFileActions
    private let feedback: WindowFeedback
    private let drawPlansNow: @MainActor () -> Void

    init(store: CalendarStore, storage: StorageContext, files: any CalendarFileActions, feedback: WindowFeedback,
         drawPlansNow: @escaping @MainActor () -> Void) {
        self.store = store
        self.storage = storage
        self.files = files
        self.feedback = feedback
        self.drawPlansNow = drawPlansNow
    }

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
        guard removed.wasHidden else { return }
        store.setCalendar(CalendarID(removed.path), visible: false)
        drawPlansNow()
        files.rememberHiddenCalendars()
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

    private func report(_ error: any Error) {
        // TRANSLATORS: %@ says what went wrong with a calendar's file.
        feedback.showProblems([FormatterStrings.fill(L("The calendar could not be changed: %@"), "\(error)")])
    }
}
