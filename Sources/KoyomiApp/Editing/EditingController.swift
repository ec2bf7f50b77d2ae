import CalendarEditing
import CalendarModel
import Foundation
import GtkKit
import ICalendarReading

/// New, edit, delete and undo: opens the editor, asks "only this one, this and the following
/// ones, or all of them" for repeating plans, saves through `EditableFiles` on the `SaveQueue`
/// (never on the main thread), has the changed calendar read back into the store once saved
/// (grid, dots and list follow from there) and offers Undo in a toast and on Ctrl+Z.
@MainActor
final class EditingController {
    let store: CalendarStore
    let feedback: WindowFeedback
    private let colors: ColorClasses
    private let settings: SettingsStore
    /// Owns the calendar files; every read and save of them runs there, in order.
    let saves: SaveQueue
    var history = UndoHistory()
    /// Undo, Redo and moves waiting for the saves in flight, and what the user did after them,
    /// in order (`afterSaves`, in EditingController+Saving).
    var waiting: [@MainActor () -> Void] = []
    /// The editor or question open now, kept alive while it is on screen.
    private(set) var editor: PlanEditorDialog?
    private(set) var question: MessageDialog?
    let now: () -> Date
    /// Removes and restores whole calendars when a removal is undone or redone.
    let calendars: CalendarRemoving
    /// A saved calendar's file is read back into the store through these.
    private unowned let files: any CalendarFileActions

    init(store: CalendarStore, feedback: WindowFeedback, colors: ColorClasses, settings: SettingsStore, storage: StorageContext,
         calendars: CalendarRemoving, files: any CalendarFileActions, now: @escaping () -> Date) {
        self.store = store
        self.feedback = feedback
        self.calendars = calendars
        self.files = files
        self.colors = colors
        self.settings = settings
        self.now = now
        saves = SaveQueue(files: EditableFiles(writer: storage.writer, trust: storage.parseGuard.trust,
                                               timeZone: store.calendar.timeZone))
        saves.onIdle = { [unowned self] in self.runWaiting() }
    }

    /// Calendars a plan can be saved to, in the order they were opened.
    var writableCalendars: [CalendarInfo] { store.calendars.filter { !$0.isReadOnly } }

    /// A calendar's file was saved: it is read back into the store (views and list follow).
    func calendarSaved(_ id: CalendarID) {
        files.reload(id)
    }

    // MARK: New and edit

    /// Ctrl+N (and quick add's "More Options…" with nothing typed): a new plan on the selected day (else today).
    func newPlan() {
        guard let target = writableCalendars.first(where: { !store.hiddenCalendars.contains($0.id) })
                ?? writableCalendars.first else {
            // TRANSLATORS: shown when every open calendar is read-only (e.g. the samples).
            return feedback.showToast(L("No calendar here can take new plans: open or create one of your own"))
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
            return feedback.showToast(L("No calendar here can take new plans: open or create one of your own"))
        }
        let day = CalendarDay(start, in: store.calendar)
        var form = PlanForm(newOn: day, now: now(), calendar: store.calendar, calendarID: target.id)
            .with(.timed(start: start, end: start.addingTimeInterval(3_600)), calendar: store.calendar)
        form.reminders = defaultReminders(target.id)
        openEditor(form: form, entry: nil)
    }

    /// A plan dragged (or moved with the keyboard) in the week view: saved as an edit of its
    /// dates and times, so a repeating plan asks "only this one or all of them" and Undo works.
    ///
    /// The view moves the plan as it shows it; when the file holds another time for it (a
    /// move before this one is saved but not yet read back, e.g. Ctrl+Down pressed twice
    /// quickly), this move starts from the file's time instead, by as much, so moves add up.
    /// So it waits for the saves in flight: the time it reads is the last one saved.
    func retime(_ entry: PlanOnDay, to timing: PlanTiming) {
        afterSaves {
            let id = entry.plan.calendarID, uid = entry.plan.id.uid, single = entry.plan.id.occurrence == nil
            self.read({ files in
                let document = try files.document(of: id)
                return (document, single ? document.seriesTiming(uid: uid) : nil)
            }, then: { [weak self] read in
                guard let self else { return }
                var entry = entry, timing = timing
                if let stored = read?.1, stored != entry.plan.timing,
                   let moved = timing.moved(from: entry.plan.timing, onto: stored) {
                    (entry.plan.timing, timing) = (stored, moved)
                }
                let original = self.form(for: entry, document: read?.0)
                // Already in its turn: an Undo pressed since waits for this move, as the user ordered.
                self.saveEdit(of: entry, from: original, to: original.with(timing, calendar: self.store.calendar),
                              inTurn: false)
            })
        }
    }

