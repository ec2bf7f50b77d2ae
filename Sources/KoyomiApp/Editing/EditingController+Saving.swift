import CalendarEditing
import CalendarModel
import Foundation
import GtkKit
import ICalendarReading

/// Saving on the `SaveQueue`, and the order user actions take while saves are in flight.
extension EditingController {
    /// Runs one user action against the files on the save queue, and once it is saved
    /// remembers how to undo it, has the touched calendars read back into the store, shows a
    /// toast with Undo, and calls `saved` with what `change` returned. A failure changes
    /// nothing that was not saved, and says why (`saved` is not called).
    ///
    /// The snapshots for Undo are taken on the queue just before `change`, so they are the
    /// plans as the save before this one left them. An action asked for while an Undo or Redo
    /// waits (`afterSaves`) waits behind it, so what the user does lands in the order they did
    /// it; `inTurn`: false when the caller already had its turn (a move, after its read).
    func perform<T: Sendable>(_ summary: String, touching plans: [(calendar: CalendarID, uid: String)],
                              toast: Bool = true, inTurn waits: Bool = true,
                              _ change: @escaping @Sendable (EditableFiles) throws -> T,
                              then saved: (@MainActor (T) -> Void)? = nil) {
        guard !waits || waiting.isEmpty else {
            return waiting.append { [weak self] in
                self?.perform(summary, touching: plans, toast: toast, inTurn: false, change, then: saved)
            }
        }
        let touched = plans.map { Touched(calendar: $0.calendar, uid: $0.uid) }
        saves.run({ files in
            let steps = try touched.map { plan in
                UndoHistory.Step(calendar: plan.calendar, uid: plan.uid,
                                 before: try files.document(of: plan.calendar).snapshot(uid: plan.uid))
            }
            return Saved(steps: steps, value: try change(files))
        }, then: { [weak self] result in
            guard let self else { return }
            let calendars = Set(touched.map(\.calendar))
            switch result {
            case let .success(done):
                self.history.push(UndoHistory.Entry(change: .plans(done.steps), summary: summary))
                calendars.forEach { self.calendarSaved($0) }
                if toast { self.feedback.showToast(summary, undo: { [weak self] in self?.undo() }) }
                saved?(done.value)
            case let .failure(error):
                self.report(error)
                // What is on disk may still differ from what is shown (another program's change).
                calendars.forEach { self.calendarSaved($0) }
            }
        })
    }

    /// Changes a calendar's file without Undo (its name or colour, a reminder's answer), on the
    /// save queue after the saves before it; `done` runs on the main thread with the error, if any.
    func change(_ calendar: CalendarID, _ body: @escaping @Sendable (inout CalendarDocument) throws -> Void,
                done: @escaping @MainActor ((any Error)?) -> Void) {
        saves.run({ files in try files.modify(calendar, body) }, then: { result in
            if case let .failure(error) = result { done(error) } else { done(nil) }
        })
    }

    /// Floating times are read in the user's zone: documents are read again in the new one.
    func setTimeZone(_ zone: TimeZone) {
        saves.run({ files in files.setTimeZone(zone) }, then: { _ in })
    }

    /// A calendar was closed or removed: nothing can be saved into it or restored there,
    /// unless the removal itself can be undone first (`keepingHistory`: its entry stands
    /// above the calendar's older ones, so they are reached only once it is back).
    func forget(_ calendar: CalendarID, keepingHistory: Bool = false) {
        // After the saves in flight: their entries are pushed first, then dropped with the rest.
        saves.run({ files in files.forget(calendar) }, then: { [weak self] _ in
            if !keepingHistory { self?.history.forget(calendar) }
        })
    }

    // MARK: Order

    /// Whether a save, a read for the editor or a waiting Undo has not finished yet.
    var isSaving: Bool { saves.isBusy || !waiting.isEmpty }

    /// Runs `body` on the main thread once every save asked for so far is done and its
    /// completion (history, toast, `calendarSaved`) has run: now, when none is in flight.
    func whenSaved(_ body: @escaping @MainActor () -> Void) {
        saves.whenIdle(body)
    }

    /// Runs `action` once the saves in flight are done and the actions before it ran: Undo
    /// and Redo read the history, which holds an action only once it is saved, so Ctrl+Z
    /// right after an edit undoes that edit, and Ctrl+Z held down undoes one action per press.
    func afterSaves(_ action: @escaping @MainActor () -> Void) {
        if waiting.isEmpty, !saves.isBusy { action() } else { waiting.append(action) }
    }

    /// The save queue went idle: waiting actions run, up to the first that saves again.
    func runWaiting() {
        while !saves.isBusy, !waiting.isEmpty {
            waiting.removeFirst()()
        }
    }

    func report(_ error: any Error) {
        // TRANSLATORS: shown when a change could not be saved; %@ says why.
        let message = FormatterStrings.fill(L("Could not save: %@"), "\(error)")
        feedback.showProblems([message])
        FileHandle.standardError.write(Data("koyomi: \(message)\n".utf8))
    }
}

/// A plan an action touches, as the save queue sees it.
private struct Touched: Sendable {
    let calendar: CalendarID
    let uid: String
}

/// What a saved action hands back: the plans as they were (for Undo) and the action's result.
private struct Saved<Value: Sendable>: Sendable {
    let steps: [UndoHistory.Step]
    let value: Value
}
