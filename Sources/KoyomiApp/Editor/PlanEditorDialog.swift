import CalendarModel
import Foundation
import GtkKit

/// The dialog that creates or edits one plan: a modal window over the calendar window with
/// Cancel and Save in its header bar, the plan's fields, inline messages under invalid fields,
/// and, for a plan that exists, a Delete button.
///
/// It only edits a `PlanForm`; the owner saves (`onSave`) or deletes (`onDelete`). Save stays
/// insensitive while `PlanForm.validate` finds anything wrong. A typed field's message shows
/// only once the user has left that field or tried to save (Enter), never while they are still
/// typing it: a fresh editor does not open in red. The dialog keeps itself alive
/// while it is on screen, so the owner may drop it after `present()`; `onClosed` says when it is
/// gone (saved, deleted, cancelled, or destroyed with its parent).
@MainActor
final class PlanEditorDialog {
    let dialog: Dialog
    let fields: PlanEditorFields
    /// The form as the fields say now.
    private(set) var form: PlanForm
    /// What is wrong now, by field (empty when Save is enabled); only the `revealed` fields'
    /// messages are on screen.
    private(set) var errors: [PlanForm.Field: String] = [:]
    /// The fields whose messages show: chosen ones at once, typed ones once left (see the type).
    private(set) var revealed: Set<PlanForm.Field> = [.timeZone, .repeatRule]

    /// Called with the valid form when Save is pressed; the dialog then closes.
    var onSave: ((PlanForm) -> Void)?
    /// Called when Delete is pressed (existing plans only); the dialog then closes.
    var onDelete: (() -> Void)?
    /// Called once the window is gone, however it went.
    var onClosed: (() -> Void)?
    /// A new plan's reminders follow the chosen calendar's defaults while they are untouched.
    var defaultReminders: ((CalendarID) -> [Int])?

    private let calendar: Calendar
    private let userZone: TimeZone
    private let strings: PlanFormStrings
    /// Keeps the swatches' dark-style colours in step with the window's.
    private var darkStyle: SignalConnection?
    /// Holds the dialog while it is on screen (see the type's documentation).
    private var keepAlive: PlanEditorDialog?
    /// Times in the user's zone and locale (made when a plan in another zone first needs it).
    private lazy var userFormatter = CalendarFormatter(locale: calendar.locale ?? Locale(identifier: "en_US_POSIX"),
                                                       calendar: calendar, strings: Localization.formatterStrings())
    /// The last form whose dates and times were valid: a new start keeps its length.
    private var lastTimed: PlanForm?
    /// Set while the end fields are moved after the start, so that change is not read again.
    private var isMovingEnd = false

    /// - Parameters:
    ///   - parent: the calendar window; the dialog is modal and transient for it.
    ///   - form: the values to start from (`PlanForm(newOn:…)` or `PlanForm(plan:…)`).
    ///   - calendars: all calendars; the writable ones are offered.
    ///   - isNew: a new plan (no Delete button, "New Plan" title).
    ///   - userZone: the user's zone; a plan in another zone says which zone its times are in.
    ///   - firstWeekday: where the weekly repeat's day toggles start (1 = Sunday).
    ///   - calendar: the user's calendar (its locale names the weekdays; validation uses it).
    ///   - colors: the window's colour classes, for the calendar choices' swatches.
    init(parent: Window, form: PlanForm, calendars: [CalendarInfo], isNew: Bool, userZone: TimeZone,
         firstWeekday: Int, calendar: Calendar, colors: ColorClasses) {
        self.form = form
        self.calendar = calendar
        self.userZone = userZone
        strings = PlanEditorText.formStrings(dateExample: DateFieldFormat(locale: calendar.locale ?? Locale(identifier: "en_US_POSIX")).example)
        dialog = Dialog(transientFor: parent, title: isNew ? PlanEditorText.newTitle : PlanEditorText.editTitle,
                        cancelLabel: PlanEditorText.cancel, saveLabel: PlanEditorText.save)
        fields = PlanEditorFields(calendars: calendars, current: form.calendarID, isNew: isNew,
                                  calendar: calendar, firstWeekday: firstWeekday, colors: colors)
        darkStyle = ColorClasses.followDarkStyle(on: dialog)
        dialog.setContent(Self.layout(fields))
        dialog.setDefaultSize(width: 440, height: 720)

        fields.show(form)
        if !form.repeatIsEditable {
            // A rule the form cannot express stays as stored: shown, not editable.
            fields.repeatSection.root.isSensitive = false
            fields.repeatSection.root.tooltip = PlanEditorText.repeatNotEditable
        }
        fields.onChange = { [weak self] in self?.fieldsChanged() }
        fields.onLeft = { [weak self] field in self?.reveal([field]) }
        fields.onEnter = { [weak self] in self?.revealAll() }
        fields.connect { [weak self] in
            guard let self else { return nil }
            return self.fields.day(in: self.fields.startDateEntry)?.weekday
        }
        dialog.onSave { [weak self] in self?.save() }
        fields.deleteButton?.onClicked { [weak self] in self?.delete() }
        dialog.onClosed { [weak self] in self?.closed() }
        fieldsChanged()
    }