    /// Enter or a click on a plan of a writable calendar: the editor opens once its file is read.
    func edit(_ entry: PlanOnDay) {
        let id = entry.plan.calendarID
        read({ files in try files.document(of: id) }, then: { [weak self] document in
            guard let self else { return }
            self.openEditor(form: self.form(for: entry, document: document), entry: entry)
        })
    }

    /// Reads from the files on the save queue, after any save in flight, so what is read is
    /// what was saved last; `use` gets it (nil if the file could not be read) on the main thread.
    private func read<T: Sendable>(_ work: @escaping @Sendable (EditableFiles) throws -> T,
                                   then use: @escaping @MainActor (T?) -> Void) {
        saves.run(work, then: { result in use(try? result.get()) })
    }

    /// The editor's fields for `entry` as stored (its repeat rule, zone and reminders read from `document`).
    private func form(for entry: PlanOnDay, document: CalendarDocument?) -> PlanForm {
        let uid = entry.plan.id.uid
        let rule = document?.repeatRule(uid: uid)
        let isRepeating = document?.isRepeating(uid: uid) ?? (entry.plan.id.occurrence != nil)
        // A rule the editor cannot show (the last Friday, every hour…: `repeatRule` is nil) is kept as written.
        var form = PlanForm(plan: entry.plan, repeatRule: rule, repeatIsEditable: !isRepeating || rule != nil,
                            zone: document?.timeZone(uid: uid), calendar: store.calendar)
        form.reminders = document?.reminderMinutes(uid: uid) ?? []
        return form
    }

