import CalendarModel
import Foundation
import GtkKit

/// Reminders: notifications for the open calendars, and what their buttons write back.
extension WindowController {
    /// Sets up reminders through `notifier` (the application; a test's recorder); they are
    /// worked out from now on and shown once `reminders.start()` is called.
    func startReminders(notifier: ReminderNotifying, stateFile: ReminderStateFile?) {
        guard reminders == nil else { return }
        let dependencies = ReminderController.Dependencies(
            store: store, notifier: notifier, now: now,
            formatter: { [unowned self] in self.coordinator.formatter },
            snoozeMinutes: { [unowned self] in self.settings.settings.snoozeMinutes },
            write: { [weak self] answer, reminder in self?.write(answer, for: reminder) },
            open: { [weak self] plan in self?.showPlan(plan) },
            report: { [weak self] problems in self?.report(problems) },
            stateFile: stateFile)
        let controller = ReminderController(dependencies)
        reminders = controller
    }

    /// Presents the window on the plan's day with the plan's row focused.
    func showPlan(_ plan: Plan) {
        present()
        store.show(plan.days(in: store.calendar).lowerBound)
        mainWindow.planList.focusRow(of: plan.id)
    }

    /// Dismissed or snoozed: written into the plan's calendar, so other clients (and devices,
    /// through sync) know; a read-only calendar keeps it in Koyomi's own list only.
    private func write(_ answer: ReminderController.Answer, for reminder: Reminder) {
        let id = reminder.plan.calendarID
        guard store.calendars.first(where: { $0.id == id }).map({ !$0.isReadOnly }) ?? false else { return }
        let plan = reminder.plan
        let at = now()
        let start = plan.id.occurrence == nil ? nil : plan.interval(in: store.calendar).start
        editing.change(id, { document in
            switch answer {
            case .dismissed: try document.acknowledgeReminders(of: plan.id, at: at)
            case let .snoozed(until): try document.snoozeReminders(of: plan.id, until: until, at: at, occurrenceStart: start)
            }
        }, done: { [weak self] error in
            guard let self else { return }
            if let error {
                // TRANSLATORS: %@ says why a reminder's dismissal or snooze could not be written to its calendar.
                self.report([FormatterStrings.fill(L("Could not save the reminder's answer: %@"), "\(error)")])
            }
            self.reload(id)
        })
    }

    private func report(_ problems: [String]) {
        mainWindow.errors.show(problems)
        problems.forEach { FileHandle.standardError.write(Data("koyomi: \($0)\n".utf8)) }
    }
}
