import CalendarModel
import Foundation
import GtkKit
import ICalendar

/// New, edit, delete and undo: opens the editor, asks "only this one or all of them" for
/// repeating plans, saves through `EditableFiles`, reads the changed calendar back into the
/// store (grid, dots and list follow from there) and offers Undo in a toast and on Ctrl+Z.
@MainActor
final class EditingController {
    private let store: CalendarStore
    private let window: MainWindow
    private let colors: ColorClasses
    private let settings: SettingsStore
    let files: EditableFiles
    private(set) var history = UndoHistory()
    /// The editor or question open now, kept alive while it is on screen.
    private(set) var editor: PlanEditorDialog?
    private(set) var question: MessageDialog?
    private let now: () -> Date
    /// Removes and restores whole calendars when a removal is undone or redone.
    weak var calendars: CalendarRemoving?
    /// A calendar's file was saved: the window reads it back into the store.
    var onCalendarSaved: ((CalendarID) -> Void)?

    init(store: CalendarStore, window: MainWindow, colors: ColorClasses, settings: SettingsStore, storage: StorageContext,
         now: @escaping () -> Date) {
        self.store = store
        self.window = window
        self.colors = colors
        self.settings = settings
        self.now = now
        files = EditableFiles(writer: storage.writer, trust: storage.parseGuard.trust, timeZone: store.calendar.timeZone)
    }

    /// Calendars a plan can be saved to, in the order they were opened.
    var writableCalendars: [CalendarInfo] { store.calendars.filter { !$0.isReadOnly } }

    // MARK: New and edit

    /// Ctrl+N (and quick add's "More Options…" with nothing typed): a new plan on the selected day (else today).
    func newPlan() {
        guard let target = writableCalendars.first(where: { !store.hiddenCalendars.contains($0.id) })
                ?? writableCalendars.first else {
            // TRANSLATORS: shown when every open calendar is read-only (e.g. the samples).
            return window.showToast(L("No calendar here can take new plans: open or create one of your own"))
        }
        var form = PlanForm(newOn: store.selection ?? store.today, now: now(), calendar: store.calendar,
                            calendarID: target.id)
        form.reminders = defaultReminders(target.id)
        openEditor(form: form, entry: nil)
    }

    /// A double click on free time in the week view: a new one-hour plan starting at `start`.
    func newPlan(at start: Date) {
        guard let target = writableCalendars.first(where: { !store.hiddenCalendars.contains($0.id) })
                ?? writableCalendars.first else {
            return window.showToast(L("No calendar here can take new plans: open or create one of your own"))
        }
        let day = CalendarDay(start, in: store.calendar)
        var form = PlanForm(newOn: day, now: now(), calendar: store.calendar, calendarID: target.id)
            .with(.timed(start: start, end: start.addingTimeInterval(3_600)), calendar: store.calendar)
        form.reminders = defaultReminders(target.id)
        openEditor(form: form, entry: nil)
    }

    /// A plan dragged (or moved with the keyboard) in the week view: saved as an edit of its
    /// dates and times, so a repeating plan asks "only this one or all of them" and Undo works.
    func retime(_ entry: PlanOnDay, to timing: PlanTiming) {
        let original = form(for: entry)
        saveEdit(of: entry, from: original, to: original.with(timing, calendar: store.calendar))
    }

    /// Enter or a click on a plan of a writable calendar.
    func edit(_ entry: PlanOnDay) {
        openEditor(form: form(for: entry), entry: entry)
    }

    /// The editor's fields for `entry` as stored (its repeat rule, zone and reminders read from its file).
    private func form(for entry: PlanOnDay) -> PlanForm {
        let uid = entry.plan.id.uid
        let document = try? files.document(of: entry.plan.calendarID)
        let rule = document?.repeatRule(uid: uid)
        let isRepeating = document?.isRepeating(uid: uid) ?? (entry.plan.id.occurrence != nil)
        let known = rule.flatMap(PlanForm.Repeat.init(rule:))
        var shown = known ?? .none
        if case let .weekly(days) = shown, days.isEmpty {
            // A weekly rule without BYDAY repeats on its first day's weekday.
            shown = .weekly([entry.plan.days(in: store.calendar).lowerBound.weekday])
        }
        // A rule the editor cannot show (every 2 weeks, the last Friday…) is kept as written.
        var form = PlanForm(plan: entry.plan, repeat: shown, repeatEnd: rule.map { PlanForm.RepeatEnd($0.end) } ?? .never,
                            repeatIsEditable: !isRepeating || known != nil,
                            zone: document?.timeZone(uid: uid), calendar: store.calendar)
        form.reminders = document?.reminderMinutes(uid: uid) ?? []
        return form
    }