    private func openEditor(form: PlanForm, entry: PlanOnDay?) {
        editor?.close()
        let dialog = PlanEditorDialog(parent: feedback.dialogParent, form: form, calendars: writableCalendars,
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
        let uid = Self.newUID()
        // TRANSLATORS: a toast after a new plan was saved; %@ is its title.
        let summary = FormatterStrings.fill(L("“%@” added"), draft.title)
        let now = now()
        perform(summary, touching: [(calendarID, uid)]) { files in
            try files.modify(calendarID) { document in _ = try document.addEvent(draft, now: now, uid: uid) }
        }
        store.show(draft.timing.days(in: store.calendar).lowerBound)
    }

    /// The full editor for a new plan, starting from `form` (quick add's "More Options…").
    func newPlan(from form: PlanForm) {
        openEditor(form: form, entry: nil)
    }

    /// `inTurn`: false when the caller already waited its turn (`retime`).
    private func saveEdit(of entry: PlanOnDay, from original: PlanForm, to edited: PlanForm, inTurn: Bool = true) {
        let plan = entry.plan
        let calendar = store.calendar
        let now = now()
        let changes = edited.changes(from: original, calendar: store.calendar)
        let moves = edited.calendarID != plan.calendarID
        guard !changes.isEmpty || moves else { return }
        // TRANSLATORS: a toast after a plan was changed; %@ is its title.
        let summary = FormatterStrings.fill(L("“%@” changed"), edited.title)
        let repeatChanged = changes.contains { if case .repeatRule = $0 { true } else { false } }
        if plan.id.occurrence != nil, !repeatChanged, !moves {
            // One occurrence of a series: the user says which plans the change is for.
            return askScope(heading: L("Change a repeating plan"),
                            body: FormatterStrings.fill(L("“%@” repeats. Change only this occurrence, this and the following ones, or all of them?"),
                                                        plan.title),
                            destructive: false) { [weak self] scope in
                guard let self else { return }
                let now = self.now()
                // "This and following" splits the series: a new one, which Undo removes again.
                let newUID = Self.newUID()
                self.perform(summary, touching: [(plan.calendarID, plan.id.uid)]
                                + (scope == .following ? [(plan.calendarID, newUID)] : [])) { files in
                    try files.modify(plan.calendarID) { document in
                        switch scope {
                        case .onlyThis:
                            try document.updateOccurrence(plan.id, changes, now: now)
                        case .following:
                            try Self.changeFollowing(plan, changes, newUID: newUID, in: &document, calendar: calendar, now: now)
                        case .all:
                            try document.updateEvent(uid: plan.id.uid, Self.seriesChanges(changes, occurrence: plan,
                                                                                           document: document, calendar: calendar),
                                                     now: now)
                        }
                    }
                }
            }
        }
        let series = plan.id.occurrence != nil
        let target = edited.calendarID
        perform(summary, touching: [(plan.calendarID, plan.id.uid)] + (moves ? [(target, plan.id.uid)] : []),
                inTurn: inTurn) { files in
            if moves {
                // The plan's own text travels whole (alarms, attendees, X- properties), then changes.
                let source = try files.document(of: plan.calendarID)
                let snapshot = source.snapshot(uid: plan.id.uid)
                try files.modify(target) { document in
                    try document.restore(snapshot, now: now)
                    document.copyTimeZones(of: plan.id.uid, from: source)
                    let applied = series ? try Self.seriesChanges(changes, occurrence: plan, document: document,
                                                                  calendar: calendar) : changes
                    if !applied.isEmpty { try document.updateEvent(uid: plan.id.uid, applied, now: now) }
                }
                try files.modify(plan.calendarID) { document in try document.deleteEvent(uid: plan.id.uid) }
            } else {
                try files.modify(plan.calendarID) { document in
                    let applied = series ? try Self.seriesChanges(changes, occurrence: plan, document: document,
                                                                  calendar: calendar) : changes
                    try document.updateEvent(uid: plan.id.uid, applied, now: now)
                }
            }
        }
    }

    /// "All of them" after moving one occurrence: the series (`uid`, else the plan's) moves by
    /// as much. Runs on the save queue, against the document as saved last.
    nonisolated static func seriesChanges(_ changes: [PlanChange], occurrence plan: Plan, uid: String? = nil,
                                          document: CalendarDocument, calendar: Calendar) throws -> [PlanChange] {
        try changes.map { change in
            guard case let .timing(timing, zone) = change else { return change }
            guard let series = document.seriesTiming(uid: uid ?? plan.id.uid) else {
                throw ICalendarError(path: plan.calendarID.rawValue, problem: "has no readable start for “\(plan.title)”")
            }
            return .timing(SeriesTiming.moved(series, occurrence: plan.timing, to: timing, calendar: calendar),
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
                 body: FormatterStrings.fill(L("“%@” repeats. Delete only this occurrence, this and the following ones, or all of them?"),
                                             plan.title),
                 destructive: true) { [weak self] scope in
            guard let self else { return }
            let now = self.now()
            self.perform(summary, touching: [(plan.calendarID, plan.id.uid)]) { files in
                try files.modify(plan.calendarID) { document in
                    switch scope {
                    case .onlyThis:
                        try document.deleteOccurrence(plan.id, now: now)
                    case .following:
                        // From the first occurrence on, that is all of them.
                        if try !document.endSeries(before: plan.id, now: now) { try document.deleteEvent(uid: plan.id.uid) }
                    case .all:
                        try document.deleteEvent(uid: plan.id.uid)
                    }
                }
            }
        }
    }

    /// Asks "only this one, this and the following ones, or all of them"; Cancel does nothing.
    private func askScope(heading: String, body: String, destructive: Bool,
                          answer: @escaping @MainActor (SeriesScope) -> Void) {
        let dialog = MessageDialog(parent: feedback.dialogParent, heading: heading, body: body)
        dialog.addResponse("cancel", label: L("_Cancel"), isDefault: true)
        // TRANSLATORS: answers to "change/delete only this occurrence, this and the following ones, or all of them?"
        dialog.addResponse(SeriesScope.onlyThis.rawValue, label: L("_Only This One"))
        dialog.addResponse(SeriesScope.following.rawValue, label: L("This and _Following"))
        dialog.addResponse(SeriesScope.all.rawValue, label: L("_All of Them"))
        for scope in SeriesScope.allCases {
            dialog.setAppearance(destructive ? .destructive : .suggested, forResponse: scope.rawValue)
        }
        dialog.onResponse { [weak self] response in
            self?.question = nil
            if let scope = SeriesScope(rawValue: response) { answer(scope) }
        }
        question = dialog
        dialog.present()
    }
}
