import CalendarModel
import Foundation
import ICalendarReading

/// A calendar made for one action (an import into a new calendar): the action and the
/// calendar are undone as one step.
extension EditingController {
    /// Runs `change` against `calendar`, just made and opened, on the save queue in its turn.
    /// Once saved, the calendar is read back and Undo removes it with what `change` put in
    /// (its file goes, a copy kept in the backups folder, as the calendars list removes one);
    /// Redo brings both back. A failure says why and takes the calendar away again, so no
    /// empty calendar is left behind (`saved` is not called).
    func fill<T: Sendable>(newCalendar calendar: CalendarID, summary: String,
                           _ change: @escaping @Sendable (EditableFiles) throws -> T,
                           then saved: @escaping @MainActor (T) -> Void) {
        guard waiting.isEmpty else {
            return waiting.append { [weak self] in
                self?.fill(newCalendar: calendar, summary: summary, change, then: saved)
            }
        }
        saves.run(change, then: { [weak self] result in
            guard let self else { return }
            self.calendarSaved(calendar)
            switch result {
            case let .success(value):
                // Undoing a restored calendar removes it (`reverse`), and redoing brings it back.
                let made = UndoHistory.RemovedCalendar(path: calendar.rawValue, data: nil, syncedBy: [],
                                                       wasReadOnly: false, wasHidden: false)
                self.history.push(UndoHistory.Entry(change: .calendarRestored(made), summary: summary))
                saved(value)
            case let .failure(error):
                self.report(error)
                _ = self.calendars.remove(calendar.rawValue)
            }
        })
    }
}