    private func openEditor(form: PlanForm, entry: PlanOnDay?) {
        editor?.close()
        let dialog = PlanEditorDialog(parent: window.window, form: form, calendars: writableCalendars,
                                      isNew: entry == nil, userZone: store.calendar.timeZone,
                                      firstWeekday: store.firstWeekday, calendar: store.calendar, colors: colors)
        dialog.onSave = { [weak self] edited in
            guard let self else { return }
            if let entry { self.saveEdit(of: entry, from: form, to: edited) } else { self.add(edited) }
        }
        // A new plan follows the chosen calendar's default reminders until the user changes them.
        if entry == nil { dialog.defaultReminders = { [weak self] id in self?.defaultReminders(id) ?? [] } }
        dialog.onDelete = { [weak self] in
            if let entry { self?.delete(entry) }
        }
        dialog.onClosed = { [weak self, weak dialog] in
            if let self, self.editor === dialog { self.editor = nil }
        }
        editor = dialog
        dialog.present()
    }

    func defaultReminders(_ id: CalendarID) -> [Int] {
        settings.settings.defaultReminders[id] ?? []
    }

    private func add(_ form: PlanForm) {
        guard let draft = form.draft(calendar: store.calendar) else { return }
        add(draft, to: form.calendarID)
    }

    /// Saves a new plan (the editor's, or quick add's) with Undo, and shows its first day.
    func add(_ draft: PlanDraft, to calendarID: CalendarID) {
        let uid = UUID().uuidString.lowercased() + "@koyomi"
        // TRANSLATORS: a toast after a new plan was saved; %@ is its title.
        let summary = FormatterStrings.fill(L("“%@” added"), draft.title)
        perform(summary, touching: [(calendarID, uid)]) { files in
            try files.modify(calendarID) { document in _ = try document.addEvent(draft, now: self.now(), uid: uid) }
        }
        store.show(draft.timing.days(in: store.calendar).lowerBound)
    }

    /// The full editor for a new plan, starting from `form` (quick add's "More Options…").
    func newPlan(from form: PlanForm) {
        openEditor(form: form, entry: nil)
    }

    private func saveEdit(of entry: PlanOnDay, from original: PlanForm, to edited: PlanForm) {
        let plan = entry.plan
        let changes = edited.changes(from: original, calendar: store.calendar)
        let moves = edited.calendarID != plan.calendarID
        guard !changes.isEmpty || moves else { return }
        // TRANSLATORS: a toast after a plan was changed; %@ is its title.
        let summary = FormatterStrings.fill(L("“%@” changed"), edited.title)
        let repeatChanged = changes.contains { if case .repeatRule = $0 { true } else { false } }
        if plan.id.occurrence != nil, !repeatChanged, !moves {
            // One occurrence of a series: the user says which plans the change is for.
            return askScope(heading: L("Change a repeating plan"),
                            body: FormatterStrings.fill(L("“%@” repeats. Change only this occurrence, or all of them?"),
                                                        plan.title),
                            destructive: false) { [weak self] onlyThis in
                guard let self else { return }
                self.perform(summary, touching: [(plan.calendarID, plan.id.uid)]) { files in
                    try files.modify(plan.calendarID) { document in
                        if onlyThis {
                            try document.updateOccurrence(plan.id, changes, now: self.now())
                        } else {
                            try document.updateEvent(uid: plan.id.uid, self.seriesChanges(changes, occurrence: plan,
                                                                                           document: document), now: self.now())
                        }
                    }
                }
            }
        }
        let series = plan.id.occurrence != nil
        perform(summary, touching: [(plan.calendarID, plan.id.uid)] + (moves ? [(edited.calendarID, plan.id.uid)] : [])) { files in
            if moves {
                // The plan's own text travels whole (alarms, attendees, X- properties), then changes.
                let source = try files.document(of: plan.calendarID)
                let snapshot = source.snapshot(uid: plan.id.uid)
                try files.modify(edited.calendarID) { document in
                    try document.restore(snapshot, now: self.now())
                    document.copyTimeZones(of: plan.id.uid, from: source)
                    let applied = series ? try self.seriesChanges(changes, occurrence: plan, document: document) : changes
                    if !applied.isEmpty { try document.updateEvent(uid: plan.id.uid, applied, now: self.now()) }
                }
                try files.modify(plan.calendarID) { document in try document.deleteEvent(uid: plan.id.uid) }
            } else {
                try files.modify(plan.calendarID) { document in
                    let applied = series ? try self.seriesChanges(changes, occurrence: plan, document: document) : changes
                    try document.updateEvent(uid: plan.id.uid, applied, now: self.now())
                }
            }
        }
    }