    /// Another calendar was chosen: reminders still at the old one's defaults take the new one's.
    private func followCalendarDefaults() {
        guard let defaultReminders, let index = fields.calendarDropDown.selectedIndex,
              fields.calendarChoices.indices.contains(index) else { return }
        let chosen = fields.calendarChoices[index].id
        guard chosen != form.calendarID, fields.remindersSection.minutes == defaultReminders(form.calendarID) else { return }
        fields.remindersSection.show(defaultReminders(chosen))
    }

    func present() {
        keepAlive = self
        dialog.present()
        fields.titleEntry.grabFocus()
    }

    /// Does what Save does: hands over the form if it is valid, then closes.
    func save() {
        revealAll()
        guard errors.isEmpty else { return }
        onSave?(form)
        dialog.close()
    }

    /// Does what Delete does (existing plans only).
    func delete() {
        guard fields.deleteButton != nil else { return }
        onDelete?()
        dialog.close()
    }

    /// Closes as Cancel does.
    func cancel() { dialog.cancel() }

    /// Closes without saving or reporting a cancel (e.g. the owner opens another editor).
    func close() { dialog.close() }

    private func reveal(_ more: Set<PlanForm.Field>) {
        guard !more.isSubset(of: revealed) else { return }
        revealed.formUnion(more)
        fields.showErrors(errors.filter { revealed.contains($0.key) })
    }

    /// The user tried to save: every problem shows, and the first one's field takes the focus.
    private func revealAll() {
        fieldsChanged()
        reveal(Set(PlanForm.Field.allCases))
        if let first = fields.typedFields.first(where: { errors[$0.1] != nil })?.0, first.isVisible {
            first.grabFocus()
        }
    }

    private func fieldsChanged() {
        followCalendarDefaults()
        guard !isMovingEnd else { return }
        fields.read(into: &form)
        if let before = lastTimed {
            let moved = form.keepingLength(of: before, calendar: calendar)
            if moved != form {
                form = moved
                isMovingEnd = true
                fields.endDateEntry.text = fields.dateFormat.shown(form.endDateText)
                fields.endTimeEntry.text = form.endTimeText
                isMovingEnd = false
            }
        }
        if form.timing(calendar: calendar) != nil { lastTimed = form }
        errors = form.validate(calendar: calendar, strings: strings)
        fields.showErrors(errors.filter { revealed.contains($0.key) })
        fields.syncPickers()
        fields.updateVisibility(allDay: form.isAllDay, zoneID: form.timeZoneID, userZone: userZone, yourTimes: yourTimes())
        dialog.isSaveEnabled = errors.isEmpty
    }

    /// The form's times in the user's zone ("4:00 PM – 5:00 PM"; with the days when they
    /// differ), while they are valid: a plan made in New York is also read in the user's time.
    private func yourTimes() -> String? {
        guard !form.timeZoneID.isEmpty, form.timeZoneID != userZone.identifier,
              let timing = form.timing(calendar: calendar), case .timed = timing else { return nil }
        return userFormatter.rangeText(for: Plan(id: Plan.ID(uid: "editor"), calendarID: form.calendarID, title: form.title,
                                             timing: timing))
    }

    /// The fields scroll; Delete sits in a bar below them, always in view however long the
    /// form grows (a repeating plan's fields pushed it below the fold).
    private static func layout(_ fields: PlanEditorFields) -> Widget {
        let scroller = ScrolledWindow(child: fields.root)
        guard let deleteButton = fields.deleteButton else { return scroller }
        let content = Box(.vertical)
        scroller.vexpand = true
        content.append(scroller)
        let bar = Box(.horizontal)
        bar.addCSSClass("editor-actions")
        bar.setMargins(top: 12, bottom: 12, start: 18, end: 18)
        deleteButton.halign = .start
        bar.append(deleteButton)
        content.append(bar)
        return content
    }

    private func closed() {
        darkStyle?.disconnect()
        onClosed?()
        keepAlive = nil
    }
}
