import CalendarModel
import Foundation
import GtkKit
import ICalendarReading

/// Undo and Redo: each waits for the saves in flight, then puts back on the save queue what
/// the entry kept.
extension EditingController {
    /// Ctrl+Z, or a toast's Undo: the last change is put back.
    func undo() {
        afterSaves { [weak self] in self?.undoNow() }
    }

    /// Ctrl+Shift+Z: what was last undone is done again.
    func redo() {
        afterSaves { [weak self] in self?.redoNow() }
    }

    private func undoNow() {
        guard let entry = history.popLast() else {
            // TRANSLATORS: a toast when Ctrl+Z has nothing left to undo.
            return feedback.showToast(L("Nothing to undo"))
        }
        reverse(entry) { [weak self] redo in
            guard let self, let redo else { return }
            self.history.pushUndone(redo)
            // TRANSLATORS: a toast after Undo; %@ is what was undone, e.g. "“Dentist” deleted".
            self.feedback.showToast(FormatterStrings.fill(L("Undone: %@"), entry.summary))
        }
    }

    private func redoNow() {
        guard let entry = history.popUndone() else {
            // TRANSLATORS: a toast when Ctrl+Shift+Z has nothing to redo.
            return feedback.showToast(L("Nothing to redo"))
        }
        reverse(entry) { [weak self] undo in
            guard let self, let undo else { return }
            self.history.pushRedone(undo)
            // TRANSLATORS: a toast after Redo; %@ is what was done again, e.g. "“Dentist” deleted".
            self.feedback.showToast(FormatterStrings.fill(L("Redone: %@"), entry.summary))
        }
    }

    /// A calendar was removed from the calendars list: Ctrl+Z brings it back.
    func calendarRemoved(_ removed: UndoHistory.RemovedCalendar, summary: String) {
        // In turn after the saves in flight, whose entries come before it.
        afterSaves { [weak self] in self?.history.push(UndoHistory.Entry(change: .calendarRemoved(removed), summary: summary)) }
        feedback.showToast(summary, undo: { [weak self] in self?.undo() })
    }

    /// Puts back what `entry` kept, then calls `done` with the entry that reverses that again;
    /// nil (and the problem said) when it could not be done.
    private func reverse(_ entry: UndoHistory.Entry, done: @escaping @MainActor (UndoHistory.Entry?) -> Void) {
        switch entry.change {
        case let .plans(steps):
            let now = now()
            saves.run({ files in
                var reversed: [UndoHistory.Step] = []
                for step in steps.reversed() {
                    reversed.append(UndoHistory.Step(calendar: step.calendar, uid: step.uid,
                                                     before: try files.document(of: step.calendar).snapshot(uid: step.uid)))
                    try files.modify(step.calendar) { document in try document.restore(step.before, now: now) }
                }
                return Array(reversed.reversed())
            }, then: { [weak self] result in
                guard let self else { return }
                Set(steps.map(\.calendar)).forEach { self.calendarSaved($0) }
                switch result {
                case let .success(reversed):
                    done(UndoHistory.Entry(change: .plans(reversed), summary: entry.summary))
                case let .failure(error):
                    self.report(error)
                    done(nil)
                }
            })
        case let .calendarRemoved(removed):
            do {
                try calendars.restore(removed)
            } catch {
                report(error)
                return done(nil)
            }
            done(UndoHistory.Entry(change: .calendarRestored(removed), summary: entry.summary))
        case let .calendarRestored(restored):
            guard let removed = calendars.remove(restored.path) else { return done(nil) }
            done(UndoHistory.Entry(change: .calendarRemoved(removed), summary: entry.summary))
        }
    }
}