    /// "All of them" after moving one occurrence: the series moves by as much.
    private func seriesChanges(_ changes: [PlanChange], occurrence plan: Plan,
                               document: CalendarDocument) throws -> [PlanChange] {
        try changes.map { change in
            guard case let .timing(timing, zone) = change else { return change }
            guard let series = document.seriesTiming(uid: plan.id.uid) else {
                throw ICalendarError(path: plan.calendarID.rawValue, problem: "has no readable start for “\(plan.title)”")
            }
            return .timing(SeriesTiming.moved(series, occurrence: plan.timing, to: timing, calendar: store.calendar),
                           timeZone: zone)
        }
    }

    // MARK: Delete

    /// The Delete key on a row, or the editor's Delete button.
    func delete(_ entry: PlanOnDay) {
        editor?.close()
        let plan = entry.plan
        // TRANSLATORS: a toast after a plan was deleted; %@ is its title.
        let summary = FormatterStrings.fill(L("“%@” deleted"), plan.title)
        guard plan.id.occurrence != nil else {
            return perform(summary, touching: [(plan.calendarID, plan.id.uid)]) { files in
                try files.modify(plan.calendarID) { document in try document.deleteEvent(uid: plan.id.uid) }
            }
        }
        askScope(heading: L("Delete a repeating plan"),
                 body: FormatterStrings.fill(L("“%@” repeats. Delete only this occurrence, or all of them?"), plan.title),
                 destructive: true) { [weak self] onlyThis in
            guard let self else { return }
            self.perform(summary, touching: [(plan.calendarID, plan.id.uid)]) { files in
                try files.modify(plan.calendarID) { document in
                    if onlyThis {
                        try document.deleteOccurrence(plan.id, now: self.now())
                    } else {
                        try document.deleteEvent(uid: plan.id.uid)
                    }
                }
            }
        }
    }

    /// Asks "only this one or all of them"; `answer(true)` means only this one. Cancel does nothing.
    private func askScope(heading: String, body: String, destructive: Bool, answer: @escaping @MainActor (Bool) -> Void) {
        let dialog = MessageDialog(parent: window.window, heading: heading, body: body)
        dialog.addResponse("cancel", label: L("_Cancel"), isDefault: true)
        // TRANSLATORS: answers to "change/delete only this occurrence, or all of them?"
        dialog.addResponse("this", label: L("_Only This One"))
        dialog.addResponse("all", label: L("_All of Them"))
        dialog.setAppearance(destructive ? .destructive : .suggested, forResponse: "this")
        dialog.setAppearance(destructive ? .destructive : .suggested, forResponse: "all")
        dialog.onResponse { [weak self] response in
            self?.question = nil
            if response == "this" || response == "all" { answer(response == "this") }
        }
        question = dialog
        dialog.present()
    }

    /// A calendar was closed or removed: nothing can be saved into it or restored there,
    /// unless the removal itself can be undone first (`keepingHistory`: its entry stands
    /// above the calendar's older ones, so they are reached only once it is back).
    func forget(_ calendar: CalendarID, keepingHistory: Bool = false) {
        files.forget(calendar)
        if !keepingHistory { history.forget(calendar) }
    }

    // MARK: Undo

    /// Ctrl+Z, or a toast's Undo: the last change is put back.
    func undo() {
        guard let entry = history.popLast() else {
            // TRANSLATORS: a toast when Ctrl+Z has nothing left to undo.
            return window.showToast(L("Nothing to undo"))
        }
        guard let redo = reverse(entry) else { return }
        history.pushUndone(redo)
        // TRANSLATORS: a toast after Undo; %@ is what was undone, e.g. "“Dentist” deleted".
        window.showToast(FormatterStrings.fill(L("Undone: %@"), entry.summary))
    }

    /// Ctrl+Shift+Z: what was last undone is done again.
    func redo() {
        guard let entry = history.popUndone() else {
            // TRANSLATORS: a toast when Ctrl+Shift+Z has nothing to redo.
            return window.showToast(L("Nothing to redo"))
        }
        guard let undo = reverse(entry) else { return }
        history.pushRedone(undo)
        // TRANSLATORS: a toast after Redo; %@ is what was done again, e.g. "“Dentist” deleted".
        window.showToast(FormatterStrings.fill(L("Redone: %@"), entry.summary))
    }

    /// A calendar was removed from the calendars list: Ctrl+Z brings it back.
    func calendarRemoved(_ removed: UndoHistory.RemovedCalendar, summary: String) {
        history.push(UndoHistory.Entry(change: .calendarRemoved(removed), summary: summary))
        window.showToast(summary, undo: { [weak self] in self?.undo() })
    }

    /// Puts back what `entry` kept, and returns the entry that reverses that again; nil (and
    /// the problem said) when it could not be done.
    private func reverse(_ entry: UndoHistory.Entry) -> UndoHistory.Entry? {
        switch entry.change {
        case let .plans(steps):
            var now: [UndoHistory.Step] = []
            defer { Set(steps.map(\.calendar)).forEach { onCalendarSaved?($0) } }
            do {
                for step in steps.reversed() {
                    now.append(UndoHistory.Step(calendar: step.calendar, uid: step.uid,
                                                before: try files.document(of: step.calendar).snapshot(uid: step.uid)))
                    try files.modify(step.calendar) { document in try document.restore(step.before, now: self.now()) }
                }
            } catch {
                report(error)
                return nil
            }
            return UndoHistory.Entry(change: .plans(now.reversed()), summary: entry.summary)
        case let .calendarRemoved(removed):
            guard let calendars else { return nil }
            do {
                try calendars.restore(removed)
            } catch {
                report(error)
                return nil
            }
            return UndoHistory.Entry(change: .calendarRestored(removed), summary: entry.summary)
        case let .calendarRestored(restored):
            guard let calendars, let removed = calendars.remove(restored.path) else { return nil }
            return UndoHistory.Entry(change: .calendarRemoved(removed), summary: entry.summary)
        }
    }

    // MARK: Saving

    /// Runs one user action against the files, remembers how to undo it, reads the touched
    /// calendars back into the store and shows a toast with Undo. A failure changes nothing
    /// that was not saved, and says why.
    func perform(_ summary: String, touching plans: [(calendar: CalendarID, uid: String)], toast: Bool = true,
                 _ change: (EditableFiles) throws -> Void) {
        var steps: [UndoHistory.Step] = []
        do {
            for (calendar, uid) in plans {
                steps.append(UndoHistory.Step(calendar: calendar, uid: uid,
                                              before: try files.document(of: calendar).snapshot(uid: uid)))
            }
            try change(files)
        } catch {
            report(error)
            Set(plans.map(\.calendar)).forEach { onCalendarSaved?($0) }
            return
        }
        history.push(UndoHistory.Entry(change: .plans(steps), summary: summary))
        Set(plans.map(\.calendar)).forEach { onCalendarSaved?($0) }
        if toast { window.showToast(summary, undo: { [weak self] in self?.undo() }) }
    }

    private func report(_ error: any Error) {
        // TRANSLATORS: shown when a change could not be saved; %@ says why.
        let message = FormatterStrings.fill(L("Could not save: %@"), "\(error)")
        window.errors.show([message])
        FileHandle.standardError.write(Data("koyomi: \(message)\n".utf8))
    }
}
